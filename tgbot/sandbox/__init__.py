"""The sandbox: the real bot (routers, SQLite storage, deadlines) against the in-process fake Telegram
(`tgbot.sandbox.faketg`), with a web page to watch and play it — no token, no network (`python -m tgbot sandbox`)."""
