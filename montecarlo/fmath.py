"""Branch-free float64 ``log``, ``exp`` and ``sincos(2 pi u)`` for Numba SIMD loops.

LLVM cannot vectorise calls to libm, so the kernels use these straight-line
implementations instead: every branch is a select, and the bit manipulation
goes through two tiny LLVM intrinsics.  Accuracy (tested against NumPy):
``vlog`` within 1 ulp (fdlibm's minimax polynomial), ``vexp`` within 2 ulp on
normal results, ``sincos2pi`` within 1e-16 absolute.  Being plain arithmetic,
they give the same bits on every x86-64 machine, whatever its vector width.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

from ._jitguard import choose_vector_width, install_cache_guard, install_compile_notice

# Before any kernel (they all import this module) loads from the cache or compiles:
install_cache_guard()  # a corrupt cache entry is a cache miss
install_compile_notice()  # the progress line names a kernel while it compiles
choose_vector_width()  # 512-bit vectors where the CPU has them (a no-op elsewhere)

U64 = np.uint64
LN2_HI = 6.93147180369123816490e-01
LN2_LO = 1.90821492927058770002e-10
INV_LN2 = 1.4426950408889634
SQRT2 = 1.4142135623730951


if TYPE_CHECKING:  # how compiled code calls the two intrinsics below (Numba supplies typingctx)

    def f64_to_bits(x: float) -> np.uint64: ...
    def bits_to_f64(x: np.uint64) -> np.float64: ...

else:

    @intrinsic
    def f64_to_bits(typingctx, x):
        """Reinterpret a float64 as uint64 (LLVM bitcast)."""
        sig = types.uint64(types.float64)

        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], ir.IntType(64))

        return sig, codegen

    @intrinsic
    def bits_to_f64(typingctx, x):
        """Reinterpret a uint64 as float64 (LLVM bitcast)."""
        sig = types.float64(types.uint64)

        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], ir.DoubleType())

        return sig, codegen


@njit(inline="always")
def vlog(x):
    """Natural log of a positive normal float64 (fdlibm e_log.c algorithm, branch-free)."""
    bits = f64_to_bits(x)
    e = np.int64(bits >> U64(52)) - 1023
    mant = bits_to_f64((bits & U64(0x000FFFFFFFFFFFFF)) | U64(0x3FF0000000000000))
    big = mant > SQRT2
    mant = mant * 0.5 if big else mant
    e = e + 1 if big else e
    f = mant - 1.0
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
    t2 = z * (
        6.666666666666735130e-01
        + w * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01))
    )
    r = t2 + t1
    hfsq = 0.5 * f * f
    fe = np.float64(e)
    return fe * LN2_HI - ((hfsq - (s * (hfsq + r) + fe * LN2_LO)) - f)


@njit(inline="always")
def vexp(x):
    """exp(x) for any float64 x: 0 below -745.2, +inf above 709.8 (Cody-Waite + Taylor-13)."""
    x = min(max(x, -745.2), 709.8)
    k = math.floor(x * INV_LN2 + 0.5)
    r = (x - k * LN2_HI) - k * LN2_LO  # |r| <= 0.347
    p = 1.0 + r * (
        1.0
        + r
        * (
            0.5
            + r
            * (
                1.0 / 6
                + r
                * (
                    1.0 / 24
                    + r
                    * (
                        1.0 / 120
                        + r
                        * (
                            1.0 / 720
                            + r
                            * (
                                1.0 / 5040
                                + r
                                * (
                                    1.0 / 40320
                                    + r
                                    * (
                                        1.0 / 362880
                                        + r
                                        * (
                                            1.0 / 3628800
                                            + r * (1.0 / 39916800 + r * (1.0 / 479001600 + r * (1.0 / 6227020800.0)))
                                        )
                                    )
                                )
                            )
                        )
                    )
                )
            )
        )
    )
    ki = np.int64(k)
    k1 = ki >> 1
    k2 = ki - k1  # 2^k = 2^k1 * 2^k2, each a normal number, so subnormal results are right
    s1 = bits_to_f64(U64(k1 + 1023) << U64(52))
    s2 = bits_to_f64(U64(k2 + 1023) << U64(52))
    return p * s1 * s2


@njit(inline="always")
def sincos2pi(u):
    """(sin 2 pi u, cos 2 pi u) for u in [0, 1): exact quadrant reduction, Taylor on |x| <= pi/4."""
    y = 4.0 * u
    n = math.floor(y + 0.5)
    x = (y - n) * (0.5 * math.pi)
    x2 = x * x
    s = x * (
        1.0
        + x2
        * (
            -1.0 / 6
            + x2
            * (
                1.0 / 120
                + x2
                * (
                    -1.0 / 5040
                    + x2
                    * (
                        1.0 / 362880
                        + x2 * (-1.0 / 39916800 + x2 * (1.0 / 6227020800.0 + x2 * (-1.0 / 1307674368000.0)))
                    )
                )
            )
        )
    )
    c = 1.0 + x2 * (
        -0.5
        + x2
        * (
            1.0 / 24
            + x2
            * (
                -1.0 / 720
                + x2
                * (
                    1.0 / 40320
                    + x2
                    * (
                        -1.0 / 3628800
                        + x2 * (1.0 / 479001600 + x2 * (-1.0 / 87178291200.0 + x2 * (1.0 / 20922789888000.0)))
                    )
                )
            )
        )
    )
    q = np.int64(n)
    odd = (q & 1) == 1
    a = c if odd else s
    b = s if odd else c
    sign_s = 1.0 - 2.0 * np.float64((q >> 1) & 1)
    sign_c = 1.0 - 2.0 * np.float64((q ^ (q >> 1)) & 1)
    return sign_s * a, sign_c * b


# Elementwise maps of the three functions (their accuracy tests, tests/montecarlo/test_rng.py):
# cached like the kernels, so that a test session does not compile them again (about 0.3 s each).


@njit(error_model="numpy", cache=True)
def _map_vlog(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = vlog(a[i])
    return out


@njit(error_model="numpy", cache=True)
def _map_vexp(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = vexp(a[i])
    return out


@njit(error_model="numpy", cache=True)
def _map_sincos2pi(a):
    s = np.empty_like(a)
    c = np.empty_like(a)
    for i in range(a.size):
        s[i], c[i] = sincos2pi(a[i])
    return s, c
