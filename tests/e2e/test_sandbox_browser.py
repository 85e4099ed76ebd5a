"""A real browser plays a short Микромафик game in the sandbox: headless Chromium (Debian's package at
/usr/bin/chromium, driven by Playwright for Python) on the page of a real `python -m tgbot sandbox`
process, clicking the buttons the bot sends. Without Chromium or Playwright this test FAILS, saying what
to install (CI installs both: .ci/run)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MAX_PHASES = 30


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def sandbox_url(tmp_path: Path) -> Iterator[str]:
    """A `python -m tgbot sandbox` process on a free port; its URL once it serves."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tgbot", "sandbox", "--port", str(port), "--data", str(tmp_path)],
                               cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "Sandbox: open http://…" once it listens
        assert line.startswith("Sandbox: open "), f"the sandbox did not start: {line}{process.stdout.read()[-3000:]}"
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def browser_tools() -> Any:
    """Playwright's sync API, failing (never skipping) with what to install when the tools are missing."""
    if not CHROMIUM.exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright for Python is missing: pip install playwright (never `playwright install`: "
                    "the test uses the system's Chromium)")
    return sync_playwright


def my_column(page: Any) -> Any:
    return page.locator("section.chat.mine")


def public_text(page: Any) -> str:
    return str(page.locator("section.chat", has=page.locator("h2", has_text=re.compile("^Игра$"))).inner_text())


def test_a_short_micromafik_game_played_in_a_real_browser(sandbox_url):
    sync_playwright = browser_tools()
    started = time.monotonic()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1600, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(sandbox_url)
            page.select_option("#ruleset", "micromafik")
            page.fill("#seats", "6")
            page.select_option("#seat", "0")
            page.click("#start")
            mine = my_column(page)
            mine.locator("h2", has_text="Личка: Игрок 1 (я)").wait_for(timeout=20_000)
            assert mine.locator(".msg b").count() > 0, "the bot's HTML formatting is shown"

            # Typing as me: the bot answers in my private chat.
            mine.locator("form.compose input").fill("/help")
            mine.locator("form.compose button").click()
            mine.locator(".msg", has_text="Игрокам").first.wait_for(timeout=10_000)

            # My deck: the bot's own buttons, pressed until the deck is complete.
            for _ in range(12):
                screen = mine.locator(".msg", has=page.locator(".kb button")).last
                if "Сбор колод" not in screen.inner_text() or "Колода собрана" in mine.inner_text():
                    break
                auto = screen.locator("button", has_text="Собрать автоматически")
                (auto if auto.count() else screen.locator(".kb button").first).click()
                page.wait_for_timeout(300)
            mine.locator(".msg", has_text="Колода собрана").first.wait_for(timeout=10_000)

            # Phases: a vote by button when the panel offers one, then the clock to the deadline.
            voted = False
            for _ in range(MAX_PHASES):
                if "Игра окончена" in public_text(page):
                    break
                vote = mine.locator(".kb button", has_text="Голос")
                if vote.count():
                    vote.last.click()
                    page.wait_for_timeout(300)
                    targets = mine.locator(".msg").last.locator(".kb button", has_text="Персонаж")
                    if targets.count():
                        targets.first.click()
                        voted = True
                page.click("#clock")
                page.wait_for_timeout(700)
            assert "Игра окончена" in public_text(page), "the game did not end"
            assert voted, "no vote was cast through the page's buttons"

            # The replay: the finished game phase by phase, the slider moved to its last phase.
            page.click("#replay")
            page.locator("#replay-view.open").wait_for(timeout=5_000)
            assert "Ваша тайная роль" in page.locator("#replay-cols section", has_text="Персонаж 1").first.inner_text()
            last = page.eval_on_selector("#phase", "el => el.max")
            page.eval_on_selector("#phase", f"el => {{ el.value = '{last}'; el.dispatchEvent(new Event('input')); }}")
            assert "Игра окончена" in page.locator("#replay-cols section").first.inner_text()
            page.click("#replay-close")

            # Switching who I am: Игрок 2's private chat becomes mine.
            page.select_option("#me", label="Игрок 2")
            my_column(page).locator("h2", has_text="Личка: Игрок 2 (я)").wait_for(timeout=5_000)
            assert not errors, errors
        finally:
            browser.close()
    assert time.monotonic() - started < 90


def test_without_chromium_the_browser_test_fails_saying_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", tmp_path / "no-chromium")
    with pytest.raises(pytest.fail.Exception, match=r"apt-get install chromium"):
        browser_tools()


def test_without_playwright_the_browser_test_fails_saying_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)  # the import fails as if it were not installed
    with pytest.raises(pytest.fail.Exception, match=r"pip install playwright"):
        browser_tools()
