"""Fixtures every suite may use: `database`, one storage back end per parameter (SQLite, PostgreSQL)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import postgres_cluster

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One throwaway PostgreSQL cluster for the session (a test asking for it FAILS when PostgreSQL is missing)."""
    try:
        with postgres_cluster.cluster() as url:
            yield url
    except FileNotFoundError as missing:
        pytest.fail(str(missing))


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's bot stores: a fresh SQLite file, or a fresh database on the session's PostgreSQL."""
    if request.param == "sqlite":
        return tmp_path / "data" / "bot.sqlite3"
    import asyncpg

    server = request.getfixturevalue("postgres_server")
    name = f"test_{next(_numbers)}"
    admin = await asyncpg.connect(f"{server}/postgres")
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return f"{server}/{name}"
