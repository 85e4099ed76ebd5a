"""aiogram routers, one per conversation area."""
