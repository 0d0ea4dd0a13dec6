"""Monte-Carlo certificates at embedding level: the canonical induction sequence model.

Prop 1, Rem 2, Prop 46, Thm 49, Cor 68 (statements in :mod:`theory.induction`), the key-only
moments of Cor 69 (eqs. 57-58), the T3+T4 moments of §10 (eq. 68) and the independence test
of §7.9, all simulated with :mod:`montecarlo.induction`.  Every check takes the paper's claims
as keyword defaults; tolerances are ``nsigma`` standard errors of the simulation, and every
detail records the seeds, the trial counts and the model conventions in force.

Evidence (issue 17): every verdict here is ``statistical`` -- a Monte-Carlo estimate within
``nsigma`` standard errors of the claim, the confidence stated (:func:`_confidence`).  Where the
simulated model has an exact value (the Gaussian moments of :mod:`theory.induction`, the
symmetry value 1/(T-1) of a query-independent head on i.i.d. keys, the exact gamma_c of the
independent score model by quadrature, :mod:`montecarlo.exact`) it is printed beside the estimate
with their distance in SE; beyond :data:`XCHECK_SIGMA` the outcome is an ERROR (the simulation
disagrees with its own model, so it cannot judge the claim).  Where the claim is an exact identity
about the model (a moment, a variance, an SNR formula) it is also decided exactly against the
Gaussian moment algebra (a ``proved`` row: a symbolic identity, or an exact rational residual at
the simulated point); the certificate's level is that of its weakest passing row, so a PASS stays
``statistical`` and a FAIL with a proved failing row is ``proved``.
"""

from __future__ import annotations

import functools
import math
import statistics
from dataclasses import dataclass
from typing import Optional

import sympy as sp

from theory import induction as TI

from .._companion import certify
from .._subchecks import Checks
from ..algebra import is_zero
from ..registry import Certificate, Kind, Outcome, Status, verdict

PACK = "psa"

#: Fresh seeds, used in no derivation and in no test (tests use seeds < 1000).
SEED_PROP1 = 10_100
SEED_REM2 = 10_200
SEED_ROPE = 10_300
SEED_PROP46 = 46_000
SEED_THM49 = 49_000
SEED_COR68 = 68_000
SEED_COR69 = 69_000
SEED_SEC10 = 10_000
SEED_SEC79 = 79_000

ST = {s.id: s for s in TI.STATEMENTS}
CONVENTIONS = (
    "canonical model: j* uniform on [2, T-1], sigma_{j*-1} = A = query token, tokens of "
    "positions <= T-2 other than j*-1 from Sigma\\{A}; shared N(0, I) embeddings, continuum "
    "alphabet, no RoPE, momentum boundary p_1 = 0, score / sqrt(d_k), unless stated"
)


from ._mcstore import stored  # noqa: E402  (seeded MC kept between runs, verified on load)


def _mc():
    from montecarlo import induction as MI

    return MI


def _ceiling(T):
    return 1.0 / (T - 2)


def _chance(T):
    return 1.0 / (T - 1)


# --- evidence: confidence, exact values beside the Monte Carlo, exact decisions ----------------------

#: A Monte-Carlo estimate further than this many standard errors from its model's exact value makes the
#: outcome an ERROR: the simulation disagrees with the model it simulates and cannot judge the claim.
XCHECK_SIGMA = 4.0


def _confidence(nsigma: float, *, sided: int = 2) -> str:
    """The tolerance of a Monte-Carlo row and the chance that it rejects a true claim (normal law)."""
    p = math.erfc(nsigma / math.sqrt(2.0)) / (2.0 if sided == 1 else 1.0)
    side = "one" if sided == 1 else "two"
    return f"tolerance {nsigma:g} SE ({side}-sided: a true claim fails a row with probability {p:.1e})"


@dataclass(frozen=True)
class _Est:
    """A Monte-Carlo estimate and, where the simulated model has one, its exact value."""

    name: str
    mc: float
    se: float
    exact: Optional[float] = None

    @property
    def z(self) -> Optional[float]:
        """(MC - exact) / SE; a zero SE (a deterministic value) agrees only when equal; None: no exact value
        or a non-finite estimate."""
        if self.exact is None or not (math.isfinite(self.mc) and math.isfinite(self.se)):
            return None
        if self.se > 0:
            return (self.mc - self.exact) / self.se
        return 0.0 if self.mc == self.exact else math.inf


def _beside(ests) -> tuple[str, list[str], dict]:
    """The exact values beside the estimates: (text, disagreements beyond XCHECK_SIGMA, JSON record)."""
    with_exact = [e for e in ests if e.exact is not None]
    if not with_exact:
        return "", [], {}
    far = [e for e in with_exact if e.z is None or abs(e.z) > XCHECK_SIGMA]
    worst = max(with_exact, key=lambda e: math.inf if e.z is None else abs(e.z))
    text = (
        f" Exact values of the simulated model beside the Monte Carlo ({len(with_exact)} estimates): max |MC - exact| "
        f"= {abs(worst.z or 0.0):.2f} SE ({worst.name}: {worst.mc:.4f} ± {worst.se:.4f} SE "
        f"vs exact {worst.exact:.4f}); "
        f"beyond {XCHECK_SIGMA:g} SE would be an ERROR."
    )
    bad = [
        f"{e.name}: MC {e.mc:.5g} ± {e.se:.2g} SE vs exact {e.exact:.5g}" + ("" if e.z is None else f" ({e.z:+.1f} SE)")
        for e in far
    ]
    record = {
        "exact_beside_mc": [{"name": e.name, "mc": e.mc, "se": e.se, "exact": e.exact, "z": e.z} for e in with_exact]
    }
    return text, bad, record


def _mc_error(measured, expected, detail: str, bad: list[str], record: dict) -> Outcome:
    """ERROR: a Monte-Carlo estimate disagrees with the exact value of the model it simulates."""
    return Outcome(
        Status.ERROR,
        measured,
        expected,
        f"Monte Carlo disagrees with the simulated model's exact value beyond {XCHECK_SIGMA:g} SE: "
        + "; ".join(bad)
        + " -- the simulation (or the exact value) is wrong and cannot judge the claim | "
        + detail,
        dict(record, disagreements=bad),
    )


def _finish(ck: Checks, summary: str, ests, **kw) -> Outcome:
    """``ck``'s outcome with the exact values beside the estimates (ERROR beyond XCHECK_SIGMA)."""
    text, bad, record = _beside(ests)
    if bad:
        return _mc_error({r[0]: r[2] for r in ck.rows}, {r[0]: r[3] for r in ck.rows}, summary + text, bad, record)
    return ck.outcome(summary + text, **kw, **record)


def _verdict(ok: bool, measured, expected, detail: str, ests=(), **kw) -> Outcome:
    """A ``statistical`` verdict with the exact values beside its estimates (ERROR beyond XCHECK_SIGMA)."""
    text, bad, record = _beside(ests)
    if bad:
        return _mc_error(measured, expected, detail + text, bad, record)
    return verdict(ok, measured, expected, detail + text, evidence_level="statistical", **kw, **record)


def _sym(v):
    """A claim value as an exact SymPy number or expression (a float is its exact binary value)."""
    e = sp.Rational(v) if isinstance(v, float) else sp.sympify(v)
    return e.xreplace({f: sp.Rational(f) for f in e.atoms(sp.Float)}) if isinstance(e, sp.Basic) else e


def _exact_row(ck: Checks, name: str, claim, exact, at: dict, note: str = "", **grade) -> bool:
    """A ``proved`` row: ``claim == exact`` decided exactly -- PASS when the difference is identically
    zero (an identity in its symbols), FAIL with the exact non-zero rational residual at the point ``at``
    (the simulated point: an exact counterexample).  Neither (an irrational residual): an ERROR row."""
    diff = _sym(claim) - sp.sympify(exact)
    where = ", ".join(f"{k}={v}" for k, v in at.items())
    if is_zero(diff):
        return ck.exact(name, True, str(exact), str(claim), (note + "; " if note else "") + "identically equal")
    r = sp.expand(diff.subs({k: _sym(v) for k, v in at.items()}))
    if r.is_Rational and r != 0:
        why = (note + "; " if note else "") + f"exact residual {r} at {where}"
        return ck.exact(name, False, str(exact), str(claim), why, **grade)
    why = f"claim {claim} against exact {exact}: residual {r} at {where} not decided exactly"
    return ck.undecided_row(name, str(exact), str(claim), (note + "; " if note else "") + why, **grade)


def _canonical(model: dict) -> bool:
    """True when a SequenceModel's settings are those of theory.induction's exact moments."""
    return (
        model.get("alphabet") is None
        and model.get("rope") is None
        and model.get("embeddings", "shared") == "shared"
        and model.get("sigma", 1.0) == 1.0
        and model.get("boundary", "p1=0") == "p1=0"
    )


# --- Prop 1 and Rem 2: order-zero heads -----------------------------------------------------------

#: (label, SequenceModel kwargs, trials, regimes): the main model first (Rem 2 reuses it).  ``regimes``:
#: the query and key tables are shared, so the anti-aligned / aligned heads of Rem 2 exist there.
PROP1_MODELS = (
    ("dk=8 T=10 continuum", dict(dk=8, T=10), 40_000, True),
    ("dk=8 T=15 alphabet 4", dict(dk=8, T=15, alphabet=4), 12_000, True),
    ("dk=8 T=15 continuum RoPE 1e4", dict(dk=8, T=15, rope=1e4), 12_000, True),
    ("dk=2 T=10 alphabet 3 independent tables", dict(dk=2, T=10, alphabet=3, embeddings="independent"), 12_000, False),
)


@stored
def _battery(model_kwargs: tuple, trials: int, seed: int, gamma_q: float = 0.0, heads_seed: int = 3):
    MI = _mc()
    model = MI.SequenceModel(**dict(model_kwargs))
    return model, MI.head_battery(
        model, MI.standard_heads(model.dk, heads_seed), gamma_q=gamma_q, trials=trials, seed=seed
    )


#: Heads of standard_heads that ignore the query: on i.i.d. keys (a continuum alphabet, with or without
#: RoPE, whose rotations leave N(0, I) keys i.i.d.) every position is equally likely to win, so their
#: peak probability is exactly 1/(T-1) -- an exact value of the simulated model beside its estimate.
Q_INDEPENDENT_HEADS = ("q-independent", "key-norm")


def _symmetry_exact(kw: dict, name: str, T: int) -> Optional[float]:
    """1/(T-1) for a query-independent head on a continuum alphabet (i.i.d. keys), else None."""
    return 1.0 / (T - 1) if name in Q_INDEPENDENT_HEADS and kw.get("alphabet") is None else None


def check_prop1(
    bound=_ceiling, subfamily=_ceiling, chance=_chance, *, models=PROP1_MODELS, seed=SEED_PROP1, nsigma=4.0
):
    """Every order-zero head of the battery: P(peak at j*) <= bound(T) and P(j* tops the sub-family
    j != j*-1) = subfamily(T) (exchangeability); on the main model the anti-aligned head (which
    suppresses j*-1) attains the bound, and with shared tables the aligned head stays below chance(T).

    Statistical: one-sided rows (the bound, below chance) and two-sided rows (the sub-family, the
    attained bound) at ``nsigma`` SE; the query-independent heads' exact 1/(T-1) on i.i.d. keys beside."""
    rows, bad, ests = [], [], []
    for i, (label, kw, trials, regimes) in enumerate(models):
        model, res = _battery(tuple(sorted(kw.items())), trials, seed + i)
        T = model.T
        worst = max(res.items(), key=lambda kv: (kv[1].peak - bound(T)) / max(kv[1].peak_se, 1e-12))
        for name, r in res.items():
            if r.peak > bound(T) + nsigma * r.peak_se:
                bad.append(f"{label}/{name}: peak {r.peak:.4f} ± {r.peak_se:.4f} SE > bound {bound(T):.4f}")
            if abs(r.subfamily_top - subfamily(T)) > nsigma * r.subfamily_top_se:
                bad.append(
                    f"{label}/{name}: P(j* tops sub-family) {r.subfamily_top:.4f} ± "
                    f"{r.subfamily_top_se:.4f} SE != {subfamily(T):.4f}"
                )
            ex = _symmetry_exact(kw, name, T)
            if ex is not None:
                ests.append(_Est(f"{label}/{name} peak", r.peak, r.peak_se, ex))
        anti, al = res["anti-aligned"], res["aligned"]
        if i == 0 and abs(anti.peak - bound(T)) > nsigma * anti.peak_se:
            bad.append(
                f"{label}: anti-aligned peak {anti.peak:.4f} ± {anti.peak_se:.4f} SE does not attain {bound(T):.4f}"
            )
        if regimes and not al.peak < chance(T) - nsigma * al.peak_se:
            bad.append(f"{label}: aligned peak {al.peak:.4f} not below chance {chance(T):.4f}")
        rows.append(
            f"{label} ({trials} trials, seed {seed + i}): max peak {worst[1].peak:.4f} ± "
            f"{worst[1].peak_se:.4f} SE ({worst[0]}, {(worst[1].peak - bound(T)) / worst[1].peak_se:+.1f} SE) vs "
            f"bound {bound(T):.4f}; anti-aligned {anti.peak:.4f} (j*-1 wins {anti.prev_top:.3f}), aligned "
            f"{al.peak:.4f}, q-independent {res['q-independent'].peak:.4f}"
        )
    return _verdict(
        not bad,
        {"violations": len(bad)},
        {"bound": "1/(T-2)", "subfamily_top": "1/(T-2)"},
        f"{len(res)} order-(0,0) heads ({', '.join(res)}) x {len(models)} models, {_confidence(nsigma, sided=1)} "
        f"for the bound and below chance, {_confidence(nsigma)} for the sub-family and the attained bound; "
        + ("; ".join(bad) + ". " if bad else "")
        + "; ".join(rows)
        + f". {CONVENTIONS}.",
        ests,
        rows=rows,
    )


def check_rem2(
    anti=_ceiling,
    aligned_limit=0.0,
    neutral=_chance,
    *,
    model=PROP1_MODELS[0],
    seed=SEED_PROP1,
    wide_dk=32,
    seed_wide=SEED_REM2,
    nsigma=4.0,
):
    """The three regimes of Rem 2: anti-aligned = 1/(T-2), aligned -> 0 (as d_k grows), neutral = 1/(T-1).

    Statistical (two-sided rows at ``nsigma`` SE; the aligned limit with the rule of three where no
    trial succeeds); the neutral head's exact 1/(T-1) on i.i.d. keys beside its estimate."""
    label, kw, trials, _ = model
    m, res = _battery(tuple(sorted(kw.items())), trials, seed)
    T = m.T
    kw_wide = dict(kw, dk=wide_dk)
    # the aligned head (q^T k_j) has no random weights: the stored battery of that one head is the same draw
    wide = _named_battery(tuple(sorted(kw_wide.items())), (("aligned", "aligned"),), 0.0, 20_000, seed_wide)[1][
        "aligned"
    ]
    a, al, q0 = res["anti-aligned"], res["aligned"], res["q-independent"]
    ok_anti = abs(a.peak - anti(T)) <= nsigma * a.peak_se
    ok_neutral = abs(q0.peak - neutral(T)) <= nsigma * q0.peak_se
    tol_wide = nsigma * wide.peak_se + 3.0 / 20_000  # rule of three when no trial succeeds
    ok_aligned = al.peak < neutral(T) and wide.peak <= al.peak and abs(wide.peak - aligned_limit) <= tol_wide
    ok = ok_anti and ok_neutral and ok_aligned
    ex = _symmetry_exact(kw, "q-independent", T)
    return _verdict(
        ok,
        {"anti-aligned": a.peak, "aligned": al.peak, f"aligned dk={wide_dk}": wide.peak, "neutral": q0.peak},
        {"anti-aligned": anti(T), "aligned": aligned_limit, "neutral": neutral(T)},
        f"{label}, T={T}, {trials} trials (seed {seed}): anti-aligned {a.peak:.4f} ± {a.peak_se:.4f} SE "
        f"[claim {anti(T):.4f}, {(a.peak - anti(T)) / a.peak_se:+.1f} SE: {'ok' if ok_anti else 'NO'}], "
        f"q-independent {q0.peak:.4f} ± {q0.peak_se:.4f} SE [claim {neutral(T):.4f}, "
        f"{(q0.peak - neutral(T)) / q0.peak_se:+.1f} SE: {'ok' if ok_neutral else 'NO'}], aligned "
        f"{al.peak:.4f} ± {al.peak_se:.4f} SE at dk={kw['dk']} and {wide.peak:.5f} ± {wide.peak_se:.5f} SE at "
        f"dk={wide_dk} (20000 trials, seed {seed_wide}) [claim -> {aligned_limit}, tolerance {nsigma:g} SE + "
        f"3/20000: {'ok' if ok_aligned else 'NO'}]; {_confidence(nsigma)}. {CONVENTIONS}.",
        [] if ex is None else [_Est("q-independent peak", q0.peak, q0.peak_se, ex)],
    )


#: §2.1 counts the order on the post-RoPE stream; a finite alphabet repeats tokens across positions.
ROPE_MODEL = dict(dk=4, T=15, alphabet=2, rope=5.0)


def check_prop1_rope(bound=_ceiling, *, model=ROPE_MODEL, trials=20_000, seed=SEED_ROPE, nsigma=4.0):
    """Prop 1's bound for an order-(0,0) head of the post-RoPE stream (the substrate of §2.1), finite alphabet."""
    MI = _mc()
    m = MI.SequenceModel(**model)
    r = MI.head_battery(m, {"rope-position": MI.rope_position_head(m.dk)}, trials=trials, seed=seed)["rope-position"]
    T = m.T
    ok = r.peak <= bound(T) + nsigma * r.peak_se
    z = (r.peak - bound(T)) / r.peak_se
    return _verdict(
        ok,
        {"peak": r.peak, "se": r.peak_se},
        {"bound": bound(T)},
        f"{_confidence(nsigma, sided=1)}; head s_j = k_j[2] + 1e4 (|k_j|^2 - |q_t|^2)^2 = <f(q_t), g(k_j)> "
        "(order (0,0)) on the "
        f"post-RoPE stream, {model}: P(peak at j*) = {r.peak:.4f} ± {r.peak_se:.4f} SE vs bound "
        f"{bound(T):.4f} ({z:+.1f} SE); P(j* tops the sub-family j != j*-1) = {r.subfamily_top:.4f} "
        f"(exchangeability would give {1 / (T - 2):.4f}); j*-1 wins {r.prev_top:.4f}. With RoPE a "
        f"repeated token's keys differ by a position-dependent rotation, so the keys "
        f"{{k_j}}_{{j != j*-1}} are not i.i.d. (the step the proof uses); {trials} trials, seed {seed}. "
        f"Without RoPE, or with a continuum alphabet, the bound holds (certificate prop1).",
        finding=""
        if ok
        else f"on post-RoPE keys P(peak at j*) = {r.peak:.4f} exceeds the bound {bound(T):.4f} by {z:.0f} SE: "
        "a repeated "
        "token's rotated keys are not i.i.d. as the proof assumes",
        severity="reading",
        reading=(
            "two readings of the keys in Prop 1: (a) the post-RoPE key vectors of §2.1's "
            "substrate, where a finite alphabet repeats tokens at different positions and the "
            "keys are not exchangeable -- the bound fails; (b) position-free token keys, the "
            "i.i.d. family the proof's exchangeability step uses -- the bound holds (prop1 "
            "PASS). The verdict uses (a)"
        ),
    )


# --- Prop 46, Thm 49: channel moments -------------------------------------------------------------

MOMENT_MODEL = dict(dk=16, T=12)


@functools.lru_cache(maxsize=8)
def _moments_all(model_kwargs: tuple, couplings: tuple, channels: tuple, trials: int, seed: int):
    """montecarlo's class_moments_many: every coupling on the same draws (memoised in this process)."""
    MI = _mc()
    return tuple(
        MI.class_moments_many(
            MI.SequenceModel(**dict(model_kwargs)), couplings, channels=channels, trials=trials, seed=seed
        )
    )


@stored
def _moments_part(model_kwargs: tuple, couplings: tuple, channels: tuple, trials: int, seed: int, index: int):
    """The ``index``-th coupling's ClassMoments of :func:`_moments_all`, stored on its own: a record of
    several couplings holds more arrays than the result store reads back, so it was recomputed each run."""
    return _moments_all(model_kwargs, couplings, channels, trials, seed)[index]


def _moments(model_kwargs: tuple, couplings: tuple, channels: tuple, trials: int, seed: int):
    """Per-class moments for each (gamma_q, gamma_k) of ``couplings``, all on the same draws, kept in the store."""
    return [_moments_part(model_kwargs, couplings, channels, trials, seed, i) for i in range(len(couplings))]


def _table(d):
    return {k: tuple(round(float(x), 3) for x in v) for k, v in d.items()}


def check_prop46(claims=TI.PROP46_PRINTED, *, model=MOMENT_MODEL, trials=20_000, seed=SEED_PROP46, nsigma=4.0):
    """Per-class means of T1..T4 (units sigma^2 d_k, gamma = 1) against Prop 46 / eqs. (41)-(42).

    Two rows: the claims against the exact means of theory.induction.channel_means() (Gaussian
    moment algebra: ``proved``), and against the Monte Carlo (``statistical``, ``nsigma`` SE); the
    exact means also stand beside the Monte Carlo (an ERROR beyond XCHECK_SIGMA)."""
    cm = _moments(tuple(sorted(model.items())), ((1.0, 1.0),), TI.CHANNELS, trials, seed)[0]
    exact = TI.channel_means()
    canonical = _canonical(model)
    ck = Checks()
    off_exact, bad, ests = [], [], []
    for cls, claim in claims.items():
        mean, se = cm.channel_mean[cls], cm.channel_se[cls]
        for k, (ch, mu, s, c) in enumerate(zip(TI.CHANNELS, mean, se, claim)):
            e = exact[cls][k]
            if not is_zero(_sym(c) - e):
                off_exact.append(f"E[{ch}({cls})] = {e} (claim {c})")
            c = float(c)
            tol = nsigma * s if s > 0 else 1e-12
            if not abs(mu - c) <= tol:
                bad.append(f"E[{ch}({cls})] = {mu:+.3f} ± {s:.3f} SE (claim {c:+g})")
            if canonical:
                ests.append(_Est(f"E[{ch}({cls})]", float(mu), float(s), float(e)))
    ck.exact(
        "exact means",
        not off_exact,
        {k: tuple(str(x) for x in v) for k, v in exact.items() if k in claims},
        {k: tuple(str(x) for x in v) for k, v in claims.items()},
        f"{len(off_exact)} class/channel means differ from the exact Gaussian moments (integers: an exact "
        "comparison)" + (": " + "; ".join(off_exact) if off_exact else ""),
    )
    ck.add(
        "Monte Carlo means",
        not bad,
        _table(cm.channel_mean),
        {k: tuple(float(x) for x in v) for k, v in claims.items()},
        f"{len(bad)} class/channel means off the claim beyond the tolerance" + (": " + "; ".join(bad) if bad else ""),
        level="statistical",
    )
    return _finish(
        ck,
        f"Classes: {', '.join(f'{k} = {v[2]}' for k, v in TI.POSITION_CLASSES.items())}. "
        f"AC = the whole stream (no DC component in the i.i.d. model, so T4^AA = T4 and the other "
        f"T4 sub-terms vanish identically). dk={model['dk']}, T={model['T']}, {trials} trials, "
        f"seed {seed}, {_confidence(nsigma)}. {CONVENTIONS}.",
        ests,
        counts=cm.count,
        severity="substantive",
        finding=(
            f"{len(off_exact)} class/channel means of (41)-(42) are wrong (exact Gaussian moments), e.g. "
            + "; ".join(off_exact[:2])
            + (f" (+{len(off_exact) - 2} more)" if len(off_exact) > 2 else "")
            if off_exact
            else ""
        ),
    )


#: Where the paper uses Thm 49's SNR after §6.3 (checked for the grade of thm49): what each use needs.
THM49_USES = (
    "Rem 50 (coupling-invariance: gamma cancels)",
    "Def 62 (M2) and (50) (a/b = sqrt(dk)/2 of one distractor, 'reached by a second route')",
    "Thm 64 proof step (1) (gamma-free ratio) and step (6) with (51) (the ceiling integrates "
    "Phi(z + a/b)^m: the per-candidate a/b)",
    "Rem 66 (the per-candidate ratio grows as sqrt(dk))",
    "Cor 69 step 5 and (60) (sqrt(dk)/sqrt(2) against sqrt(dk)/2: per-candidate a'/b' against a/b, "
    "the ceiling (51) evaluated with either)",
    "§7.11 (wider heads need less sharpening: growth as sqrt(dk)) and §A8.1 (qualitative: 'bounds a "
    "signal-to-noise ratio')",
)

THM49_GRADE = (
    "Graded minor by the rule 'substantive when a conclusion the paper draws is false or unsupported; minor "
    "when the statement as printed is wrong but the corrected statement keeps every downstream use valid; "
    "reading when true under one reasonable reading and false under another': the SNR as (43) defines it "
    "is sqrt(dk)/3, but every later use of it ("
    + "; ".join(THM49_USES)
    + ") needs only its gamma- and sigma-independence, its growth as sqrt(dk), or the per-candidate a/b = "
    "sqrt(dk)/2 that (44) computes correctly (thm49.corrected), never the value sqrt(dk)/2 of the ratio as "
    "defined; what the correction removes is the identification '(43) and (50) are the same quantity'."
)


def check_thm49(
    snr_claim=sp.sqrt(TI.dk) / 2, *, model=MOMENT_MODEL, gamma=1.0, trials=20_000, seed=SEED_THM49, nsigma=4.0
):
    """T4-only SNR exactly as eq. (43) defines it: |E gap| / std(s_{j*} - s_j), against sqrt(dk)/2.

    Two rows: the claim against the exact SNR of the Gaussian moment algebra
    (theory.induction.t4_snr_as_defined: ``proved``) and against the Monte Carlo (``statistical``)."""
    dk = model["dk"]
    cm = _moments(tuple(sorted(model.items())), ((gamma, gamma),), ("T4",), trials, seed)[0]
    claim = float(_sym(snr_claim).subs(TI.dk, dk))
    exact = TI.t4_snr_as_defined()
    ab_exact = TI.t4_snr_a_over_b()
    adj_exact = TI.t4_snr_as_defined_adjacent()
    at = {TI.dk: dk}
    ck = Checks()
    _exact_row(ck, "SNR as defined, exact", snr_claim, exact, at, "Gaussian moment algebra, T4 channel")
    ck.add(
        "SNR as defined, Monte Carlo",
        abs(cm.snr - claim) <= nsigma * cm.snr_se,
        round(float(cm.snr), 4),
        round(claim, 4),
        f"{cm.snr:.4f} ± {cm.snr_se:.4f} SE, {(cm.snr - claim) / cm.snr_se:+.1f} SE from the claim; "
        f"{_confidence(nsigma)}",
        level="statistical",
    )
    b = math.sqrt(cm.score_var["generic"])
    a = cm.score_mean["target"] - cm.score_mean["generic"]
    ests = []
    if _canonical(model):
        ests = [
            _Est("SNR as defined", cm.snr, cm.snr_se, float(exact.subs(TI.dk, dk))),
            _Est("SNR against j*+1", cm.snr_next, cm.snr_next_se, float(adj_exact.subs(TI.dk, dk))),
        ]
    return _finish(
        ck,
        f"T4 channel, gamma = {gamma:g}, dk = {dk}, T = {model['T']}: target (j* <= T-2) against one "
        f"generic distractor per trial, {cm.count['target']} pairs (seed {seed}). |E gap| = "
        f"{abs(cm.gap_mean):.3f} (a = gamma^2 sqrt(dk) = {gamma**2 * math.sqrt(dk):.3f}); "
        f"std(s_j* - s_j) = {cm.gap_std:.3f} ± {cm.gap_std_se:.3f} SE; SNR as defined = {cm.snr:.4f} ± "
        f"{cm.snr_se:.4f} SE vs claim {snr_claim} = {claim:.4f} (exact {exact} = "
        f"{float(exact.subs(TI.dk, dk)):.4f}). What (44) computes is a / b with b = "
        f"std of ONE generic distractor: measured {abs(a):.3f} / {b:.3f} = {abs(a) / b:.4f} "
        f"(exact {ab_exact} = {float(ab_exact.subs(TI.dk, dk)):.4f}); the difference has Var = Var(s_j*) "
        f"{cm.score_var['target']:.2f} + Var(s_j) {cm.score_var['generic']:.2f} (exact 5 gamma^4 + "
        f"4 gamma^4 = 9 gamma^4, Cov = 0), not 4 gamma^4. Against the adjacent distractor j*+1 "
        f"(its key momentum contains the target's token) the ratio is {cm.snr_next:.4f} ± "
        f"{cm.snr_next_se:.4f} SE (exact {adj_exact} = {float(adj_exact.subs(TI.dk, dk)):.4f}). "
        "Scope: sqrt(dk)/3 is exact for the canonical model's Gaussian embeddings (the moment "
        "algebra of theory.induction and this Monte Carlo both use them); other embedding laws change "
        "the fourth moments (the independent re-derivation gives sqrt(dk/7) for +/-1 embeddings, "
        "not computed here), and sqrt(dk)/2 holds under none of them for the SNR as (43) defines it. "
        f"{THM49_GRADE} {CONVENTIONS}.",
        ests,
        finding=f"the T4 SNR as (43) defines it is {exact} = {float(exact.subs(TI.dk, dk)):.3f} at d_k = {dk} (MC "
        f"{cm.snr:.3f}), not {snr_claim}; {ab_exact} is a/b with b the std of one distractor",
        severity="minor",
    )


def check_thm49_corrected(
    snr_def_claim=sp.sqrt(TI.dk) / 3,
    a_over_b_claim=sp.sqrt(TI.dk) / 2,
    *,
    model=MOMENT_MODEL,
    gamma=1.0,
    trials=20_000,
    seed=SEED_THM49,
    nsigma=4.0,
):
    """Corrected Thm 49: as defined the SNR is sqrt(dk)/3; a/b (b = one distractor's std) is sqrt(dk)/2.

    Each claim against its exact value (``proved``) and against the Monte Carlo (``statistical``)."""
    dk = model["dk"]
    cm = _moments(tuple(sorted(model.items())), ((gamma, gamma),), ("T4",), trials, seed)[0]
    c_def = float(_sym(snr_def_claim).subs(TI.dk, dk))
    c_ab = float(_sym(a_over_b_claim).subs(TI.dk, dk))
    a = cm.score_mean["target"] - cm.score_mean["generic"]
    a_se = math.hypot(cm.score_mean_se["target"], cm.score_mean_se["generic"])
    b = math.sqrt(cm.score_var["generic"])
    b_se = cm.score_var_se["generic"] / (2 * b)
    ab = abs(a) / b
    ab_se = ab * math.hypot(a_se / a, b_se / b)
    ex_def, ex_ab = TI.t4_snr_as_defined(), TI.t4_snr_a_over_b()
    at = {TI.dk: dk}
    ck = Checks()
    _exact_row(ck, "snr_as_defined exact", snr_def_claim, ex_def, at, "Gaussian moment algebra")
    _exact_row(ck, "a_over_b exact", a_over_b_claim, ex_ab, at, "Gaussian moment algebra")
    ck.add(
        "snr_as_defined",
        abs(cm.snr - c_def) <= nsigma * cm.snr_se,
        float(cm.snr),
        c_def,
        f"{cm.snr:.4f} ± {cm.snr_se:.4f} SE ({(cm.snr - c_def) / cm.snr_se:+.1f} SE)",
        level="statistical",
    )
    ck.add(
        "a_over_b",
        abs(ab - c_ab) <= nsigma * ab_se,
        float(ab),
        c_ab,
        f"{ab:.4f} ± {ab_se:.4f} SE ({(ab - c_ab) / ab_se:+.1f} SE)",
        level="statistical",
    )
    ests = []
    if _canonical(model):
        ests = [
            _Est("SNR as defined", cm.snr, cm.snr_se, float(ex_def.subs(TI.dk, dk))),
            _Est("a/b", ab, ab_se, float(ex_ab.subs(TI.dk, dk))),
        ]
    return _finish(
        ck,
        f"SNR as eq. (43) defines it = {cm.snr:.4f} ± {cm.snr_se:.4f} SE (claim {snr_def_claim} = {c_def:.4f}); "
        f"a/b with b the std of a single generic distractor = {ab:.4f} ± {ab_se:.4f} SE (claim "
        f"{a_over_b_claim} = {c_ab:.4f}); dk = {dk}, gamma = {gamma:g}, {trials} trials, seed {seed}, "
        f"{_confidence(nsigma)}. Exact values by Gaussian moment algebra (theory.induction).",
        ests,
    )


def check_prop46_corrected(claims=TI.channel_means(), **kw):
    """Prop 46 corrected: the exact per-class means of theory.induction.channel_means()."""
    return check_prop46(claims=claims, **kw)


# --- Cor 68: query-only heads --------------------------------------------------------------------

COR68_MODEL = dict(dk=8, T=15)
COR68_GAMMAS = (0.5, 2.0, 8.0)


#: (name in the report, name in standard_heads(dk, 5)): the PSA (1,0) score (q + gamma_q p_q)^T k_j
#: itself, its Rem 48 orientation, and two controls.
COR68_HEADS = (
    ("psa-query-only", "aligned"),
    ("psa-query-only-oriented", "anti-aligned"),
    ("far-from-query", "far-from-query"),
    ("random-linear-0", "random-linear-0"),
)


@stored
def _named_battery(model_kwargs: tuple, names: tuple, gamma_q: float, trials: int, seed: int, heads_seed: int = 5):
    """head_battery over the heads ``names`` ((report name, standard_heads name), ...) of standard_heads."""
    MI = _mc()
    model = MI.SequenceModel(**dict(model_kwargs))
    std = MI.standard_heads(model.dk, heads_seed)
    return model, MI.head_battery(
        model, {name: std[key] for name, key in names}, gamma_q=gamma_q, trials=trials, seed=seed
    )


def check_cor68(bound=_ceiling, *, model=COR68_MODEL, gammas=COR68_GAMMAS, trials=20_000, seed=SEED_COR68, nsigma=4.0):
    """Query-only (gamma_q, 0): every order-zero head of q_hat = q + gamma_q p_q stays <= 1/(T-2).

    Statistical: one-sided rows at ``nsigma`` SE (no head of the battery has an exact peak value)."""
    T = model["T"]
    bad, rows, worst, worst_z = [], [], -math.inf, -math.inf
    for i, g in enumerate(gammas):
        _, res = _named_battery(tuple(sorted(model.items())), COR68_HEADS, g, trials, seed + i)
        for name, r in res.items():
            worst = max(worst, r.peak)
            if r.peak_se > 0:
                worst_z = max(worst_z, (r.peak - bound(T)) / r.peak_se)
            if r.peak > bound(T) + nsigma * r.peak_se:
                bad.append(f"gamma_q={g:g}/{name}: {r.peak:.4f} ± {r.peak_se:.4f} SE > {bound(T):.4f}")
        o = res["psa-query-only-oriented"]
        rows.append(
            f"gamma_q={g:g}: "
            + ", ".join(f"{k} {v.peak:.4f} ± {v.peak_se:.4f} SE" for k, v in res.items())
            + f"; oriented head: argmax at T-1 {o.query_prev_top:.3f}, P(j* tops sub-family) "
            f"{o.subfamily_top:.4f}"
        )
    return _verdict(
        not bad,
        {"max_peak": worst},
        {"bound": bound(T)},
        (("; ".join(bad) + ". ") if bad else "")
        + f"dk={model['dk']}, T={T}, {trials} trials per gamma_q (seeds {seed}..{seed + len(gammas) - 1}), "
        f"bound {bound(T):.4f}, {_confidence(nsigma, sided=1)}; closest head {worst_z:+.1f} SE from the "
        "bound: "
        + "; ".join(rows)
        + ". Note: the proof's step 'conditional on q_hat the sub-family is exchangeable' does not hold "
        "with shared embeddings: q_hat contains q_{T-1}, which is the key at T-1, so position T-1 is "
        "distinguished (it wins the oriented head); the bound survives because T-1 has the same law "
        f"whether or not it is the target. {CONVENTIONS}.",
    )


# --- Cor 69 (57)-(58) and §10 (68): moments of the normalised score ---------------------------------

MOMENT_GAMMAS = (0.5, 1.0, 2.0)


def _moment_check(a_claim, b2_claim, exact, couplings_of, channels, gammas, model, trials, seed, nsigma):
    """Rows of a (gap, distractor variance) claim: each against its exact value (Gaussian moment algebra,
    ``proved``) and against the Monte Carlo at ``gammas`` (``statistical``).  Returns (Checks, rows, estimates)."""
    dk = model["dk"]
    cms = _moments(tuple(sorted(model.items())), tuple(couplings_of(g) for g in gammas), channels, trials, seed)
    ea, eb2 = exact
    ck = Checks()
    at = {TI.dk: dk, TI.gamma: gammas[0]}
    _exact_row(ck, "a exact", a_claim, ea, at, "target gap magnitude, Gaussian moment algebra")
    _exact_row(ck, "b^2 exact", b2_claim, eb2, at, "generic distractor variance, Gaussian moment algebra")
    bad_a, bad_b, rows, ests = [], [], [], []
    mc_a, mc_b, cl_a, cl_b = {}, {}, {}, {}
    for g, cm in zip(gammas, cms):
        pt = {TI.gamma: _sym(g), TI.dk: dk}
        a_c = float(_sym(a_claim).subs(pt))
        b_c = float(_sym(b2_claim).subs(pt))
        a = abs(cm.score_mean["target"] - cm.score_mean["generic"])
        a_se = math.hypot(cm.score_mean_se["target"], cm.score_mean_se["generic"])
        b2, b2_se = cm.score_var["generic"], cm.score_var_se["generic"]
        mc_a[f"gamma={g:g}"], mc_b[f"gamma={g:g}"] = round(float(a), 4), round(float(b2), 4)
        cl_a[f"gamma={g:g}"], cl_b[f"gamma={g:g}"] = round(a_c, 4), round(b_c, 4)
        if not abs(a - a_c) <= nsigma * a_se:
            bad_a.append(f"gamma={g:g}: gap {a:.3f} ± {a_se:.3f} SE vs {a_c:.3f} ({(a - a_c) / a_se:+.0f} SE)")
        if not abs(b2 - b_c) <= nsigma * b2_se:
            bad_b.append(
                f"gamma={g:g}: distractor variance {b2:.3f} ± {b2_se:.3f} SE vs {b_c:.3f} "
                f"({(b2 - b_c) / b2_se:+.0f} SE)"
            )
        rows.append(
            f"gamma={g:g}: |gap| {a:.3f} ± {a_se:.3f} SE [claim {a_c:.3f}, {(a - a_c) / a_se:+.1f} SE], "
            "Var(s_j generic) "
            f"{b2:.3f} ± {b2_se:.3f} SE [claim {b_c:.3f}, {(b2 - b_c) / b2_se:+.1f} SE]"
        )
        if _canonical(model):
            ests += [
                _Est(f"gamma={g:g} |gap|", a, a_se, float(ea.subs(pt))),
                _Est(f"gamma={g:g} Var(s_j)", b2, b2_se, float(eb2.subs(pt))),
            ]
    within = f"within {nsigma:g} SE at every gamma"
    ck.add("a Monte Carlo", not bad_a, mc_a, cl_a, "; ".join(bad_a) or within, level="statistical")
    ck.add("b^2 Monte Carlo", not bad_b, mc_b, cl_b, "; ".join(bad_b) or within, level="statistical")
    return ck, rows, ests


def check_cor69_moments(
    a_claim=TI.KEY_ONLY_A_PRINTED,
    b2_claim=TI.KEY_ONLY_B2_PRINTED,
    *,
    gammas=MOMENT_GAMMAS,
    model=MOMENT_MODEL,
    trials=20_000,
    seed=SEED_COR69,
    nsigma=4.0,
):
    """Key-only (0, gamma) score (56): target gap magnitude (57) and generic distractor variance (58)."""
    exact = TI.key_only_moments()
    ck, rows, ests = _moment_check(
        a_claim, b2_claim, exact, lambda g: (0.0, g), ("T1", "T3"), gammas, model, trials, seed, nsigma
    )
    # the missing covariance of (58) is cor69's finding: a failure on the variance alone repeats it
    fails = ck.failures()
    only_variance = bool(fails) and all(f.startswith("b^2") for f in fails)
    return _finish(
        ck,
        "; ".join(rows)
        + f". Exact (Gaussian moment algebra): a' = {exact[0]}, b'^2 = {exact[1]}: Cov(q^T k_j, q^T p_kj) "
        f"= sigma^4 d_k != 0 adds 2 gamma. dk={model['dk']}, T={model['T']}, {trials} trials, seed {seed}, "
        f"{_confidence(nsigma)}. {CONVENTIONS}.",
        ests,
        severity="substantive",
        same_finding_as=("cor69",) if only_variance else (),
        finding=f"the key-only distractor variance is b'^2 = {exact[1]} (exact), not {b2_claim}: (58) "
        "omits Cov(q^T k_j, q^T p_kj) = d_k"
        if only_variance
        else "; ".join(f"{r[0]}: {r[4]}" for r in ck.rows if not r[1])[:150],
    )


def check_cor69_moments_corrected(a_claim=TI.gamma * sp.sqrt(TI.dk), b2_claim=1 + 2 * TI.gamma + 2 * TI.gamma**2, **kw):
    """Key-only moments with the exact variance b'^2 = 1 + 2 gamma + 2 gamma^2 (= theory.induction's
    key_only_moments(), which the detail of cor69.moments prints)."""
    return check_cor69_moments(a_claim=a_claim, b2_claim=b2_claim, **kw)


def check_sec10b(
    a_claim=TI.T3T4_A_PRINTED,
    b2_claim=TI.T3T4_B2_PRINTED,
    *,
    gammas=MOMENT_GAMMAS,
    model=MOMENT_MODEL,
    trials=20_000,
    seed=SEED_SEC10,
    nsigma=4.0,
):
    """gamma T3 + gamma^2 T4 channel (§10): target gap a = gamma(1+gamma) sqrt(dk), distractor b^2 of (68)."""
    exact = TI.t3t4_moments()
    ck, rows, ests = _moment_check(
        a_claim, b2_claim, exact, lambda g: (g, g), ("T3", "T4"), gammas, model, trials, seed, nsigma
    )
    qp = _moments(tuple(sorted(model.items())), ((1.0, 1.0),), ("T3", "T4"), trials, seed)[0]
    qp_exact = TI.normalised_moments("query_prev", TI.gamma, TI.gamma, ("T3", "T4"), 1)[0]
    qp_at1 = float(qp_exact.subs({TI.gamma: 1, TI.dk: model["dk"]}))
    if _canonical(model):
        ests.append(
            _Est("query_prev mean (gamma=1)", qp.score_mean["query_prev"], qp.score_mean_se["query_prev"], qp_at1)
        )
    return _finish(
        ck,
        "; ".join(rows)
        + f". Exact: a = {exact[0]}, b^2 = {exact[1]}. The distractor is a generic one; the query's predecessor "
        f"position T-1 is not (mean score at gamma = 1: {qp.score_mean['query_prev']:+.3f}, exact "
        f"{qp_exact} = {qp_at1:+.3f}). dk={model['dk']}, T={model['T']}, "
        f"{trials} trials, seed {seed}, {_confidence(nsigma)}. {CONVENTIONS}.",
        ests,
    )


# --- §7.9: the independence test ----------------------------------------------------------------

#: §7.9: "shifts the extracted gamma_c by a median of -0.6%, with a maximum of 2.9% over the grid"
#: (in per cent, as printed).
SEC79_MEDIAN = "-0.6"
SEC79_MAX = "2.9"
SEC79_VARIANTS = ("matched", "gaussian")


@stored
def _independence_shifts(points, variants, trials, seeds, seed):
    """montecarlo's independence_shifts, cached by its settings (claim perturbations redo only the comparison).

    The independent surrogate runs the reference T4 kernel (montecarlo.kernels.cheap_compile_t4:
    the same bits, a fraction of the blocked kernel's compile time, which a first run would
    otherwise pay for this certificate alone)."""
    from montecarlo import kernels

    with kernels.cheap_compile_t4():
        return _mc().independence_shifts(points, variants=variants, trials=trials, seeds=seeds, seed=seed)


@stored
def _independent_exact(points):
    """gamma_c of the independent score model (Def 62: t4, m = T-2, chance 1/(T-1), the §7.9 grid and
    extraction) at each point, by quadrature (montecarlo.exact; nan where it has no transition).

    montecarlo.exact.gamma_c_exact_value: gamma_c_exact's number bit for bit, with the quadrature
    done only at the grid points the extraction reads (the plateau, and up to the crossing)."""
    from montecarlo import exact

    out = []
    for dk, T in points:
        g = exact.gamma_c_exact_value(dk, T, model="t4")
        out.append(math.nan if g is None else float(g))
    return tuple(out)


#: The two readings of §7.9's ensemble, by the variant of montecarlo.induction that builds each.
SEC79_READINGS = {
    "matched": "random |p_q| (p_q = q_T - q_{T-1} at embedding level, |p_q|^2 = 2 chi^2_dk: a scale mixture)",
    "gaussian": "normalised p_q (|p_q|^2 fixed at its mean 2 d_k: every candidate exactly N(a, b^2), "
    "adjacent correlation -1/2)",
}


def check_sec79_independence(
    median_claim=SEC79_MEDIAN,
    max_claim=SEC79_MAX,
    *,
    variants=SEC79_VARIANTS,
    points=None,
    trials=8_000,
    seeds=5,
    seed=SEED_SEC79,
    nsigma=3.0,
    paper_trials=60_000,
):
    """Dependent T4 ensemble against the independent surrogate on the 18-point grid: median and max shift
    (the claims in per cent, as printed: "-0.6", "2.9").

    PASS iff, for some ensemble variant, |median - claim| and |max|shift| - claim| are within
    nsigma x (our SE (+) the SE the paper's 5 x 60,000 protocol has) + 0.05% (half the printed unit).
    Statistical; the surrogate's Monte-Carlo gamma_c stands beside its exact value (quadrature of the
    independent model, montecarlo.exact): an ERROR beyond XCHECK_SIGMA SE at any point.  The two
    variants are the two readings of §7.9's ensemble (:data:`SEC79_READINGS`); graded ``reading``.
    """
    from theory import laws

    MI = _mc()
    med_claim, mx_claim = float(median_claim) / 100, float(max_claim) / 100  # claims printed in per cent
    points = MI.GRID_79 if points is None else tuple(points)
    allrows = _independence_shifts(tuple(points), tuple(variants), trials, seeds, seed)
    exact = _independent_exact(tuple(points))
    scale = math.sqrt(trials / paper_trials)
    parts, measured, ok_any, concl = [], {}, False, {}
    for v, rows in allrows.items():
        s = MI.shift_summary(rows, seed=seed, protocol_scale=scale)
        tol_med = nsigma * math.hypot(s.median_se, s.protocol_median_se) + 5e-4
        tol_max = nsigma * math.hypot(s.max_abs_se, s.protocol_max_abs_se) + 5e-4
        ok_med = abs(s.median - med_claim) <= tol_med
        ok_max = abs(s.max_abs - mx_claim) <= tol_max
        ok_any = ok_any or (ok_med and ok_max)
        measured[v] = {
            "median": s.median,
            "median_se": s.median_se,
            "max_abs": s.max_abs,
            "max_abs_se": s.max_abs_se,
            "max_signed": s.max_signed,
            "min_signed": s.min_signed,
        }
        vs_exact = [r.dependent / e - 1.0 for r, e in zip(rows, exact) if math.isfinite(e)]
        cond = [abs(r.shift) for r in rows if r.dk < laws.crossover(r.T)]
        mf = [abs(r.shift) for r in rows if r.dk >= laws.crossover(r.T)]
        concl[v] = (s.median, s.max_abs, s.worst, max(cond, default=math.nan), max(mf, default=math.nan))
        pts = ", ".join(f"({r.dk},{r.T}) {100 * r.shift:+.2f}±{100 * r.shift_se:.2f} SE" for r in rows)
        parts.append(
            f"[{v}: {SEC79_READINGS.get(v, v)}] median {100 * s.median:+.2f}% ± {100 * s.median_se:.2f} SE (tolerance "
            f"{100 * tol_med:.2f}: {'ok' if ok_med else 'NO'}), max|shift| {100 * s.max_abs:.2f}% ± "
            f"{100 * s.max_abs_se:.2f} SE at {s.worst} (tolerance {100 * tol_max:.2f}: {'ok' if ok_max else 'NO'}), "
            f"signed range [{100 * s.min_signed:+.2f}%, {100 * s.max_signed:+.2f}%]"
            + (
                f"; against the exact independent gamma_c instead: median "
                f"{100 * statistics.median(vs_exact):+.2f}%, max|shift| {100 * max(map(abs, vs_exact)):.2f}%"
                if vs_exact
                else ""
            )
            + f"; per point: {pts}"
        )
    first = next(iter(allrows.values()))
    ests = [
        _Est(f"independent gamma_c ({r.dk},{r.T})", r.independent, r.independent_se, e)
        for r, e in zip(first, exact)
        if math.isfinite(e)
    ]
    reading = ""
    if "matched" in concl and "gaussian" in concl:
        (ma_med, ma_max, ma_w, ma_c, ma_mf), (ga_med, ga_max, ga_w, ga_c, ga_mf) = concl["matched"], concl["gaussian"]
        reading = (
            "two readings of 'the full dependence structure -- shared query momentum across candidates, "
            "overlapping keys between adjacent positions, moments matched to the independent case': "
            f"(a) {SEC79_READINGS['matched']}: each candidate's mean and variance equal Def 62's a, b^2 "
            f"with no adjustment, the common random scale couples every candidate; shifts median "
            f"{100 * ma_med:+.2f}%, max {100 * ma_max:.1f}% at {ma_w} (max {100 * ma_c:.1f}% on the condensed "
            f"points d_k < 8L, {100 * ma_mf:.2f}% on the mean-field ones), so 'smaller than the median error of "
            "the law' (2.6%, §7.9) fails on the condensed branch; (b) "
            f"{SEC79_READINGS['gaussian']}: 'moments matched' as a construction step, every moment of each "
            f"candidate matched, the shared p_q then correlating only the overlapping keys; shifts median "
            f"{100 * ga_med:+.2f}%, max {100 * ga_max:.2f}% at {ga_w} ({100 * ga_c:.2f}% condensed, "
            f"{100 * ga_mf:.2f}% mean-field): the conclusion holds, the printed "
            "-0.6% / 2.9% are not reproduced (a minor discrepancy under this reading). The text excludes "
            "neither: 'moments matched' is fully true only of (b), 'shared query momentum' as a source of "
            "dependence suggests (a). The verdict (FAIL) holds under both readings: neither reproduces "
            "the printed pair within its tolerance"
        )
    return _verdict(
        ok_any,
        measured,
        {"median": med_claim, "max_abs": mx_claim},
        "Ensembles (T4 channel, gamma^2 (p_q^T p_kj + dk 1{j=j*}) / sqrt(dk), moments of every candidate "
        "= Def 62's a, b): 'matched' = embedding level, p_q = q_T - q_{T-1} shared by all candidates, "
        "key momenta k_{j+1} - k_j of one i.i.d. key stream (adjacent candidates share a key); "
        "'gaussian' = the jointly Gaussian ensemble with the same covariance (|p_q| fixed: adjacent "
        f"correlation -1/2 only). {len(points)} grid points. "
        f"Independent surrogate: montecarlo.gamma_c_mc (t4, m = T-2, chance "
        f"1/(T-1)); same §7.9 extraction. {seeds} seeds x {trials} trials per point and ensemble, seeds "
        f"from {seed}; tolerance {nsigma:g} x SE (bootstrap over per-point seed-spread SEs, combined with "
        f"the SE at the paper's {seeds} x {paper_trials} protocol) + 0.05% (two-sided at {nsigma:g} SE: a "
        f"true claim fails a row with probability {math.erfc(nsigma / math.sqrt(2.0)):.1e}). "
        + " ".join(parts)
        + (" Graded reading: " + reading + "." if reading and not ok_any else ""),
        ests,
        finding=""
        if ok_any
        else f"no reading of the dependent ensemble gives the printed median {100 * med_claim:+.1f}% / max "
        f"{100 * mx_claim:.1f}% shift of gamma_c: "
        + "; ".join(f"{v} {100 * m['median']:+.2f}% / {100 * m['max_abs']:.1f}%" for v, m in measured.items()),
        severity="reading",
        reading=reading,
    )


# --- the table ------------------------------------------------------------------------------------

CERTIFICATES = [
    certify(
        ST["prop1"],
        check_prop1,
        Kind.MONTE_CARLO,
        "order-zero heads (Rem 2 regimes, random linear and non-linear maps, float16) never beat "
        "1/(T-2); the sub-family j != j*-1 is exchangeable",
    ),
    certify(
        ST["prop1"],
        check_prop1_rope,
        Kind.MONTE_CARLO,
        "Prop 1's bound for an order-(0,0) head of the post-RoPE stream with a finite alphabet",
        cid="prop1.rope",
        title="Order-zero ceiling on the post-RoPE stream",
    ),
    certify(
        ST["rem2"],
        check_rem2,
        Kind.MONTE_CARLO,
        "anti-aligned head attains 1/(T-2), aligned head -> 0, neutral (q-independent) head 1/(T-1)",
    ),
    certify(
        ST["prop46"],
        check_prop46,
        Kind.MONTE_CARLO,
        "per-position means of T1..T4 in the canonical model against (41)-(42) and 'T1 constant, T2 mean-zero'",
    ),
    certify(
        ST["prop46"],
        check_prop46_corrected,
        Kind.MONTE_CARLO,
        "per-position means of T1..T4 against the exact values (positions j*-1 and T-1 included)",
        cid="prop46.corrected",
        title="The discriminative sub-terms, every candidate position",
    ),
    certify(
        ST["thm49"],
        check_thm49,
        Kind.MONTE_CARLO,
        "T4-only SNR as (43) defines it (std of the difference s_j* - s_j) against sqrt(dk)/2",
    ),
    certify(
        ST["thm49"],
        check_thm49_corrected,
        Kind.MONTE_CARLO,
        "SNR as defined = sqrt(dk)/3; a/b of (44) with b = one distractor's std = sqrt(dk)/2",
        cid="thm49.corrected",
        title="Single-layer SNR: the two ratios",
    ),
    certify(
        ST["cor68"],
        check_cor68,
        Kind.MONTE_CARLO,
        "query-only heads of q + gamma_q p_q (PSA (1,0) score, both orientations, others) stay <= 1/(T-2)",
    ),
    Certificate(
        "cor69.moments",
        "Key-only moments (57)-(58)",
        "Cor 69, eqs. (57)–(58)",
        "Monte Carlo of the key-only score (56): target gap gamma sqrt(dk), distractor variance 1 + 2 gamma^2",
        Kind.MONTE_CARLO,
        check_cor69_moments,
        PACK,
        "§6.8",
        "transition",
        ("cor69", "prop46"),
        statement="a' = gamma sqrt(d_k) (57); b'^2 = 1 + 2 gamma^2 (58)",
        sympy_form=lambda: {"a": TI.KEY_ONLY_A_PRINTED, "b2": TI.KEY_ONLY_B2_PRINTED},
    ),
    Certificate(
        "cor69.moments.corrected",
        "Key-only moments, exact variance",
        "Cor 69, eqs. (57)–(58)",
        "Monte Carlo of the key-only score against the exact b'^2 = 1 + 2 gamma + 2 gamma^2",
        Kind.MONTE_CARLO,
        check_cor69_moments_corrected,
        PACK,
        "§6.8",
        "transition",
        ("cor69", "prop46"),
        statement="a' = gamma sqrt(d_k); b'^2 = 1 + 2 gamma + 2 gamma^2 (Cov(q^T k_j, q^T p_kj) = d_k)",
        sympy_form=lambda: dict(zip(("a", "b2"), TI.key_only_moments())),
    ),
    Certificate(
        "sec10.b",
        "Moments with T3 retained",
        "§10 and Eq (68)",
        "Monte Carlo of the gamma T3 + gamma^2 T4 channel: a = gamma(1+gamma) sqrt(dk), "
        "b^2 = 2 gamma^2 + 4 gamma^3 + 4 gamma^4",
        Kind.MONTE_CARLO,
        check_sec10b,
        PACK,
        "§10",
        "transition",
        ("prop46", "thm49"),
        statement="a = gamma (1 + gamma) sqrt(d_k), b^2 = 2 gamma^2 + 4 gamma^3 + 4 gamma^4 (68)",
        sympy_form=lambda: {"a": TI.T3T4_A_PRINTED, "b2": TI.T3T4_B2_PRINTED},
    ),
    Certificate(
        "sec7.9.independence",
        "Independence is measured, not assumed",
        "§7.9",
        "dependent T4 ensemble (shared query momentum, overlapping keys, matched moments) shifts "
        "gamma_c by median -0.6%, max 2.9% over the 18-point grid",
        Kind.MONTE_CARLO,
        check_sec79_independence,
        PACK,
        "§7.9",
        "transition",
        ("def62", "thm64.eq52"),
        statement="rebuilding the ensemble with the full dependence structure shifts the extracted "
        "gamma_c by a median of -0.6%, with a maximum of 2.9% over the grid",
    ),
]
