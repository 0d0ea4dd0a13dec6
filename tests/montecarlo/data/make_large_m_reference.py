"""Regenerate exact_reference_large_m.json: A(a, b, m) at large m by an independent mpmath rule.

    python tests/montecarlo/data/make_large_m_reference.py      # about a minute per point

Issue 26, item 6: at T = 10^6 the float A lay outside its Arb enclosure; this reference (40
digits) decides which of the two was wrong.  The rule is neither the float's (trapezoid over the
Gumbel variable G for b >= 0.5) nor the enclosure's (Laplace form): the Gumbel-max form

    A = int f_b(y) F_b(y + a)^m dy,   F_b(x) = E_Z[exp(-e^{-(x - bZ)})],   f_b(y) = E_Z[g(y - bZ)],

``g(t) = e^{-t} exp(-e^{-t})``, with the expectations over the *Gaussian* Z, ``log F_b`` from
the survival ``1 - F_b = E_Z[-expm1(-e^{-(x - bZ)})]``.  Trapezoid rules: z-step ``delta / b``,
y-step ``delta``, so every inner sum reads one lattice ``t_k = t_0 + k delta``.  Errors: inner
``~exp(-pi^2 / delta)`` (the integrand is analytic for ``|Im t| < pi/2``), outer ``<= 2 / (cos d
(e^{2 pi d / delta} - 1))`` for ``d < pi/2``; at ``delta = 0.1`` both below 1e-40; the ranges
are cut at 15 Gaussian sd and at ``G <= 15 b + 90 + log(m + 1)``.  Valid for ``b >= 0.3`` (the
z-step ``delta / b`` must resolve the Gaussian).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

POINTS = [
    ("issue 26.6: t4 dk=16 T=10^6 gamma=1.6 (grid point 12)", "10.24", "5.12", 999_998),
    ("t4 dk=16 T=10^12 gamma=1.6", "10.24", "5.12", 10**12 - 2),
    ("t4 dk=16 T=10^12 gamma=0.4 (Z branch)", "0.64", "0.32", 10**12 - 2),
    ("t4 dk=16 m=2^53-2 gamma=2", "16", "8", 2**53 - 2),
]


def A_ref(a, b, m: int, delta: str = "0.1", dps: int = 40):
    import mpmath as mp

    with mp.workdps(dps):
        a, b, delta = mp.mpf(a), mp.mpf(b), mp.mpf(delta)
        zc = 15
        M = int(mp.ceil(2 * zc * b / delta)) + 1
        w = [delta / b * mp.npdf(-zc + j * delta / b) for j in range(M)]
        y0 = -zc * b - 12
        N = int(mp.ceil((2 * zc * b + 12 + 90 + mp.log(m + 1)) / delta)) + 1

        def lattice(off):
            t0 = off - (M - 1) * delta
            return [t0 + k * delta for k in range(N + M - 1)]

        surv = [-mp.expm1(-mp.exp(-t)) for t in lattice(y0 + a + zc * b)]  # P(G > t)
        dens = [mp.exp(-t - mp.exp(-t)) for t in lattice(y0 + zc * b)]  # Gumbel density
        wr = w[::-1]
        total = mp.mpf(0)
        for i in range(N):
            s = mp.fdot(wr, surv[i : i + M])  # 1 - F_b(y_i + a)
            if s >= 1:
                continue
            mlogF = m * mp.log1p(-s)
            if mlogF < -200:
                continue
            total += mp.fdot(wr, dens[i : i + M]) * mp.exp(mlogF)
        return delta * total


def main() -> None:
    import mpmath as mp

    out = []
    for label, a, b, m in POINTS:
        t0 = time.perf_counter()
        v = A_ref(a, b, m)
        out.append(
            {
                "label": label,
                "a": float(a),
                "b": float(b),
                "m": m,
                "A": mp.nstr(v, 25),
                "seconds": round(time.perf_counter() - t0, 1),
            }
        )
        print(out[-1], flush=True)
    doc = {
        "generator": "tests/montecarlo/data/make_large_m_reference.py",
        "method": "mpmath (dps 40), Gumbel-max form with expectations over Z, trapezoid rules on one lattice",
        "points": out,
    }
    Path(__file__).with_name("exact_reference_large_m.json").write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
