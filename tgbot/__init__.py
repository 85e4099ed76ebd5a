"""The Telegram side of the bot (aiogram 3). It drives the engine only through engine.core.api."""
