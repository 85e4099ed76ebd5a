"""A throwaway PostgreSQL cluster for the test session: initdb into a temporary folder, started on a free
loopback port, removed at the end. PostgreSQL refuses to run as root (CI runs as root): then the cluster
belongs to the unprivileged system user `postgres` (created if missing) and runs through `runuser`."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

USER = "postgres"
MISSING = ("PostgreSQL's server binaries (initdb, pg_ctl) are missing: install them (Debian: apt-get install "
           "postgresql) or point PG_BIN at their folder. The storage and e2e suites run on PostgreSQL too.")


def server_bin() -> Path:
    """The folder of initdb and pg_ctl: PG_BIN, Debian's newest /usr/lib/postgresql/<v>/bin, or the PATH."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if debian:
        return debian[-1].parent
    found = shutil.which("initdb")
    if found is None:
        raise FileNotFoundError(MISSING)
    return Path(found).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner() -> list[str]:
    """The command prefix that runs PostgreSQL as an unprivileged user (nothing when we are not root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER], check=True)
    return ["runuser", "-u", USER, "--"]


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """A running cluster; yields its URL without a database name (append one: `…/postgres`)."""
    bin_dir = server_bin()
    if not (bin_dir / "initdb").exists() or not (bin_dir / "pg_ctl").exists():
        raise FileNotFoundError(MISSING + f" (looked in {bin_dir})")
    prefix = _as_owner()
    base = Path(tempfile.mkdtemp(prefix="pgtest-"))
    if prefix:
        shutil.chown(base, USER, USER)
    data, port = base / "data", _free_port()
    options = (f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
               " -c full_page_writes=off -c max_connections=200")
    try:
        _run([*prefix, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
              "-E", "UTF8", "--locale=C", "--no-sync"])
        _run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-o", options, "-w", "start"])
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}"
        finally:
            subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                           capture_output=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
