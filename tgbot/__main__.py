"""`python -m tgbot` — run the bot (settings from the environment or .env; see README)."""

from tgbot.run import main

if __name__ == "__main__":
    main()
