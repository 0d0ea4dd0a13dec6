"""The toolkit chooses 512-bit vectors where the CPU has AVX-512 (issue 29, item 3).

Only the choice is tested here (on an AVX2 machine it is a no-op); the bits of every width are
what ``tests/montecarlo/test_digests.py`` checks on the machine that runs it.  On an AVX-512 machine
(a 2-core Intel Xeon) these tests and the digests passed with 512-bit vectors chosen, after the t3t4
model's powers were taken with C's ``pow`` (NumPy's AVX-512 ``power`` had changed its digest).
"""

from __future__ import annotations

import os

import llvmlite.binding as ll

from montecarlo import _jitguard, fmath  # noqa: F401  (fmath: the choice is made at its import)

HOST = dict(ll.get_host_cpu_features())


def test_no_avx512_no_change():
    host = dict(HOST, avx512f=False)
    assert _jitguard.vector_features(host, {}) is None


def test_avx512_gives_the_host_features_without_the_256_bit_preference():
    host = dict(HOST, avx512f=True)
    got = _jitguard.vector_features(host, {})
    assert got is not None
    flags = dict((f[1:], f[0] == "+") for f in got.split(","))
    assert flags.pop(_jitguard.PREFER_256) is False
    assert flags == {k: bool(v) for k, v in host.items()}  # nothing else added or dropped
    assert got.split(",") == sorted(got.split(","), key=lambda f: f[1:])  # flattened as Numba does


def test_the_users_choice_is_kept():
    host = dict(HOST, avx512f=True)
    for env in ({"NUMBA_CPU_NAME": "generic"}, {"NUMBA_CPU_FEATURES": "+avx2"}, {"NUMBA_ENABLE_AVX": "0"}):
        assert _jitguard.vector_features(host, env) is None


def test_this_machine_and_numbas_cache_key():
    from numba.core import config
    from numba.core.registry import cpu_target

    chosen = _jitguard.vector_features(HOST, {k: v for k, v in os.environ.items() if k != "NUMBA_CPU_FEATURES"})
    if not HOST.get("avx512f"):
        assert chosen is None
    elif not any(os.environ.get(k) for k in ("NUMBA_CPU_NAME",)) and os.environ.get("NUMBA_ENABLE_AVX") != "0":
        assert config.CPU_FEATURES == os.environ["NUMBA_CPU_FEATURES"] == chosen
    # Numba keys a cached kernel by (triple, CPU name, target features): a kernel compiled for
    # one vector width is never loaded for another
    magic = cpu_target.target_context.codegen().magic_tuple()
    assert len(magic) == 3 and isinstance(magic[2], str)
