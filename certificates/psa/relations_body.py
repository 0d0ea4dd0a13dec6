"""Relations among the numbers printed in the abstract, §1–§6 and §8–§10 (issue 27, item 4).

Each certificate checks a relation the paper itself prints between two or more of its numbers:

* ``A31.abstract`` -- the abstract's emergence result at 91.3 M parameters against §A31, where the
  same quantities are printed (same value), its "3.8x faster" against its own 717 and 2700 steps
  (2700/717, the rounding of both printed means propagated), and "emergence absent above
  gamma ~ 0.9" between the last coupling that emerges (0.80) and the one that had to be rescued (1.00);
* ``eq64.abstract`` -- "about 5 x 10^-5 at d = T = 4096" from (64), 6/(24d + 4T);
* ``prop77.gammas`` -- Table 12 read from its coupling column: range factor 1 + 2 gamma, bits
  log2(1 + 2 gamma) and INT8 levels 256/(1 + 2 gamma) at the printed gammas, and the pairs
  "0.49 at gamma = 0.2, 0.85 at 0.4" of Table 13 and the abstract;
* ``fig2.L`` -- L = log 511 where Fig. 2's caption and §10 print it: b_c = sqrt(2L) = 3.53,
  8L = 49.9, (L + 2)^2 = 67.8;
* ``sec10.f.sweep`` -- §10's "stopped at gamma <= 0.40 because that range is sub-critical at every
  width it covers" and "carried to gamma ~ 1.2" against the §10 table;
* restatements (``*.abstract``, ``sec7.5.taps``, ``sec9.3.restated``, ``sec9.3.scale``,
  ``rem65.restated``) -- a number printed here that the paper prints elsewhere:
  the same value, or (``rounds``) a rounding of the source.

The printed data live once, in :mod:`certificates.coverage.locators_data.psa_body` (claims and
locators are built from the same dicts).  Every comparison is exact (rationals from the printed
decimals: ``proved``) or decided in Arb against the printed rounding interval (``enclosed``).
"""

from __future__ import annotations

from fractions import Fraction

from theory import addendum as A10
from theory import appendix as APP
from theory.rigorous import printed_interval, to_arb

from .._companion import certify
from .._companion_enclosed import exact_printed
from .._subchecks import Checks
from ..coverage.locators_data.psa_body import (
    A31_SOURCE,
    ABSTRACT_EMERGENCE,
    ABSTRACT_OVERHEAD,
    BITS_AT,
    L_ARG,
    L_RESULTS,
    RESTATED,
    SWEEP_10,
    SWEEP_CAP_A31,
    SWEEP_WIDTHS_A31,
    TABLE12_GAMMAS,
    TABLE12_LEVELS_TOTAL,
)
from ..printed import rational
from ..registry import Kind
from .sec5_6_transition import ST as ST_TR
from .sec7_empirical import ST as ST_E
from .sec8_deploy import ST as ST_D
from .sec8_deploy import TABLE12
from .sec9_related import ST as ST_R
from .sec10_addendum import ST as ST_10
from .sec10_addendum import TABLE_T3T4, TABLE_T4
from .sweeps import _ST as ST_V

ST_APP = {s.id: s for s in APP.STATEMENTS}


_q = rational  # a printed decimal as an exact rational


def _restated(c: Checks, name: str, here: str, there: str, where: str, rule: str = "equal") -> bool:
    """``here`` restates ``there`` (printed at ``where``): the same value, or (``rounds``) ``there``
    lies in the rounding interval of ``here``."""
    if rule == "equal":
        return c.exact(name, _q(here) == _q(there), here, f"{there} ({where})", "same value", severity="minor")
    if rule == "rounds":
        lo, hi = printed_interval(here)
        v = _q(there)
        return c.exact(name, lo <= v <= hi, there, f"{here} (rounded; {where})", "exact rationals", severity="minor")
    raise ValueError(f"unknown restatement rule {rule!r}")


# --- the abstract's emergence result ----------------------------------------------------------------

_EMERGENCE = {k: v[0] for k, v in ABSTRACT_EMERGENCE.items()}


def check_abstract_emergence(printed=_EMERGENCE, source=A31_SOURCE):
    """The abstract's 91.3 M emergence sentence (restating §A31 and §A36): every quantity it shares
    with §A31 has §A31's value; "3.8x faster" is 2700/717 with both printed means' rounding
    propagated (attainable, exact rationals); "absent above gamma ~ 0.9" lies strictly between the
    last coupling that emerges at that step size (0.80) and the rescued one (1.00)."""
    c = Checks()
    for k, there in source.items():
        _restated(c, f"{k}: abstract = §A31", printed[k], there, "§A31")
    slo, shi = printed_interval(printed["steps_base"])
    olo, ohi = printed_interval(printed["steps_opt"])
    lo, hi = slo / ohi, shi / olo  # every ratio of two means inside their printed rounding
    plo, phi = printed_interval(printed["speedup"])
    c.exact(
        "speedup 2700/717 ('3.8x faster')",
        lo <= phi and plo <= hi,
        f"[{float(lo):.4f}, {float(hi):.4f}]",
        printed["speedup"],
        "the ratio's range over both means' rounding meets the printed rounding; exact rationals",
        severity="minor",
    )
    g_opt, edge, g_res = (_q(printed[k]) for k in ("gamma_opt", "edge", "rescued"))
    c.exact(
        "edge ~0.9 between the emerging 0.80 and the rescued 1.00",
        g_opt < edge < g_res,
        printed["edge"],
        f"in ({printed['gamma_opt']}, {printed['rescued']})",
        "exact decimals",
        severity="minor",
    )
    return c.outcome("the abstract's emergence numbers against §A31 and each other")


# --- the abstract's arithmetic overhead ---------------------------------------------------------------


def check_abstract_overhead(overhead=ABSTRACT_OVERHEAD["overhead"][0], d_T=ABSTRACT_OVERHEAD["d_T"][0]):
    """Abstract, from (64): the overhead 6/(24d + 4T) is 'about 5 x 10^-5 at d = T = 4096' (the
    exact rational against the rounding of the printed one-figure value)."""
    c = Checks()
    n = int(d_T)
    exact_printed(c, f"6/(24d+4T) at d = T = {n}", Fraction(6, 24 * n + 4 * n), overhead, severity="minor")
    return c.outcome("abstract: (64) at d = T")


# --- Table 12 from its coupling column; the bits of Table 13 and the abstract -------------------------


def check_table12_gammas(gammas=TABLE12_GAMMAS, levels_total=TABLE12_LEVELS_TOTAL, bits_at=BITS_AT):
    """Prop 77 and Table 12 read from the printed couplings: range factor 1 + 2 gamma (exact), bits
    log2(1 + 2 gamma) (Arb), levels retained n/(1 + 2 gamma) rounded with n the printed INT8 level
    count, itself 2^8 (exact); Table 13's and the abstract's "0.49 at gamma = 0.2, 0.85 at 0.4" (Arb).
    The other cells of Table 12 are prop77's claims (``TABLE12``), compared here as printed."""
    c = Checks()
    for g, total, (factor, bits, levels) in zip(gammas, levels_total, TABLE12.values()):
        f = 1 + 2 * _q(g)
        exact_printed(c, f"gamma = {g}: range factor 1 + 2 gamma", f, factor, severity="minor")
        c.enclosed(
            f"gamma = {g}: bits log2(1 + 2 gamma)",
            lambda f=f: to_arb(f).log() / to_arb(2).log(),
            bits,
            severity="minor",
        )
        c.exact(f"gamma = {g}: INT8 level count 2^8", _q(total) == 2**8, total, "256 (INT8)", severity="minor")
        exact_printed(c, f"gamma = {g}: levels {total}/(1 + 2 gamma)", _q(total) / f, levels, severity="minor")
    for place, pairs in bits_at.items():
        for g, bits in pairs:
            c.enclosed(
                f"{place}: bits at gamma = {g}",
                lambda g=g: (1 + 2 * to_arb(_q(g))).log() / to_arb(2).log(),
                bits,
                severity="minor",
            )
    return c.outcome("Table 12 at its printed couplings; the bits of Table 13 and the abstract")


# --- L = log 511 ------------------------------------------------------------------------------------


def check_L(L_args=L_ARG, results=L_RESULTS):
    """Fig. 2 (§6) and §10 state L = log 511 (T = 512, L = log(T - 1)): Fig. 2's b_c = sqrt(2L) = 3.53
    and d_k* = 8L = 49.9; §10's 8L = 49.9 and (L + 2)^2 = 67.8 (Arb, natural logarithm)."""
    c = Checks()

    def L(place):
        return to_arb(int(L_args[place])).log()

    b_c, cross6 = results["6"]
    c.enclosed("Fig. 2: b_c = sqrt(2L)", lambda: (2 * L("6")).sqrt(), b_c, severity="minor")
    c.enclosed("Fig. 2: d_k* = 8L", lambda: 8 * L("6"), cross6, severity="minor")
    cross10, root10 = results["10"]
    c.enclosed("§10: 8L", lambda: 8 * L("10"), cross10, severity="minor")
    c.enclosed("§10: (L + 2)^2", lambda: (L("10") + 2) ** 2, root10, severity="minor")
    return c.outcome("L = log 511 and what follows from it")


# --- §10: the width sweep that was stopped and the one still to run ---------------------------------


def check_sweep_10(cap=SWEEP_10["cap"][0], proposed=SWEEP_10["proposed"][0], cap_source=SWEEP_CAP_A31):
    """§10: the width sweep of §A31.6 "was stopped at gamma <= 0.40 because that range is sub-critical at
    every width it covers" -- 0.40 (as §A31.6 prints it) below gamma_c of both reductions at each of its
    widths 32, 48, 64, 128, as the §10 table prints them; the sweep still to run, d_k in {48, 64}
    "carried to gamma ~ 1.2", crosses gamma_c of both there (exact decimals)."""
    c = Checks()
    _restated(c, "cap: §10 = §A31.6", cap, cap_source, "§A31.6")
    table = dict(zip(A10.TABLE_DK, zip(TABLE_T4, TABLE_T3T4)))
    under = {d: table[d] for d in SWEEP_WIDTHS_A31}
    c.exact(
        f"gamma <= {cap} sub-critical at every width of §A31.6",
        all(_q(cap) < _q(v) for pair in under.values() for v in pair),
        cap,
        "< min gamma_c = " + min((v for pair in under.values() for v in pair), key=_q),
        "§10 table, (52) and (69), at d_k = " + ", ".join(map(str, SWEEP_WIDTHS_A31)),
        severity="minor",
    )
    over = [v for d in (48, 64) for v in table[d]]
    c.exact(
        f"gamma ~ {proposed} crosses gamma_c at d_k = 48 and 64",
        all(_q(proposed) > _q(v) for v in over),
        proposed,
        "> max gamma_c = " + max(over, key=_q),
        "§10 table, (52) and (69)",
        severity="minor",
    )
    return c.outcome("§10: the stopped width sweep and the one still to run, against the §10 table")


# --- restatements -------------------------------------------------------------------------------------


def _restatement_check(cid: str):
    """The check of restatement certificate ``cid`` (its data: ``RESTATED[cid]``)."""
    data = RESTATED[cid]
    here_default = {k: v[0] for k, v in data.items()}
    there_default = {k: v[3] for k, v in data.items()}

    def check(printed=here_default, source=there_default):
        c = Checks()
        for k, (_here, _sec, _anchor, _there, where, rule) in data.items():
            _restated(c, f"{k}: §{data[k][1]} restates {where}", printed[k], source[k], where, rule)
        return c.outcome(f"numbers restated in {cid}: each as printed where it comes from")

    check.__name__ = check.__qualname__ = "check_" + cid.replace(".", "_")
    check.__doc__ = (
        f"Restatements ({cid}): each number printed here equals (or is the rounding of) the number the "
        "paper prints at its source: " + "; ".join(f"{k} = {v[3]} ({v[4]})" for k, v in data.items())
    )
    return check


_RESTATEMENT_STATEMENTS = {
    "thm64.step5.abstract": ST_V["thm64.step5"],
    "sec7.14.abstract": ST_E["sec7.14"],
    "sec7.4.abstract": ST_E["sec7.4"],
    "sec7.5.taps": ST_E["sec7.5"],
    "sec9.3.restated": ST_R["sec9.3"],
    "sec9.3.scale": ST_R["sec9.3"],
    "rem65.restated": ST_TR["rem65"],
}
_RESTATEMENT_VERIFIES = {
    "thm64.step5.abstract": "abstract's c ~ 0.74 is §6.7's 0.741 rounded",
    "sec7.14.abstract": "abstract's gamma* = 0, 0.99 in 500 steps are §7.14's",
    "sec7.4.abstract": "abstract's 8.2% and gamma = 2.0 are §7.4's",
    "sec7.5.taps": "§9.1's learned taps -1.040 / -0.010 are Table 7's",
    "sec9.3.restated": "§9.3's numbers (95% CI, 54 k, 842 k, ~300 M, Delta, L = 30, gamma = 8, depths) as printed at "
    "their sources",
    "sec9.3.scale": "'4-92 M' (abstract, §1, §9.3) rounds §A1's 4.45 M and 91.7 M",
    "rem65.restated": "§6.7's 'no coupling above 1.00' at scaled step size is §A31.11's arm C",
}

CERTIFICATES = [
    certify(
        ST_APP["A31"],
        check_abstract_emergence,
        Kind.NUMERIC,
        "abstract: 91.3 M, 3/3 at 0.80 in 717 steps, 2/3 in 2700 at 0, 18%, 1.00 in 2/3 as in §A31; "
        "3.8x = 2700/717; 0.80 < 0.9 < 1.00",
        cid="A31.abstract",
    ),
    certify(
        ST_D["eq64"],
        check_abstract_overhead,
        Kind.NUMERIC,
        "abstract: 6/(24d+4T) ~ 5e-5 at d = T = 4096",
        cid="eq64.abstract",
    ),
    certify(
        ST_D["prop77"],
        check_table12_gammas,
        Kind.NUMERIC,
        "Table 12 at its printed gammas (1 + 2g, log2(1 + 2g), 256/(1 + 2g)); 0.49 at 0.2, 0.85 at 0.4",
        cid="prop77.gammas",
    ),
    certify(
        ST_TR["fig2"], check_L, Kind.NUMERIC, "L = log 511: sqrt(2L) = 3.53, 8L = 49.9, (L+2)^2 = 67.8", cid="fig2.L"
    ),
    certify(
        ST_10["sec10.f"],
        check_sweep_10,
        Kind.NUMERIC,
        "gamma <= 0.40 sub-critical at 32, 48, 64, 128; gamma ~ 1.2 crosses gamma_c at 48 and 64 (§10 table)",
        cid="sec10.f.sweep",
    ),
    *(
        certify(
            _RESTATEMENT_STATEMENTS[cid], _restatement_check(cid), Kind.NUMERIC, _RESTATEMENT_VERIFIES[cid], cid=cid
        )
        for cid in RESTATED
    ),
]
