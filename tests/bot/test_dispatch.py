"""The dispatcher runs everything in the event loop: aiogram hands any handler or filter that is not a
coroutine (a bare `F…` among them) to a worker thread, a thread switch on every update it sees."""

from aiogram import Dispatcher, Router

from tgbot.app import create_app
from tgbot.config import Settings
from tgbot.sandbox.faketg import FakeSession, World


def _routers(router: Router) -> list[Router]:
    return [router, *(r for sub in router.sub_routers for r in _routers(sub))]


async def test_every_handler_and_filter_is_a_coroutine(tmp_path):
    world = World()
    app = await create_app(Settings(bot_token="42:TEST", database_path=tmp_path / "bot.sqlite3"),
                           session=FakeSession(world), bot_username=world.bot.username)
    try:
        dp: Dispatcher = app.dp
        in_threads = []
        for router in _routers(dp):
            for name, observer in router.observers.items():
                for flt in observer._handler.filters or []:
                    if not flt.awaitable:
                        in_threads.append(f"{router.name}.{name} filter {flt.callback}")
                for handler in observer.handlers:
                    if not handler.awaitable:
                        in_threads.append(f"{router.name}.{name} handler {handler.callback}")
                    for flt in handler.filters or []:
                        if not flt.awaitable:
                            in_threads.append(f"{router.name}.{name} filter {flt.callback}")
        assert not in_threads, "\n".join(in_threads)
    finally:
        await app.shutdown()
