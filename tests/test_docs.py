"""The documentation builds with warnings as errors, and its API reference is complete (slow tier).

Builds ``docs/`` into a temporary folder with ``python -m sphinx -W --keep-going -b html`` (the
command of docs/index.rst), then checks that every public name of :mod:`theory.laws`,
:mod:`theory.laws.symbolic`, :mod:`montecarlo` and :mod:`certificates` (their ``__all__``) has an
entry in the built API pages, and that the CLI reference has a section for every sub-command of
both parsers.  Run with ``python -m pytest -m slow`` (or ``--run-slow``).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("numpydoc")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs-html")
    doctrees = tmp_path_factory.mktemp("docs-doctrees")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-d", str(doctrees), str(DOCS), str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, f"sphinx failed (exit {proc.returncode}):\n{proc.stderr[-6000:]}"
    return out


def _ids(page: Path) -> set[str]:
    return {html.unescape(m) for m in re.findall(r'id="([^"]+)"', page.read_text(encoding="utf-8"))}


def _documented(ids: set[str], module: str, name: str) -> bool:
    """An object description (``id="module.name"``) or, for a submodule, its module target."""
    return f"{module}.{name}" in ids or f"module-{module}.{name}" in ids


def test_docs_build_and_pages(built):
    for page in (
        "index",
        "tour",
        "conventions",
        "certificates",
        "findings",
        "reproducing",
        "sweeps",
        "packs",
        "gpu",
        "performance",
        "cli",
        "api/laws",
        "api/montecarlo",
        "api/certificates",
    ):
        assert (built / f"{page}.html").is_file(), page


@pytest.mark.parametrize(
    "module, page",
    [
        ("theory.laws", "api/laws"),
        ("theory.laws.symbolic", "api/laws"),
        ("montecarlo", "api/montecarlo"),
        ("certificates", "api/certificates"),
    ],
)
def test_every_public_name_is_in_the_api_reference(built, module, page):
    import importlib

    names = list(importlib.import_module(module).__all__)
    assert names
    ids = _ids(built / f"{page}.html")
    missing = [n for n in names if not _documented(ids, module, n)]
    assert not missing, f"{module}: not in {page}.html: {missing}"


def test_cli_reference_has_every_subcommand(built):
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from cli_reference import subcommands

        import cli
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    ids = _ids(built / "cli.html")
    for builder in (cli._cert_parser, cli._mc_parser):
        subs = subcommands(builder())
        assert subs
        for name, _help, parser in subs:
            assert parser.prog.replace(" ", "-") in ids, parser.prog
