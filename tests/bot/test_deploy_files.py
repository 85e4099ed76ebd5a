"""The deployment files (docs/deploy.md) name only settings the bot has and the webhook's real path."""

from __future__ import annotations

import re
from pathlib import Path

from tgbot.config import Settings
from tgbot.run import WEBHOOK_PATH

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SETTINGS = {name.upper() for name in Settings.model_fields}


def test_the_compose_file_gives_the_bot_only_settings_it_has_and_scales_it_to_three() -> None:
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    bot = text.split("x-bot: &bot", 1)[1].split("\nservices:", 1)[0]
    given = set(re.findall(r"^    ([A-Z_]+):", bot, flags=re.M))
    assert {"BOT_TOKEN", "DATABASE_URL", "REDIS_URL", "WEBHOOK_URL", "WEBHOOK_SECRET"} <= given
    assert given <= SETTINGS, f"not settings of the bot: {given - SETTINGS}"
    assert len(re.findall(r"^  bot\d+: \*bot$", text, flags=re.M)) == 3


def test_the_reverse_proxy_spreads_the_webhook_path_over_every_instance() -> None:
    caddy = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    compose = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    instances = re.findall(r"^  (bot\d+): \*bot$", compose, flags=re.M)
    line = next(line for line in caddy.splitlines() if "reverse_proxy" in line)
    assert f"reverse_proxy {WEBHOOK_PATH} " in line
    assert [f"{bot}:8080" for bot in instances] == line.split()[2:2 + len(instances)]


def test_the_systemd_unit_runs_the_single_process_on_sqlite() -> None:
    unit = (DEPLOY / "mafik-bot.service").read_text(encoding="utf-8")
    assert "ExecStart=/var/lib/mafik-bot/app/.venv/bin/python -m tgbot" in unit
    named = set(re.findall(r"^Environment=([A-Z_]+)=", unit, flags=re.M))
    assert named == {"DATABASE_PATH"} and named <= SETTINGS
