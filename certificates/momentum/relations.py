"""Relations among the Momentum Attention preprint's printed numbers that no other certificate reads
(issue 27, item 4): the same measured quantity printed in several places (r = 0.94 / 0.12 of the
placement experiment, +52.5% / -4.1%, the scaling law's 4.17 and -0.74, the 4M proxy model, the
5,100 runs, L = 10, Figure 5A's phase-transition coupling ~1.0 and sub-critical boundary 0.3) must
be printed as the same number everywhere; the sub-linear exponent
alpha = 0.74 is the law's exponent -0.74 negated; the '5,169+ total experiments' of the
reproducibility statement cannot be fewer than the 'over 5,100 controlled runs'.

The printed data live once, in :mod:`certificates.coverage.locators_data.momentum_relations`,
which also builds their locators.  Exact decimal arithmetic (``proved``).
"""

from __future__ import annotations

from .._companion import certify
from .._subchecks import Checks
from ..coverage.locators_data import momentum_relations as D
from ..printed import rational
from ..registry import Kind
from .measurements import PACK, ST

_q = rational  # a printed number as the exact rational it spells


def check_same(values=D.SAME, alpha=D.ALPHA, total_runs=D.TOTAL_RUNS):
    """Every quantity printed in several places is printed as the same number (exact); alpha = -exponent of
    gamma* = 4.17 N^-0.74; the total of experiments (5,169+) is at least the controlled runs (over 5,100)."""
    c = Checks()
    for name, printed in values.items():
        for i, p in enumerate(printed[1:], start=2):
            c.exact(f"{name}: printing {i} = printing 1", _q(p) == _q(printed[0]), p, printed[0])
    exponent = values["scaling-law exponent"][0]
    c.exact("alpha = -(exponent of N)", _q(alpha) == -_q(exponent), alpha, exponent)
    runs = values["controlled runs (at least)"][0]
    c.exact(f"{total_runs}+ total experiments >= over {runs} runs", _q(total_runs) >= _q(runs), total_runs, runs)
    return c.outcome(
        "numbers printed in several places agree",
        severity="minor",
        finding="; ".join(f"{r[0]}: {r[2]} against {r[3]}" for r in c.rows if not r[1]),
    )


CERTIFICATES = (
    certify(
        ST["sec3.1"],
        check_same,
        Kind.NUMERIC,
        "r = 0.94 / 0.12, +52.5% / -4.1%, 4.17 N^-0.74 (alpha = 0.74), 4M, 5,100 runs, L = 10 as printed twice",
        cid=ST["sec3.1"].id + ".same",
        pack=PACK,
        title=ST["sec3.1"].title + " (printed twice)",
    ),
)
