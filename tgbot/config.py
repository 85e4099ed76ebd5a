"""Settings from the environment and a `.env` file (pydantic-settings)."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr
    telegram_api_url: str | None = None  # a Bot API server (a local one, or our fake); None: Telegram
    database_path: Path = Path("data/runtime/bot.sqlite3")
    timezone: str = "Europe/Moscow"
    default_locale: str = "ru"
    log_level: str = "INFO"
    log_json: bool = False
    admins: list[int] = []  # user ids allowed to steer any game, besides its master
    webhook_url: str | None = None  # set to run in webhook mode instead of long polling
    webhook_secret: SecretStr | None = None
    webhook_host: str = "127.0.0.1"
    webhook_port: int = 8080

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not re.fullmatch(r"\d+:[\w-]+", value.get_secret_value()):
            raise ValueError("BOT_TOKEN must look like 123456:ABC-DEF… (the token @BotFather gave you)")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _secret_shape(cls, value: SecretStr | None) -> SecretStr | None:
        secret = value.get_secret_value() if value is not None else ""
        if secret and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
            raise ValueError("WEBHOOK_SECRET must be 1-256 characters A-Z, a-z, 0-9, _ and - (Telegram's rule)")
        return value

    @field_validator("default_locale")
    @classmethod
    def _known_locale(cls, value: str) -> str:
        if value not in ("ru", "en"):
            raise ValueError("DEFAULT_LOCALE must be ru or en")
        return value


def load_settings() -> Settings:
    """The settings, or a clear message and exit when BOT_TOKEN is missing."""
    from pydantic import ValidationError

    try:
        return Settings()
    except ValidationError as exc:
        missing = [".".join(map(str, e["loc"])) for e in exc.errors() if e["type"] == "missing"]
        if "bot_token" in missing or any(e["loc"] == ("bot_token",) for e in exc.errors()):
            raise SystemExit(
                "BOT_TOKEN is not set. Create a bot with @BotFather and put BOT_TOKEN=<token> in the "
                "environment or in a .env file (see README).\n"
                "BOT_TOKEN не задан: создайте бота у @BotFather и укажите BOT_TOKEN=<токен> в окружении "
                "или в файле .env (см. README)."
            ) from None
        raise SystemExit(f"Bad settings: {exc}") from None
