"""A throwaway PostgreSQL cluster for the store tests (the binaries from Debian's package)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path


def pg_bin() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def run_as_postgres() -> list[str]:
    """PostgreSQL refuses to run as root: run it as the ``postgres`` user then."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
    return ["runuser", "-u", "postgres", "--"]


@dataclass
class PostgresCluster:
    """A throwaway PostgreSQL cluster of one test, to stop and start again (an outage)."""

    bindir: Path
    run_as: list[str]
    base: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@/postgres?host={self.base}&port={self.port}"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.base} -c listen_addresses='' -c fsync=off"
        self._ctl("-l", str(self.base / "log"), "-w", "-o", options, "start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "-w", "stop")

    def _ctl(self, *args: str) -> None:
        command = [*self.run_as, str(self.bindir / "pg_ctl"), "-D", str(self.base / "data")]
        subprocess.run([*command, *args], check=True, capture_output=True)
