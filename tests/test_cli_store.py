"""The CLI wiring of the signed result store (issue 18): --trust-store, an unusable key, and the
rigorous exact command."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def _run(args, env_extra=None, tmp_path=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "-c", "import cli; cli.cert_entry()", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )


@pytest.mark.parametrize("bad", ["symlink", "world-readable"])
def test_unusable_store_key_is_one_line_exit_2_before_monte_carlo(tmp_path, bad):
    cfg = tmp_path / "cfg"
    (cfg / "psa-toolkit").mkdir(parents=True)
    key = cfg / "psa-toolkit" / "store.key"
    if bad == "symlink":
        target = tmp_path / "elsewhere.key"
        target.write_text("0" * 64)
        os.chmod(target, 0o600)
        key.symlink_to(target)
    else:
        key.write_text("0" * 64)
        os.chmod(key, 0o644)
    full_env = dict(os.environ, XDG_CONFIG_HOME=str(cfg))
    full_env.pop("PSA_TOOLKIT_STORE_KEY", None)
    out = subprocess.run(
        [sys.executable, "-c", "import cli; cli.cert_entry()", "run", "--only", "C8", "--jobs", "1", "--no-save"],
        capture_output=True,
        text=True,
        env=full_env,
    )
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("psa-cert: ") and "Traceback" not in out.stderr
    assert out.stdout == ""


def test_trust_store_names_the_store_once_and_the_environment_alone_trusts_nothing(tmp_path):
    base = ["run", "--only", "C8,rem70.mc", "--jobs", "1", "--no-save"]
    trusted = _run([*base, "--trust-store"])
    assert trusted.returncode in (0, 1), trusted.stderr
    notices = [ln for ln in trusted.stderr.splitlines() if "trust" in ln.lower()]
    assert len(notices) == 1, trusted.stderr
    # the variable the flag sets for the workers does nothing without the flag
    plain = _run(base, {"PSA_TOOLKIT_TRUST_STORE": "1"})
    assert plain.returncode in (0, 1), plain.stderr
    assert not [ln for ln in plain.stderr.splitlines() if "trust" in ln.lower()]


def test_exact_rigorous_json_encloses_its_own_float_values(capsys):
    import cli

    argv = ["exact", "--dk", "16", "--T", "12", "--chance", "m+1", "--grid", "9", "--continuous", "--rigorous"]
    assert cli.mc_main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    lo, hi = doc["gamma_c_continuous_enclosure"]
    assert lo <= doc["gamma_c_continuous"] <= hi and 0 < hi - lo <= 1e-6
    glo, ghi = doc["gamma_c_enclosure"]
    assert glo <= doc["gamma_c"] <= ghi
    for (a_lo, a_hi), a in zip(doc["curve_enclosure"], doc["curve"]["A"]):
        assert a_lo <= a <= a_hi
    assert doc["rigorous"]["contains_float"] == {"continuous": True, "grid": True}
    assert cli.mc_main(argv) == 0
    text = capsys.readouterr().out
    assert "enclosure (continuous)" in text and "enclosure time" in text
