"""The master's /set without a value: every option with its value and meaning, or one option explained."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tgbot.i18n import t
from tgbot.services.options import DEFAULTS


def shown(value: Any, lang: str) -> str:
    """An option's value as the master types it back: on/off, minutes, a clock time."""
    if value is None or value is False or value == []:
        return t(lang, "ui.off")
    if value is True:
        return t(lang, "ui.on")
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def settings_text(game_id: int, options: dict[str, Any], lang: str,
                  own: Mapping[str, tuple[str, ...]] | None = None) -> str:
    """Every option (and the game's rule set's own, `own`), its current value and a one-line meaning, and how
    to change one (HTML). A rule set's own setting not given shows its first value, the rule set's default."""
    lines = [t(lang, "master.settings_header", game=game_id)]
    lines += [t(lang, "master.setting_line", key=key, value=shown(options[key], lang), about=t(lang, f"setting.{key}"))
              for key in DEFAULTS]
    lines += [t(lang, "master.setting_line", key=key, value=shown(options.get(key, values[0]), lang),
                about=t(lang, f"setting.{key}")) for key, values in (own or {}).items()]
    lines.append(t(lang, "master.settings_how"))
    return "\n".join(lines)


def setting_help(key: str, value: Any, lang: str, own: tuple[str, ...] | None = None) -> str:
    """One option: its value, what it means and what it takes (HTML); `own`: a rule set's setting's values
    (the first its default)."""
    if own is not None:
        value = own[0] if value is None else value
    return t(lang, "master.setting_help", key=key, value=shown(value, lang), about=t(lang, f"setting.{key}"),
             values=t(lang, f"setting_values.{key}"))
