"""The CLI wiring of the signed result store (issue 18): --trust-store, an unusable key, and the
rigorous exact command.

Each command runs in this process (``cli.cert_main``), its checks in worker processes forked from
it, as in ``psa-cert``: what is checked is the exit code and what the run prints, not the start-up of
an interpreter (the installed entry points have their own tests in test_cli.py).  Whatever the run
writes on descriptor 2 -- the parent's lines and its workers' -- is read with ``capfd``.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

import cli
from montecarlo import storekey


@pytest.mark.parametrize("bad", ["symlink", "world-readable"])
def test_unusable_store_key_is_one_line_exit_2_before_monte_carlo(tmp_path, bad, monkeypatch, capfd):
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
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    monkeypatch.delenv("PSA_TOOLKIT_STORE_KEY", raising=False)
    code = cli.cert_main(["run", "--only", "C8", "--jobs", "1", "--no-save"])
    out = capfd.readouterr()
    assert code == 2, out.err
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("psa-cert: ") and "Traceback" not in out.err
    assert out.out == ""


def _run_trust(argv, monkeypatch, capfd):
    """``psa-cert`` with ``argv`` in this process, as in a new one: no store announced yet as trusted
    (the notice is printed once per process and store).  (exit code, stderr of the run and its workers)."""
    monkeypatch.setattr(storekey, "_ANNOUNCED", set())
    capfd.readouterr()
    code = cli.cert_main(argv)
    return code, capfd.readouterr().err


def test_trust_store_names_the_store_once_and_the_environment_alone_trusts_nothing(monkeypatch, capfd):
    base = ["run", "--only", "C8,rem70.mc", "--jobs", "1", "--no-save"]
    code, err = _run_trust([*base, "--trust-store"], monkeypatch, capfd)
    assert code in (0, 1), err
    notices = [ln for ln in err.splitlines() if "trust" in ln.lower()]
    assert len(notices) == 1, err
    assert os.environ.get(storekey.ENV_TRUST) is None  # the flag's variable is gone after the run
    # the variable the flag sets for the workers does nothing without the flag
    monkeypatch.setenv(storekey.ENV_TRUST, "1")
    code, err = _run_trust(base, monkeypatch, capfd)
    assert code in (0, 1), err
    assert not [ln for ln in err.splitlines() if "trust" in ln.lower()]


def test_exact_rigorous_json_encloses_its_own_float_values(capsys, monkeypatch):
    from montecarlo import exact_rigorous

    # the JSON and the text output of one exact result: its enclosures (pure in the result) are
    # computed once, the text renders the same ones (a copy); a different result would be computed
    computed: dict = {}
    real = exact_rigorous.rigorous_fields

    def once(res, **kw):
        key = (res.model, res.dk, res.T, res.distractors, res.chance_rule, res.gammas.tobytes(), res.curve.tobytes())
        key += (res.gamma_c, res.gamma_c_continuous, tuple(sorted(kw.items())))
        if key not in computed:
            computed[key] = real(res, **kw)
        return copy.deepcopy(computed[key])

    monkeypatch.setattr(exact_rigorous, "rigorous_fields", once)
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
    assert len(computed) == 1  # the same exact result both times
