"""The example third-party pack of the documentation (docs/example_pack) works as documented.

docs/packs.rst includes ``docs/example_pack/mypaper_certs.py`` and the test functions below
(``literalinclude :pyobject:``), so what the page shows is what runs here.  Runs in the default
tier (about a second).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from certificates import Registry, Status, load_registry, run_all
from certificates import registry as registry_module
from certificates.claims import claim_parameters, perturbations, setting_parameters

ROOT = Path(__file__).resolve().parent.parent
PACK_DIR = ROOT / "docs" / "example_pack"


@pytest.fixture(scope="module")
def mypaper_certs():
    spec = importlib.util.spec_from_file_location("mypaper_certs", PACK_DIR / "mypaper_certs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_runner_verdicts(mypaper_certs):
    certs = mypaper_certs.load()
    results = run_all(certs)  # in this process, one after the other
    assert [r.status for r in results] == [Status.PASS] * 3 + [Status.FAIL, Status.PASS, Status.NOT_CHECKABLE]
    failed = results[3]
    assert failed.certificate.id == "mypaper:sec3" and failed.severity == "minor"
    assert "25.424431" in failed.detail and failed.expected == "25.5"
    assert Registry(certs).get("MYPAPER:EQ1").title == "The shear is unimodular"  # ids are case-insensitive


def test_claims_are_live(mypaper_certs):
    certs = mypaper_certs.load()
    results = run_all(certs)
    for cert, result in zip(certs, results):
        if result.status is not Status.PASS:
            continue
        claims = claim_parameters(cert)
        assert claims, f"{cert.id} has no claim to perturb"
        for name, claim in claims.items():
            wrongs = perturbations(claim)
            assert wrongs, (cert.id, name)
            for label, wrong in wrongs:
                assert cert.check(**{name: wrong}).status is Status.FAIL, (cert.id, name, label)
    # the converse for a FAIL: the recomputed value, fed as the claim, passes
    assert certs[3].check(printed="25.4").status is Status.PASS
    # settings (keyword-only) are not claims
    assert setting_parameters(certs[2]) == {"T": 15} and claim_parameters(certs[2]) == {"printed": "21.1"}


def test_loaded_as_a_pack(mypaper_certs, monkeypatch):
    """load_registry finds the pack by name through the same loader an entry point gives."""
    found = registry_module.available_packs()
    monkeypatch.setattr(registry_module, "available_packs", lambda: {**found, "mypaper": lambda: mypaper_certs.load})
    reg = load_registry("mypaper")
    assert [c.id for c in reg][:2] == ["mypaper:eq1", "mypaper:eq2"] and len(reg) == 6


def test_psa_cert_runs_the_installed_entry_point(tmp_path):
    """An entry point on sys.path (a dist-info folder, no virtual environment) makes it a psa-cert pack."""
    dist = tmp_path / "mypaper_certs-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mypaper-certs\nVersion: 0.1.0\n")
    (dist / "entry_points.txt").write_text("[psa_toolkit.certificate_packs]\nmypaper = mypaper_certs:load\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(PACK_DIR), str(tmp_path)]))
    cmd = [sys.executable, "-c", "import cli; cli.cert_entry()", "run", "--pack", "mypaper", "--json", "--jobs", "1"]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert proc.returncode == 1, proc.stderr  # a FAIL: exit 1
    doc = json.loads(proc.stdout)
    rows = {r["id"]: (r["status"], r["severity"]) for r in doc["certificates"]}
    assert rows == {
        "mypaper:eq1": ("PASS", None),
        "mypaper:eq2": ("PASS", None),
        "mypaper:table1": ("PASS", None),
        "mypaper:sec3": ("FAIL", "minor"),
        "mypaper:sec4": ("PASS", None),
        "mypaper:sec5": ("NOT-CHECKABLE", None),
    }
    assert (doc["passed"], doc["failed"], doc["errors"], doc["not_checkable"]) == (4, 1, 0, 1)


def test_the_example_pack_s_sympy_is_imported_before_its_probe(monkeypatch):
    """psa-cert imports the SymPy the example pack imports before probing the pack, not in the probe
    and again after it (certificates.registry.shared_imports, read from the source)."""
    monkeypatch.syspath_prepend(str(PACK_DIR))
    assert registry_module.shared_imports("mypaper_certs") == ["sympy"]
