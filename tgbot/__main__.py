"""`python -m tgbot` — run the bot (settings from the environment or .env; see README)."""

from tgbot.config import load_settings

if __name__ == "__main__":
    settings = load_settings()  # a missing or malformed setting is told at once, before the bot's imports
    from tgbot.run import main

    main(settings)
