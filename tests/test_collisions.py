"""psa-toolkit must not break other projects that use the same common top-level names.

The design fixes the names theory, certificates, montecarlo and cli; the pytest plugin
is registered under the distribution-unique module ``psa_toolkit_pytest`` and imports
none of them at load time.  A project with its own packages of those names runs pytest
in the same interpreter (where psa-toolkit is installed) and passes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points

import pytest


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))


def _env():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("PYTEST_ADDOPTS", None)
    return env


def test_plugin_entry_point_is_distribution_unique():
    eps = [ep for ep in entry_points(group="pytest11") if ep.name == "psa_certificates"]
    assert eps, "psa-toolkit's pytest11 entry point is not installed"
    assert eps[0].value == "psa_toolkit_pytest"


def test_plugin_load_imports_no_common_name():
    code = (
        "import sys, psa_toolkit_pytest; "
        "print(sorted(n for n in ('certificates', 'theory', 'montecarlo', 'cli') if n in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(), cwd="/")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("runner", ["module", "with_conftest"])
def test_project_with_same_package_names_runs_pytest(tmp_path, runner):
    for pkg in ("certificates", "theory", "montecarlo"):
        _write(tmp_path / pkg / "__init__.py", f'NAME = "user {pkg}"\n')
    _write(tmp_path / "certificates" / "pytest_plugin.py", "raise ImportError('not the toolkit')\n")
    _write(tmp_path / "cli.py", 'def main():\n    return "user cli"\n')
    _write(
        tmp_path / "tests" / "test_user.py",
        """
        import certificates, cli, montecarlo, theory

        def test_own_packages():
            assert certificates.NAME == "user certificates"
            assert theory.NAME == "user theory" and montecarlo.NAME == "user montecarlo"
            assert cli.main() == "user cli"
        """,
    )
    if runner == "with_conftest":
        _write(tmp_path / "conftest.py", "import certificates  # the project's own\n")
    # psa-toolkit's plugin loads as installed; Hypothesis' and pytest-benchmark's (other
    # distributions', unrelated to these names, where installed) are left out: Hypothesis' imports all
    # of Hypothesis for its summary, a second of CPU, pytest-benchmark's 0.05 s
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:hypothesispytest",
            "-p",
            "no:benchmark",
            "tests",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(),
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout
