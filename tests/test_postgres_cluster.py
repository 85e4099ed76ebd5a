"""The throwaway PostgreSQL of the test session (tests/postgres_cluster.py)."""

import pytest

from tests import postgres_cluster


def test_postgres_cluster_without_its_binaries_fails_with_a_clear_message(monkeypatch, tmp_path):
    monkeypatch.setenv("PG_BIN", str(tmp_path))  # a folder without initdb
    with pytest.raises(FileNotFoundError, match=r"apt-get install postgresql"), postgres_cluster.cluster():
        pass


async def test_postgres_cluster_answers_as_postgresql(postgres_server):
    import asyncpg

    conn = await asyncpg.connect(f"{postgres_server}/postgres")
    try:
        assert int(await conn.fetchval("SHOW server_version_num")) >= 150000
        assert await conn.fetchval("SHOW fsync") == "off"  # a throwaway: fast, nothing kept
    finally:
        await conn.close()
