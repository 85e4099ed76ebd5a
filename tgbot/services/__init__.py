"""Services: the game logic of the bot, between Telegram handlers and the engine + storage."""
