"""The reduced model G(dk, T; gamma) of Def 62 as the judge of the printed Monte-Carlo numbers.

A printed Monte-Carlo number of §7.9, §7.10, C8 or Rem 70 is an estimate, by the paper's protocol (5
seeds x 60,000 trials, 61-point grid on [0, 8], gamma_c at the midpoint between chance 1/(T-1) and the
plateau A(8), linear interpolation), of a property of G.  The model has an exact, noise-free value
for it (:mod:`montecarlo.exact`: A(gamma) by quadrature, ~1e-13), so the certificates judge each
printed number against the exact value with the paper's own sampling noise as the tolerance, by a
three-way rule that never loosens a tolerance to reach a PASS (:func:`decide`):

* FAIL when ``|printed - exact| > half a printed unit + K_SIGMA * SE_upper`` -- outside even for the
  noisiest estimate the paper's protocol can produce;
* PASS when ``|printed - exact| <= half a printed unit + K_SIGMA * SE_lower`` -- inside even for the
  least noisy one;
* otherwise (a *band* row) the exact value still judges, with the paper's own standard error
  ESTIMATED by our Monte Carlo, when it is stored or the run asks for it (``--thorough``): PASS when
  ``|printed - exact| <= half a unit + K_SIGMA * SE_hat`` (:func:`se_hat`), FAIL when not -- taken
  only when the decision is the same at both ends of SE_hat's own 95% confidence interval
  (:func:`se_hat_ends`: the chi-square interval of a standard deviation from k seeds,
  ``sqrt((k-1) s^2 / chi2_{0.975,k-1}) .. sqrt((k-1) s^2 / chi2_{0.025,k-1})``, x0.60..x2.87 for
  the paper's k = 5; each end clipped into ``[SE_lower, SE_upper]``); where the two ends disagree, the
  Monte Carlo at :data:`BAND_SEEDS` = 20 seeds (x0.76..x1.46; stored or under ``--thorough``) is asked
  for (:func:`decide_band`).  Without the Monte Carlo, or when the two ends still disagree (more seeds
  decide), the row is ``undecided``: shown as undecided with
  why; a certificate with a failing decided row FAILs on its decided rows, one without is an ERROR,
  never a PASS.

SE_hat: our Monte Carlo runs the paper's protocol at the paper's sizes (5 seeds x 60,000 trials, the
same extraction and statistic), so the seed spread of its statistic, ``sd(per-seed values) /
sqrt(seeds)``, estimates the standard error of the paper's printed estimate (rescaled by
``sqrt(seeds_ours / seeds_paper)`` if it ran another number of seeds), clipped into ``[SE_lower,
SE_upper]`` (both rigorous to first order; 5 seeds estimate an SE to about +-35 %, and the clip keeps
that noise from going outside what the model allows; the detail says when it clipped).  Since 5 seeds
know SE_hat only to x0.60..x2.87 at 95 %, a band row is decided only where both ends of that interval
give the same answer (issue 25).  The Monte
Carlo's own mean does not enter the verdict: comparing ``|printed - MC|`` with the MC's SE alone
would compare two noisy estimates with one of the two noises and replace the noise-free judge by a
noisy one.

K_SIGMA = 4 (two-sided, a true claim lies outside with probability 6e-5 per row).  The paper
prints no K for these numbers: Table 10 reads C7 as "agrees within 3 sigma", §7.10 calls its 9e-4
"within the Monte-Carlo standard error", §7.9 gives only the seed-to-seed spread (at most 0.003,
typically 0.001) and Rem 72 "the error bars".

SE_upper is an upper bound of the standard error of the paper's estimate, computed from the exact
model: the per-trial variance of the softmax mass (:func:`montecarlo.exact.trial_variance`) gives the
sd of one seed's curve at every coupling; the §7.9 extraction, linearised at the exact crossing,
splits one seed's gamma_c noise into a part that moves it up (the plateau) and one that moves it
down (the crossing), and a statistic of several points (a mean, a correlation, a median) splits the
same way (:func:`se_bound`).  Every softmax mass is nondecreasing in the target's draw and
nonincreasing in each distractor's, so by the Harris (FKG) inequality all of them are nonnegatively
correlated -- whether one set of draws serves the whole grid and every point (as ours does) or each
has its own -- and the two parts' variances add: ``SE <= sqrt(SE_up^2 + SE_down^2)``, each part's SE
at most the sum of its terms'.  The bound is within a factor ~1-2 of the Monte Carlo's own seed
spread where we measured it; it never understates the paper's noise under either sampling scheme.
SE_lower is the partner lower bound (:func:`montecarlo.exact.statistic_se_lower`): the plateau part's
sd is exact, the crossing part's is at least the root of the sum of its terms' squares (nonnegative
covariances), each direction's sum at least the root of its parts' squares, and ``sd(U - V) >=
|sd U - sd V|`` for any correlation; it is 0 where the two directions can cancel.  Both bounds are
first order in the noise (the extraction linearised at the exact crossing, the statistic at the
exact values).

Evidence level: ``statistical``.  The exact values are float64 quadratures (~1e-13, far below every
SE); an Arb enclosure of A would not make these rows ``enclosed``, since the printed number is a
Monte-Carlo estimate judged with an SE-based tolerance, not against its rounding interval.

The Monte Carlo at the paper's sizes (the §7.9 sweeps, seeds 90000..90004) is a cross-check shown
beside each exact value when it is already in the signed result store, or when the run asks for it
(``psa-cert run --thorough``: :func:`certificates.psa._mcstore.thorough`); otherwise the detail says
it was not run.  Its seed SE (SE_hat) decides the rows the two exact bounds leave open; its mean is a
cross-check only: a disagreement with the exact value beyond ``XCHECK_SIGMA`` of SE_upper is an ERROR
(the engine or the quadrature is wrong).
"""

from __future__ import annotations

import functools
import math
import types
from typing import Any, Callable, Optional

import numpy as np

from theory import validation as V

from ..levels import EXACT_MODEL_NOTE
from ._mcstore import _fresh, stored, thorough

#: The rule of a printed Monte-Carlo number: FAIL beyond half a printed unit + K_SIGMA x SE_upper,
#: PASS within half a printed unit + K_SIGMA x SE_lower, between them + K_SIGMA x SE_hat (:func:`decide`,
#: :func:`se_hat`).
K_SIGMA = 4.0
#: |MC - exact| beyond this many SE (the upper bound) is an ERROR of the cross-check.
XCHECK_SIGMA = 4.0
#: The paper's protocol (§7.9): seeds x trials, grid, chance 1/(T-1).
TRIALS, SEEDS = int(V.PROTOCOL["trials"]), int(V.PROTOCOL["seeds"])  # ints: typed dict[str, float]
GRID, GAMMA_MAX = int(V.PROTOCOL["grid"]), V.PROTOCOL["gamma_max"]
CHANCE = "T-1"
PRESETS = ("paper-grid", "t-axis")
#: Seeds of our Monte-Carlo cross-check (used in no derivation and in no test).
MC_SEED = 90_000
#: The seeds of the Monte Carlo at the paper's sizes run (stored, or under --thorough) for a band row that
#: SE_hat's 95% interval from the paper's 5 seeds leaves open: from 20 seeds the interval is x0.76..x1.46.
BAND_SEEDS = 20

SE_SOURCE = (
    f"SE_upper / SE_lower = an upper / a lower bound of the standard error of the paper's estimate ({SEEDS} "
    f"seeds x {TRIALS:,} trials) from the exact model's per-trial variance (shared or independent draws: "
    "Harris-FKG; first order in the noise)"
)
RULE = (
    f"FAIL when |printed - exact| > half a printed unit + {K_SIGMA:g} SE_upper; PASS when <= half a unit + "
    f"{K_SIGMA:g} SE_lower; between them PASS when <= half a unit + {K_SIGMA:g} SE_hat, SE_hat the paper's SE "
    "estimated by the seed spread of our Monte Carlo at the paper's sizes (clipped into [SE_lower, SE_upper]) when "
    "stored or under --thorough, decided only when the decision is the same at both ends of SE_hat's own 95% "
    "chi-square interval from its seeds; else the row is undecided (shown as undecided, with why; the certificate "
    "FAILs on its decided rows when one fails, and is an ERROR, never a PASS, when none does)"
)
#: The detail's words for the rows the exact bounds leave open and no Monte Carlo decided.
UNDECIDED = "undecided without the Monte Carlo at the paper's sizes: psa-cert run --thorough decides"
#: ... and for those the Monte Carlo did not decide: SE_hat's own 95% interval gives both answers.
UNDECIDED_CI = (
    "undecided with the Monte Carlo at the paper's sizes: SE_hat's own 95% interval leaves it open (more seeds decide)"
)


def undecided_words(mc_ran: bool) -> str:
    """Why a band row is undecided: no Monte Carlo ran (:data:`UNDECIDED`), or it ran and SE_hat's
    interval leaves the row open (:data:`UNDECIDED_CI`)."""
    return UNDECIDED_CI if mc_ran else UNDECIDED


def decide(
    ok_upper: bool, ok_lower: bool, ok_mc: Optional[bool | tuple[bool, bool]], note: str = ""
) -> tuple[Optional[bool], str]:
    """The three-way rule of a printed Monte-Carlo number (:data:`RULE`): ``ok_upper`` / ``ok_lower`` /
    ``ok_mc``: the printed number lies within the tolerance built on SE_upper / SE_lower / SE_hat
    (:func:`se_hat`) of the EXACT value (``ok_mc`` None: no Monte Carlo, or its SE undefined).  A band
    row (between the bounds) is decided only when the decision is the same at both ends of SE_hat's own
    95% confidence interval (:func:`se_hat_ends`): ``ok_mc`` is then the pair (with SE_hat at the
    interval's low end, at its high end), and the row is undecided when the two differ (a single bool
    is SE_hat's point value, taken as decided: for callers that have no interval).
    ``note``: what :func:`se_hat` said (clipped, rescaled, undefined, its interval), added to the
    words.  Returns (verdict, how it was reached); verdict None: undecided."""
    if not ok_upper:
        return False, f"{EXACT_MODEL_NOTE}: outside even with SE_upper"
    if ok_lower:
        return True, f"{EXACT_MODEL_NOTE}: inside even with SE_lower"
    if ok_mc is None:
        why = note or "--thorough decides"
        return None, f"undecided between SE_lower and SE_upper ({why})"
    if isinstance(ok_mc, tuple):  # the rule with SE_hat at the low and at the high end of its own CI
        at_lo, at_hi = (bool(x) for x in ok_mc)
        if at_lo != at_hi:
            return None, (
                "undecided between SE_lower and SE_upper: SE_hat's own 95% confidence interval leaves it open (PASS "
                "at its high end, FAIL at its low end; more seeds decide)" + (f"; {note}" if note else "")
            )
        ok_mc = at_lo
    how = (
        "decided by the Monte Carlo's estimate of the paper's SE (exact value, SE_hat between SE_lower and SE_upper, "
        "the same decision at both ends of SE_hat's 95% confidence interval)"
    )
    return bool(ok_mc), how + (f"; {note}" if note else "")


def decide_band(
    ok_upper: bool,
    ok_lower: bool,
    ends_of: Callable[[int], tuple[Optional[tuple[float, float]], str]],
    test: Callable[[float], bool],
) -> tuple[Optional[bool], str]:
    """:func:`decide` with SE_hat's interval from the Monte Carlo at the paper's :data:`SEEDS` seeds and,
    where that interval leaves a band row open, from :data:`BAND_SEEDS` seeds (stored, or run under
    --thorough).  ``ends_of(seeds)`` gives (:func:`se_hat_ends` of the Monte Carlo at that many seeds,
    or None without it; its words); ``test(se)``: the row holds with that SE."""
    if not ok_upper or ok_lower:  # decided by the exact bounds: no Monte Carlo needed
        return decide(ok_upper, ok_lower, None)
    ends, note = ends_of(SEEDS)
    ok, how = decide(ok_upper, ok_lower, None if ends is None else (test(ends[0]), test(ends[1])), note)
    if ok is None and ends is not None:
        more, note_more = ends_of(BAND_SEEDS)
        if more is not None:
            ok, how = decide(ok_upper, ok_lower, (test(more[0]), test(more[1])), note_more)
    return ok, how


#: :func:`se_hat`'s words when the Monte Carlo's SE is undefined (a per-seed value undefined).
SE_HAT_UNDEFINED = "the Monte Carlo's seed SE is undefined"


def se_hat(
    mc_se: Optional[float],
    se_lower: Optional[float],
    se_upper: Optional[float],
    *,
    mc_seeds: int = SEEDS,
    paper_seeds: int = SEEDS,
    mc_trials: int = TRIALS,
    paper_trials: int = TRIALS,
) -> tuple[Optional[float], str]:
    """SE_hat, the standard error of the paper's printed estimate as our Monte Carlo estimates it, and a
    note ('' when nothing was done to it).

    ``mc_se`` is the SE of our estimate of the same statistic (``sd(per-seed values) / sqrt(mc_seeds)``,
    :meth:`_Ctx.val`, or a point's ``sd / sqrt(seeds)``) at the paper's trials per seed; the paper's
    estimate averages ``paper_seeds`` seeds, so its SE is ``mc_se * sqrt(mc_seeds / paper_seeds)`` (and,
    to first order in the per-trial noise, ``* sqrt(mc_trials / paper_trials)`` had ours run another
    number of trials per seed; the certificates' Monte Carlo runs the paper's 5 x 60,000).  It is
    clipped into ``[se_lower, se_upper]``, the exact model's rigorous first-order bounds (None: that
    side is not bounded).  Returns (None, :data:`SE_HAT_UNDEFINED`) where ``mc_se`` is undefined."""
    if mc_se is None or isinstance(mc_se, bool) or not math.isfinite(float(mc_se)) or mc_se < 0:
        return None, SE_HAT_UNDEFINED
    s = float(mc_se)
    notes = []
    if (mc_seeds, mc_trials) != (paper_seeds, paper_trials):
        s *= math.sqrt(mc_seeds * mc_trials / (paper_seeds * paper_trials))
        notes.append(
            f"SE_hat rescaled from {mc_seeds} seeds x {mc_trials:,} trials to the paper's "
            f"{paper_seeds} x {paper_trials:,}"
        )
    if se_lower is not None and s < se_lower:
        notes.append(f"SE_hat {s:.2g} clipped up to SE_lower {se_lower:.2g}")
        s = float(se_lower)
    elif se_upper is not None and s > se_upper:
        notes.append(f"SE_hat {s:.2g} clipped down to SE_upper {se_upper:.2g}")
        s = float(se_upper)
    return s, "; ".join(notes)


#: The confidence of SE_hat's own interval (issue 25): a band row is decided only when the decision is the
#: same with SE_hat at both ends of it (:func:`se_hat_ends`).
SE_HAT_CONFIDENCE = 0.95


def sd_interval_factors(seeds: int, confidence: float = SE_HAT_CONFIDENCE) -> tuple[float, float]:
    """(lo, hi) such that ``[lo s, hi s]`` is the chi-square confidence interval of a normal standard
    deviation estimated as ``s`` from ``seeds`` values: ``sqrt((k-1) / chi2_{(1+c)/2, k-1})`` ..
    ``sqrt((k-1) / chi2_{(1-c)/2, k-1})`` (k = seeds; for k = 5 and c = 0.95: 0.599 .. 2.87).  It holds
    for SE = sd / sqrt(k) alike.  Fewer than 2 seeds: (0, inf)."""
    from scipy.stats import chi2

    k1 = int(seeds) - 1
    if k1 < 1:
        return 0.0, math.inf
    a = (1.0 - confidence) / 2.0
    return math.sqrt(k1 / float(chi2.ppf(1.0 - a, k1))), math.sqrt(k1 / float(chi2.ppf(a, k1)))


def se_hat_ends(
    mc_se: Optional[float],
    se_lower: Optional[float],
    se_upper: Optional[float],
    *,
    mc_seeds: int = SEEDS,
    paper_seeds: int = SEEDS,
    mc_trials: int = TRIALS,
    paper_trials: int = TRIALS,
) -> tuple[Optional[tuple[float, float]], str]:
    """SE_hat at the two ends of its own 95% confidence interval (:func:`sd_interval_factors` for the
    Monte Carlo's ``mc_seeds`` seeds), each rescaled and clipped into ``[se_lower, se_upper]`` as
    :func:`se_hat` does, and the note (the interval and its seed count, what the clip did).  Returns
    (None, :data:`SE_HAT_UNDEFINED`) where ``mc_se`` is undefined."""
    point, note = se_hat(
        mc_se, None, None, mc_seeds=mc_seeds, paper_seeds=paper_seeds, mc_trials=mc_trials, paper_trials=paper_trials
    )
    if point is None:
        return None, note
    f_lo, f_hi = sd_interval_factors(mc_seeds)
    lo, note_lo = se_hat(point * f_lo, se_lower, se_upper)
    hi, note_hi = se_hat(point * f_hi, se_lower, se_upper)
    assert lo is not None and hi is not None  # finite, nonnegative inputs
    words = (
        f"SE_hat {point:.2g} from {mc_seeds} seeds, its {SE_HAT_CONFIDENCE:.0%} interval "
        f"{point * f_lo:.2g}..{point * f_hi:.2g} (x{f_lo:.2f}..x{f_hi:.2f})"
    )
    return (lo, hi), "; ".join(x for x in (note, words, note_lo, note_hi) if x)


def se_hat_words(se: Optional[float], note: str) -> str:
    """The words a row's ``how`` gives SE_hat: what :func:`se_hat` did, else its value."""
    return note or ("" if se is None else f"SE_hat {se:.2g}")


def _preset_axes(preset: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    src = {"paper-grid": V.PAPER_GRID, "t-axis": V.T_AXIS}[preset]
    return tuple(src["dks"]), tuple(src["Ts"])


def _exact_preset(preset: str, distractors: str, trials: int, seeds: int) -> list:
    """Point records of a preset (grid order: T outer, dk inner) from the exact model, in the form
    of :mod:`montecarlo.stats`' sweep records: ``gamma_c`` (exact §7.9 extraction) with ``sd`` the
    bound of one seed's sd and ``se = sd / sqrt(seeds)``, ``plateau`` A(gamma_max) with the exact sd
    of one seed's estimate, ``p_inf`` (51) with the same m."""
    import numpy as np

    from montecarlo import conventions as conv
    from montecarlo import exact
    from theory import laws

    dks, Ts = _preset_axes(preset)
    em = exact.error_map(
        dks, Ts, distractors=distractors, chance=CHANCE, grid=GRID, gamma_max=GAMMA_MAX, keep_curves=True
    )
    plus, minus, psd, lower, qlow = exact.seed_noise(em, trials)
    out = []
    for j, T in enumerate(Ts):
        m = conv.distractor_count(T, distractors)
        for i, dk in enumerate(dks):
            gc = float(em.gamma_c[i, j])
            pl, mi = float(plus[i, j]), float(minus[i, j])
            sd = math.hypot(pl, mi)
            fin = math.isfinite(sd)
            out.append(
                {
                    "dk": int(dk),
                    "T": int(T),
                    "m": int(m),
                    "gamma_c": {
                        "mean": gc if math.isfinite(gc) else None,
                        "sd": sd if fin else None,
                        "se": sd / math.sqrt(seeds) if fin else None,
                        "plus": pl if fin else None,
                        "minus": mi if fin else None,
                        "sd_lower": float(lower[i, j]) if fin else None,
                        "se_lower": float(lower[i, j]) / math.sqrt(seeds) if fin else None,
                        "minus_lower": float(qlow[i, j]) if fin else None,
                    },
                    "plateau": {
                        "mean": float(em.plateau[i, j]),
                        "sd": float(psd[i, j]),
                        "se": float(psd[i, j]) / math.sqrt(seeds),
                    },
                    "p_inf": float(np.asarray(laws.p_inf(dk, T, m=m))),
                    "law": None,
                }
            )
    return out


#: the exact records, kept in this process and in the signed result store (deterministic values,
#: keyed like the Monte Carlo by the source of this module and of montecarlo/)
exact_preset = stored(_exact_preset, monte_carlo=False)


def exact_point(preset: str, distractors: str, dk, T) -> dict:
    """The exact record of one point of a preset."""
    for p in exact_preset(preset, distractors, TRIALS, SEEDS):
        if p["dk"] == dk and p["T"] == T:
            return p
    raise KeyError(f"({dk}, {T}) is not a point of {preset}")


@functools.lru_cache(maxsize=64)
def exact_gamma_c(dk, T, distractors: str) -> dict:
    """The exact gamma_c record (mean, se, plus, minus) at any point: a preset's record where the point
    is on the §7.9 grid or the T axis, else computed (one point, a fraction of a second)."""
    for preset in PRESETS:
        dks, Ts = _preset_axes(preset)
        if dk in dks and T in Ts:
            return exact_point(preset, distractors, dk, T)["gamma_c"]
    from montecarlo import exact

    em = exact.error_map(
        [dk], [T], distractors=distractors, chance=CHANCE, grid=GRID, gamma_max=GAMMA_MAX, keep_curves=True
    )
    plus, minus, _, lower, qlow = exact.seed_noise(em, TRIALS)
    gc, pl, mi = float(em.gamma_c[0, 0]), float(plus[0, 0]), float(minus[0, 0])
    sd = math.hypot(pl, mi)
    fin = math.isfinite(sd)
    return {
        "mean": gc if math.isfinite(gc) else None,
        "sd": sd if fin else None,
        "se": sd / math.sqrt(SEEDS) if fin else None,
        "plus": pl if fin else None,
        "minus": mi if fin else None,
        "sd_lower": float(lower[0, 0]) if fin else None,
        "se_lower": float(lower[0, 0]) / math.sqrt(SEEDS) if fin else None,
        "minus_lower": float(qlow[0, 0]) if fin else None,
    }


def exact_origin(distractors: str) -> str:
    """Where the exact records of this run came from (for the detail)."""
    o = {exact_preset.origin(p, distractors, TRIALS, SEEDS) for p in PRESETS}
    if o <= {"store", "trusted"}:
        return "exact values from the result store"
    return "exact values computed now"


#: types whose values a :func:`call_key` keys by type and ``repr`` (so 0.0 and -0.0, 1 and 1.0,
#: differ); exactly these types (a subclass may compute otherwise: no key)
_KEY_ATOMS = frozenset({int, float, complex, str, bytes, bool, type(None)})
#: objects a :func:`call_key` keys by identity: built-in functions, NumPy ufuncs, classes, modules
#: (a module's attributes are taken as fixed: the toolkit patches none while a check runs)
_KEY_BY_ID = (types.BuiltinFunctionType, np.ufunc, type, types.ModuleType)
#: statistics :meth:`ExactStats.bounds` keeps per object (then it starts again)
_BOUNDS_MEMO_SIZE = 4096
#: the global names a code object and the code objects inside it read (:func:`call_key`), by code
_CODE_NAMES: dict = {}


def call_key(obj: Any, _active: tuple = ()) -> Optional[tuple]:
    """A hashable key such that two objects with equal keys compute the same from the same arguments,
    or None where this cannot be told (then :meth:`ExactStats.bounds` keeps nothing).

    A plain function (a ``def`` or a lambda): its code, its defaults, the current contents of its
    closure cells and the current values of the globals its code -- and the code of the functions
    defined inside it -- names (a row's statistic reads the point, rank or block it was made for from
    these), each keyed the same way; atoms by type and ``repr``; tuples item by item; built-in
    functions, ufuncs, classes and modules by identity.  Anything else -- a dict, a list, an array, an
    object (whose state could change) -- gives None, and so does a function that names one."""
    t = type(obj)
    if t is types.FunctionType:
        return _function_key(obj, _active)
    if t in _KEY_ATOMS:
        return (t, repr(obj))
    if t is tuple:
        items = []
        for x in obj:
            k = call_key(x, _active)
            if k is None:
                return None
            items.append(k)
        return (tuple, tuple(items))
    if isinstance(obj, _KEY_BY_ID):
        return ("id", obj)  # hashed by identity; the key keeps the object (and so its id) alive
    return None


def _function_key(fn: types.FunctionType, active: tuple) -> Optional[tuple]:
    code = fn.__code__
    if code in active:  # recursion (a function naming itself): its code is already being keyed
        return ("recursive", code)
    active = active + (code,)
    parts: list = [code]
    if fn.__defaults__:
        k = call_key(fn.__defaults__, active)
        if k is None:
            return None
        parts.append(k)
    if fn.__kwdefaults__:
        k = call_key(tuple(sorted(fn.__kwdefaults__.items())), active)
        if k is None:
            return None
        parts.append(("kw", k))
    for cell in fn.__closure__ or ():
        try:
            content = cell.cell_contents
        except ValueError:  # an empty cell (a name not bound yet)
            parts.append(("empty",))
            continue
        k = call_key(content, active)
        if k is None:
            return None
        parts.append(k)
    names = _CODE_NAMES.get(code)
    if names is None:
        found: set = set()
        stack = [code]
        while stack:
            c = stack.pop()
            found.update(c.co_names)
            stack.extend(x for x in c.co_consts if isinstance(x, types.CodeType))
        names = _CODE_NAMES[code] = tuple(sorted(found))
    g = fn.__globals__
    for name in names:
        if name in g:
            k = call_key(g[name], active)
            if k is None:
                return None
            parts.append((name, k))
    return ("function", tuple(parts))


class ExactStats:
    """The §7.9/§7.10 statistics of the exact model under one convention and law, with the SE bound.

    ``mean[preset]`` is :func:`montecarlo.stats.sweep_statistics` of the exact records; ``val(fn)``
    returns ``fn(grid_stats, taxis_stats)`` and an upper bound of the standard error of the paper's
    estimate of it (:func:`se_bound`).
    """

    def __init__(self, distractors: str, law: Callable):
        from montecarlo import stats

        self.distractors = distractors
        self.points = {p: exact_preset(p, distractors, TRIALS, SEEDS) for p in PRESETS}
        self.law = law
        self.mean = {p: stats.sweep_statistics(self.points[p], law=law) for p in PRESETS}
        self._moved: Optional[list[tuple[str, dict, dict]]] = None
        self._base: Optional[dict] = None
        self._bounds_memo: dict = {}  # call_key(fn) -> bounds(fn) (:meth:`bounds`)
        #: other pure functions of these statistics, kept by their callers (e.g. a rank statistic's range)
        self.memo: dict = {}

    @property
    def moved(self) -> list[tuple[str, dict, dict]]:
        """(preset, point record, statistics with that point's gamma_c moved up by its SE), once; these
        and :attr:`base` use :func:`montecarlo.stats.fast_corr` (only their differences are used)."""
        if self._moved is None:
            from montecarlo import stats

            # the law at each point, once (sweep_statistics reads float(law(dk, T)) at each point of each
            # moved tree: the same values); the records are only read, so a moved tree shares all but the
            # moved point's record and its gamma_c entry with the exact points
            values = {(q["dk"], q["T"]): float(self.law(q["dk"], q["T"])) for p in PRESETS for q in self.points[p]}

            def law(dk, T):
                return values[dk, T]

            self._base = {p: stats.sweep_statistics(self.points[p], law=law, corr=stats.fast_corr) for p in PRESETS}
            self._moved = []
            for p in PRESETS:
                for i, q in enumerate(self.points[p]):
                    se = q["gamma_c"]["se"]
                    if not se:
                        continue
                    pts = list(self.points[p])
                    pts[i] = dict(q, gamma_c=dict(q["gamma_c"], mean=q["gamma_c"]["mean"] + se))
                    self._moved.append((p, q, stats.sweep_statistics(pts, law=law, corr=stats.fast_corr)))
        return self._moved

    def raw(self, preset: str) -> dict:
        return self.mean[preset]

    def val(self, fn: Callable[[dict, dict], Any]) -> tuple[Optional[float], Optional[float]]:
        """``fn`` of the exact statistics and the upper bound of the paper's SE of it."""
        v, hi, _ = self.bounds(fn)
        return v, hi

    def bounds(self, fn: Callable[[dict, dict], Any]) -> tuple[Optional[float], Optional[float], Optional[float]]:
        """``fn(grid_stats, taxis_stats)`` of the exact model, and an upper and a lower bound of the
        standard error of the paper's estimate of it (:func:`se_bound`, :func:`se_lower`); None where
        undefined.

        A pure function of ``fn`` here (the statistics are this object's, fixed): kept by
        :func:`call_key` ``(fn)``, so that the same statistic asked for again -- the same row with
        SE_upper and SE_lower, the same row of another call with another printed number -- is not
        evaluated again over every moved point (a function :func:`call_key` cannot key is evaluated
        every time)."""
        key = call_key(fn)
        if key is not None:
            hit = self._bounds_memo.get(key)
            if hit is None:
                if len(self._bounds_memo) >= _BOUNDS_MEMO_SIZE:
                    self._bounds_memo.clear()
                hit = self._bounds_memo[key] = self._bounds(fn)
            return hit
        return self._bounds(fn)

    def _bounds(self, fn: Callable[[dict, dict], Any]) -> tuple[Optional[float], Optional[float], Optional[float]]:
        v = _finite(fn(self.mean["paper-grid"], self.mean["t-axis"]))
        if v is None:
            return None, None, None
        moved = self.moved
        base = self._base or self.mean
        v0 = _finite(fn(base["paper-grid"], base["t-axis"]))
        if v0 is None:
            return v, None, None
        moves = []
        for p, q, tree in moved:
            g = tree if p == "paper-grid" else base["paper-grid"]
            t = tree if p == "t-axis" else base["t-axis"]
            w = _finite(fn(g, t))
            if w is None:
                return v, None, None
            moves.append((w - v0, q["gamma_c"]))
        return v, se_bound(moves), se_lower(moves)

    def point(self, preset: str, dk, T) -> dict:
        for q in self.points[preset]:
            if q["dk"] == dk and q["T"] == T:
                return q
        raise KeyError((preset, dk, T))


def se_bound(moves) -> float:
    """:func:`montecarlo.exact.statistic_se_bound` of ``(delta, gamma_c record)`` pairs."""
    from montecarlo.exact import statistic_se_bound

    return statistic_se_bound((d, g["plus"], g["minus"]) for d, g in moves)


def se_lower(moves) -> float:
    """:func:`montecarlo.exact.statistic_se_lower` of ``(delta, gamma_c record)`` pairs."""
    from montecarlo.exact import statistic_se_lower

    return statistic_se_lower((d, g["plus"], g["minus"], g["minus_lower"]) for d, g in moves)


@functools.lru_cache(maxsize=32)
def exact_stats(distractors: str, law: Callable, _state: tuple = ()) -> ExactStats:
    """:class:`ExactStats`, once per process for each convention and law (``_state``: the store state,
    so that another store or --fresh gives another one)."""
    return ExactStats(distractors, law)


def store_state() -> tuple:
    from montecarlo.store import default_store_dir
    from montecarlo.storekey import trust_from_env

    return (str(default_store_dir()), _fresh(), trust_from_env())


def _finite(v) -> Optional[float]:
    if v is None or isinstance(v, bool):
        return None
    try:
        v = float(v)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


# --- the Monte-Carlo cross-check: from the store, or computed under --thorough -------------------


def shared_sweep(
    preset: str,
    distractors: str,
    trials: int,
    seeds: int,
    seed: int,
    grid: int = GRID,
    gamma_max: float = V.PROTOCOL["gamma_max"],
):
    """One preset sweep, once per process for each parameter set, through the result store."""
    import os

    from montecarlo.store import ENV_VAR, default_store_dir
    from montecarlo.storekey import trust_from_env

    return _shared_sweep(
        preset,
        distractors,
        trials,
        seeds,
        seed,
        grid,
        gamma_max,
        str(default_store_dir()),
        _fresh(),
        os.environ.get(ENV_VAR, ""),
        trust_from_env(),
    )


@functools.lru_cache(maxsize=16)
def _shared_sweep(preset, distractors, trials, seeds, seed, grid, gamma_max, store_dir, fresh, _env, trust=False):
    """``trust``: ``$PSA_TOOLKIT_TRUST_STORE`` (``psa-cert run --trust-store``) -- points not signed by
    this user's key are used (the detail says how many) instead of recomputed."""
    import warnings

    from montecarlo.store import DamagedRecordWarning, ResultStore, StoreError
    from montecarlo.storekey import StoreKeyError
    from montecarlo.sweep import preset_sweep

    kw = dict(
        distractors=distractors, chance=CHANCE, trials=trials, seeds=seeds, seed=seed, grid=grid, gamma_max=gamma_max
    )
    try:
        with warnings.catch_warnings():  # each point not used is counted in the detail (store_note)
            warnings.simplefilter("ignore", DamagedRecordWarning)
            return preset_sweep(preset, store=ResultStore(store_dir, trust_store=trust), fresh=fresh, **kw)
    except (StoreError, StoreKeyError):  # an unusable store (or key) is not a reason to fail: compute without it
        return preset_sweep(preset, **kw)


def store_note(sweeps) -> str:
    """How the sweeps were obtained: 'sweeps: 36 of 36 points from the result store DIR' ..."""
    sweeps = list(sweeps)
    total = sum(len(sw.points) for sw in sweeps)
    reused = sum(sw.reused for sw in sweeps)
    where = next((sw.store for sw in sweeps if sw.store), None)
    if where is None:
        return f"sweeps: {total} points computed now (no result store)"
    if reused == total:
        text = f"sweeps: all {total} points from the result store {where} (--fresh recomputes)"
    elif reused:
        text = f"sweeps: {reused} of {total} points from the result store {where}, the rest computed now"
    else:
        text = f"sweeps: {total} points computed now{' (--fresh)' if _fresh() else ''} and stored in {where}"
    trusted = sum(sum(bool(t) for t in getattr(sw, "trusted", [])) for sw in sweeps)
    if trusted:
        text += f"; {trusted} trusted without this user's key (--trust-store)"
    reasons: dict = {}
    for sw in sweeps:
        for r in getattr(sw, "recomputed", []):
            reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    for why, n in reasons.items():
        text += f"; {n} recomputed: {why}"
    return text


class _Ctx:
    """Monte-Carlo statistics of both presets under one convention: means and per-seed replicates."""

    def __init__(self, distractors: str, law: Callable, sweeps: dict):
        from montecarlo import stats

        self.distractors = distractors
        self.sweeps = sweeps
        self.mean = {p: stats.sweep_statistics(sw.points, law=law) for p, sw in sweeps.items()}
        self.per = {p: stats.per_seed_statistics(sw.points, law=law) for p, sw in sweeps.items()}
        #: the seeds each statistic's SE averages over (for :func:`se_hat`)
        self.seeds = min((len(v) for v in self.per.values()), default=0)
        self.trials = min((int(sw.settings.get("trials", TRIALS)) for sw in sweeps.values()), default=TRIALS)

    def val(self, fn: Callable[[dict, dict], Any]) -> tuple[Optional[float], Optional[float]]:
        """``fn(grid_stats, taxis_stats)`` on the seed means, and its SE from the per-seed values
        (``sd / sqrt(seeds)``: the SE of a mean over :attr:`seeds` seeds; to first order that of the
        statistic of the seed-mean gamma_c, the statistic the paper prints)."""
        v = _finite(fn(self.mean["paper-grid"], self.mean["t-axis"]))
        reps = [_finite(fn(g, t)) for g, t in zip(self.per["paper-grid"], self.per["t-axis"])]
        ok = [r for r in reps if r is not None]
        se = float(np.std(ok, ddof=1) / math.sqrt(len(ok))) if len(ok) > 1 and len(ok) == len(reps) else None
        return v, se

    def raw(self, preset: str) -> dict:
        return self.mean[preset]


_MC: dict = {}


def mc_sweep(preset: str, distractors: str, *, trials: int = TRIALS, seeds: int = SEEDS, seed: int = MC_SEED):
    """The Monte-Carlo sweep of a preset at the paper's sizes, or None when it would have to be computed
    and the run does not ask for it (``--thorough``).  Stored points are used when every point of the
    preset is in the store and verifies (signed by the user's key, or trusted under --trust-store)."""
    from montecarlo.store import default_store_dir
    from montecarlo.storekey import trust_from_env

    state = (str(default_store_dir()), _fresh(), trust_from_env())
    key = (preset, distractors, trials, seeds, seed, state)
    if key in _MC:
        return _MC[key]
    sw = None if _fresh() else _lookup_sweep(preset, distractors, trials, seeds, seed)
    if sw is None and thorough():
        sw = shared_sweep(preset, distractors, trials, seeds, seed)
    if sw is not None:
        _MC[key] = sw
    return sw


def _lookup_sweep(preset: str, distractors: str, trials: int, seeds: int, seed: int):
    """The sweep from the store when every point is there and verifies, else None (computes nothing)."""
    import warnings

    from montecarlo import sweep as S
    from montecarlo.store import DamagedRecordWarning, ResultStore, StoreError
    from montecarlo.storekey import StoreKeyError, trust_from_env

    dks, Ts = _preset_axes(preset)
    common: dict[str, Any] = dict(
        trials=trials, seeds=seeds, seed=seed, grid=GRID, gamma_max=GAMMA_MAX, distractors=distractors, chance=CHANCE
    )
    try:
        store = ResultStore(trust_store=trust_from_env())
        keys = _sweep_keys(preset, distractors, trials, seeds, seed)
        if not all(store.has(k) for k in keys):
            return None
        plist = [S.point_params(dk, T, **common) for dk, T in S.grid_points(dks, Ts)]
        records, arrays, trusted = [], [], []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DamagedRecordWarning)
            for p, k in zip(plist, keys):
                hit = store.load(k, verify=functools.partial(S.verify_point, k, params=p), layout=S.point_layout(p))
                if hit is None:
                    return None
                records.append(hit[0])
                arrays.append(hit[1])
                trusted.append(k in store.trusted)
    except (StoreError, StoreKeyError, OSError):
        return None
    return S.Sweep(
        points=records,
        arrays=arrays,
        sources=["store"] * len(records),
        settings=dict(common, preset=preset, dks=list(dks), Ts=list(Ts)),
        executor="in-process",
        store=str(store.root),
        elapsed_s=0.0,
        trusted=trusted,
    )


@functools.lru_cache(maxsize=32)
def _sweep_keys(preset: str, distractors: str, trials: int, seeds: int, seed: int) -> tuple[str, ...]:
    """The store keys of a preset's points (:func:`montecarlo.sweep.params_key`, grid order), once per
    process for each parameter set (a pure function of them and of the installed toolkit's version,
    which a process reads once); whether the store holds them is asked anew each time
    (:func:`_lookup_sweep`)."""
    from montecarlo import sweep as S

    dks, Ts = _preset_axes(preset)
    common: dict[str, Any] = dict(
        trials=trials, seeds=seeds, seed=seed, grid=GRID, gamma_max=GAMMA_MAX, distractors=distractors, chance=CHANCE
    )
    return tuple(S.params_key(S.point_params(dk, T, **common)) for dk, T in S.grid_points(dks, Ts))


_MC_STATS: dict = {}


def mc_stats(distractors: str, law: Callable, *, seeds: int = SEEDS):
    """The Monte-Carlo statistics of both presets (:class:`certificates.psa.sweeps._Ctx`) at ``seeds``
    seeds (the paper's 5, or :data:`BAND_SEEDS` for the rows their SE_hat interval leaves open), or None."""
    sws = {p: mc_sweep(p, distractors, seeds=seeds) for p in PRESETS}
    if any(sw is None for sw in sws.values()):
        return None
    key = (distractors, law, tuple(id(sw) for sw in sws.values()))
    if key not in _MC_STATS:
        _MC_STATS[key] = _Ctx(distractors, law, sws)
    return _MC_STATS[key]


def not_run_note() -> str:
    """The detail's words for a cross-check that was not run."""
    from montecarlo.store import default_store_dir

    return (
        f"MC cross-check: not run (stored results: none in {default_store_dir()}; psa-cert run --thorough "
        "runs it at the paper's sizes)"
    )


def z_score(mc: Optional[float], exact: Optional[float], se: Optional[float]) -> Optional[float]:
    """(MC - exact) / SE, None where undefined; 0 where both agree exactly and SE is 0."""
    if mc is None or exact is None or se is None:
        return None
    if se <= 0:
        return 0.0 if mc == exact else math.inf
    return (mc - exact) / se
