"""The ring paths of the SymPy certificates decide what the expression paths they replace decide.

Each fast path (a polynomial over Q decided in its ring instead of by ``sp.expand``) must give the
answer of the code it replaced, on zero and non-zero inputs, and fall back to that code where the
ring cannot hold the input (floats, functions, negative powers)."""

import sympy as sp

from certificates.psa import sec5_6_positional as P

x, y, g = sp.symbols("x y g", real=True)

CASES = [
    [sp.Integer(0)],
    [0, sp.Integer(0)],
    [(x + y) ** 2 - x**2 - 2 * x * y - y**2],
    [(x + y) ** 2 - x**2 - y**2],
    [g * (x - y) - g * x + g * y, (x - 1) * (x + 1) - x**2 + 1],
    [g * (x - y) - g * x + g * y, (x - 1) * (x + 1) - x**2],
    [sp.Float(0.5) * x - x / 2],  # a float: the expression path
    [sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1],  # not a polynomial: the expression path (not 0 once expanded)
    [1 / x - 1 / x, 1 / (x + 1) - 1 / x],  # negative powers: the expression path
]


def test_all_expand_to_zero_is_the_expand_decision():
    for entries in CASES:
        assert P._all_expand_to_zero(entries) == all(sp.expand(e) == 0 for e in entries), entries


def test_cor41_kept_transport_residual_is_its_expansion():
    kept = P._cor41_fixed_dk(2)
    assert kept[3] == 0 and kept[3] is sp.S.Zero  # the post-RoPE residual, expanded: the singleton 0
    assert kept[1] and kept[2]
