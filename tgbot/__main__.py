"""`python -m tgbot` — run the bot (settings from the environment or .env; see README);
`python -m tgbot sandbox` — the bot in a browser against a Telegram of its own (no token needed)."""

import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["sandbox"]:
        from tgbot.sandbox.cli import main as sandbox

        sandbox(sys.argv[2:])
    else:
        from tgbot.config import load_settings

        settings = load_settings()  # a missing or malformed setting is told at once, before the bot's imports
        from tgbot.run import main

        main(settings)
