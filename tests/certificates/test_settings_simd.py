"""The claims and settings a certificate runs with (its check's defaults, which ``psa-cert show`` and the
reports print) do not depend on the SIMD code NumPy chose for this CPU.

A default computed at import with NumPy on an array (rem82's ``eps`` was ``tuple(10.0 ** -np.arange(1,
6))``) took NumPy's AVX-512 ``power`` on such a CPU: 9.999999999999999e-06 instead of 1e-05 -- another input
on another machine, and binary-float noise in the report.  Compared here with a process whose NumPy runs its
baseline code only (on a CPU with no dispatch target, both are the same code).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.numpy_simd import numpy_baseline_env

_DEFAULTS = """
import json, sys
sys.path.insert(0, {root!r})
from tests.certificates.test_settings_simd import defaults
print(json.dumps(defaults()))
"""


def defaults() -> dict[str, dict[str, str]]:
    """{certificate: {claim or setting: its default as ``psa-cert show`` and the reports print it}} for every
    check of the registry (:func:`certificates.claims.format_claim`)."""
    from certificates.claims import claim_parameters, format_claim, setting_parameters
    from certificates.registry import load_registry

    return {
        c.id: {k: format_claim(v) for k, v in {**claim_parameters(c), **setting_parameters(c)}.items()}
        for c in load_registry()
        if c.check is not None
    }


@pytest.mark.slow  # a process that loads the registry: about 2 s
def test_defaults_do_not_depend_on_numpys_simd_code():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, **numpy_baseline_env()}
    run = subprocess.run(
        [sys.executable, "-c", _DEFAULTS.format(root=root)], env=env, capture_output=True, text=True, check=True
    )
    theirs = json.loads(run.stdout)
    mine = defaults()
    assert mine.keys() == theirs.keys()
    differ = {cid: sorted(k for k in mine[cid] if mine[cid][k] != theirs[cid].get(k)) for cid in mine}
    assert not {cid: ks for cid, ks in differ.items() if ks}
