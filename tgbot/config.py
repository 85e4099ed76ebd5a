"""Settings from the environment and a `.env` file (pydantic-settings)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr
    telegram_api_url: str | None = None  # a Bot API server (a local one, or our fake); None: Telegram
    database_path: Path = Path("data/runtime/bot.sqlite3")
    database_url: str | None = None  # postgresql://user:password@host/db: PostgreSQL instead of the SQLite file
    timezone: str = "Europe/Moscow"
    default_locale: str = "ru"
    log_level: str = "INFO"
    log_json: bool = False
    admins: list[int] = []  # user ids allowed to steer any game, besides its master
    webhook_url: str | None = None  # set to run in webhook mode instead of long polling
    webhook_secret: SecretStr | None = None
    webhook_host: str = "127.0.0.1"
    webhook_port: int = 8080
    redis_url: str | None = None  # set to share the FSM, the pacing and the leadership with other instances

    @field_validator("redis_url")
    @classmethod
    def _redis_url_shape(cls, value: str | None) -> str | None:
        if value and not re.fullmatch(r"(rediss?://\S+|unix://\S+)", value):
            raise ValueError(f"REDIS_URL is malformed ({value!r}): it must look like redis://127.0.0.1:6379/0")
        return value or None

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not re.fullmatch(r"\d+:[A-Za-z0-9_-]+", value.get_secret_value()):
            raise ValueError("BOT_TOKEN is malformed: it must look like 123456:ABC-DEF… (the token @BotFather gave you)")
        return value

    @field_validator("telegram_api_url")
    @classmethod
    def _api_url_shape(cls, value: str | None) -> str | None:
        if value and not re.fullmatch(r"https?://[^\s/]+(/\S*)?", value):
            raise ValueError(f"TELEGRAM_API_URL is malformed ({value!r}): it must look like http://127.0.0.1:8081")
        return value.rstrip("/") if value else value

    @field_validator("database_url")
    @classmethod
    def _database_url_shape(cls, value: str | None) -> str | None:
        if value and not re.fullmatch(r"postgres(ql)?://\S+", value):
            raise ValueError(f"DATABASE_URL must look like postgresql://user:password@host:5432/dbname (not {value!r}); "
                             "leave it unset to use the SQLite file DATABASE_PATH")
        return value or None

    @property
    def database(self) -> str | Path:
        """Where the bot stores: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.database_path

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
    """The settings, or one clear line and exit when one is missing or malformed."""
    from pydantic import ValidationError

    try:
        return Settings()
    except ValidationError as exc:
        errors = exc.errors()
        if any(e["loc"] == ("bot_token",) and (e["type"] == "missing" or e.get("input") == "") for e in errors):
            raise SystemExit(
                "BOT_TOKEN is not set: create a bot with @BotFather and put BOT_TOKEN=123456:ABC-DEF… (its token) "
                "in the environment or in a .env file (see README). / BOT_TOKEN не задан: создайте бота у @BotFather "
                "и укажите его токен в BOT_TOKEN в окружении или в файле .env (см. README)."
            ) from None
        raise SystemExit("Bad settings: " + "; ".join(_problem(e) for e in errors)) from None


def _problem(error: Any) -> str:
    """One setting's problem, named as in the environment."""
    name = ".".join(map(str, error["loc"])).upper()
    message = str(error["msg"]).removeprefix("Value error, ")
    return message if message.startswith(name) else f"{name}: {message}"
