"""Headless Chromium for the report's rendering tests (one place for finding and launching it)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Optional


def chromium() -> Optional[str]:
    """The Chromium (or Chrome) executable on PATH, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chrome(tmp_path: Path, *args: str, text: bool = True) -> subprocess.CompletedProcess:
    """Run headless Chromium with ``args``, in its own profile and HOME under ``tmp_path``."""
    exe = chromium()
    assert exe is not None, "no chromium installed"
    base = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    base.append(f"--user-data-dir={tmp_path / 'profile'}")
    env = dict(os.environ, HOME=str(tmp_path))
    return subprocess.run(base + list(args), capture_output=True, text=text, timeout=120, env=env)
