"""Settings for every test: solved data (the optimal bot's policies, the fast path's
move help) is kept in a folder of this run's own, not in the user's cache folder."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if "RACERBILE_CACHE_DIR" in os.environ:  # set by the caller, or by the run's main process
        return
    folder = tempfile.mkdtemp(prefix="racerbile-solved-")
    os.environ["RACERBILE_CACHE_DIR"] = folder  # the workers and servers started inherit it
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
