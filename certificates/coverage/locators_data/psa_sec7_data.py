"""The printed relations of the main paper's §7 (certificates ``sec7.<k>.relations`` of
:mod:`certificates.psa.relations_sec7`): the data once, as printed, with where each number stands.

Each quantity is a tuple of occurrences: a place in the text (:func:`_t`: section + anchor + the
numeral as printed; :func:`_c`: a table cell), or a number written as a word or printed at a place
another certificate reads (:func:`_w`: it takes part in the relation as the number it names, without
a locator of its own here).  The claims' defaults and the locators are both built from this data,
so they cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..locators import Locator

PACK = "psa"


@dataclass(frozen=True)
class Occ:
    """One printed occurrence of a number."""

    value: str  #: the number as the claim holds it (a decimal string; no thousands separator, no %)
    printed: Optional[str] = None  #: the numeral as the text prints it (None: a word, or a number located elsewhere)
    section: Optional[str] = None
    anchor: Optional[str] = None
    table: Optional[str] = None
    row: Optional[str] = None
    column: Optional[str] = None
    nth: Optional[tuple[int, int]] = None
    word: str = ""  #: where a word / an elsewhere-located number stands

    def locator(self, cert: str, claim: str) -> Optional[Locator]:
        if self.printed is None:
            return None
        return Locator(
            PACK,
            cert,
            claim,
            self.printed,
            section=self.section,
            anchor=self.anchor,
            table=self.table,
            row=self.row,
            column=self.column,
            nth=self.nth,
        )


def _v(printed: str) -> str:
    return printed.replace("{,}", "").replace(",", "")


def _t(section: str, anchor: str, printed: str, value: Optional[str] = None) -> Occ:
    """A numeral in running text (or in a table line, by an anchor once in the section)."""
    return Occ(value if value is not None else _v(printed), printed, section=section, anchor=anchor)


def _c(table: str, row: str, column: str, printed: str, value: Optional[str] = None, nth=None) -> Occ:
    """A numeral in a table cell."""
    return Occ(value if value is not None else _v(printed), printed, table=table, row=row, column=column, nth=nth)


def _w(value: str, where: str) -> Occ:
    """A number written as a word, or printed at a place another certificate's locator reads."""
    return Occ(value, None, word=where)


#: The kinds of relation a part may hold beside ``same`` (each: name -> a tuple of occurrences):
#: ``ratios`` (a, b, c: the printed a/b = c), ``means`` (v_1, ..., v_n, m: the printed mean m of the
#: printed v_i), ``bounds`` (lo, hi, v_1, ..., v_n: the mean of the v_i inside the printed range
#: lo-hi), ``products`` (a, b, c, d: the printed d = a * b / c, c an exact grid value),
#: ``relerr`` (m, p, e: the printed relative error e% = 100 |m - p| / m), ``maxof`` (v_1, ..., v_n,
#: M: the printed largest value M), ``allin`` (lo, hi, v_1, ..., v_n: every v_i inside lo-hi).
KINDS = ("ratios", "means", "bounds", "products", "relerr", "maxof", "allin")


@dataclass
class Part:
    same: dict[str, tuple[Occ, ...]]
    points: dict[str, Occ] = field(default_factory=dict)
    point_grid: dict[str, str] = field(default_factory=dict)
    #: a grid: its values, each the name of a ``same`` group or a literal printed value
    grids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ratios: dict[str, tuple[Occ, ...]] = field(default_factory=dict)
    ratio_scale: dict[str, int] = field(default_factory=dict)
    means: dict[str, tuple[Occ, ...]] = field(default_factory=dict)
    bounds: dict[str, tuple[Occ, ...]] = field(default_factory=dict)
    products: dict[str, tuple[Occ, ...]] = field(default_factory=dict)
    relerr: dict[str, tuple[Occ, ...]] = field(default_factory=dict)
    maxof: dict[str, tuple[Occ, ...]] = field(default_factory=dict)
    allin: dict[str, tuple[Occ, ...]] = field(default_factory=dict)

    def same_claim(self) -> dict[str, tuple[str, ...]]:
        return {k: tuple(o.value for o in v) for k, v in self.same.items()}

    def points_claim(self) -> dict[str, str]:
        return {k: o.value for k, o in self.points.items()}

    def kind_claim(self, kind: str) -> dict[str, tuple[str, ...]]:
        return {k: tuple(o.value for o in v) for k, v in getattr(self, kind).items()}

    def locators(self, cert: str) -> list[Locator]:
        out: list[Locator] = []
        for kind in ("same",) + KINDS:
            for k, occ in getattr(self, kind).items():
                out += [x for i, o in enumerate(occ) if (x := o.locator(cert, f"{kind}[{k!r}][{i}]")) is not None]
        for k, o in self.points.items():
            if (x := o.locator(cert, f"points[{k!r}]")) is not None:
                out.append(x)
        return out


def _grid(name: str, occs: dict[str, tuple[Occ, ...]]) -> tuple[dict[str, tuple[Occ, ...]], tuple[str, ...]]:
    return {f"{name}={k}": v for k, v in occs.items()}, tuple(f"{name}={k}" for k in occs)


# ============================================================================================
# §7.1-7.3: Tables 4, 5 and 6 against the sections where each number is measured
# ============================================================================================

_T4 = "7.1"  # Tables 4 and 5 stand in §7.1
# The grids of §7.9-7.10 as Table 4 and the sections print them.  Each anchor reaches from the
# number to the list's end or start (so that the place is still found when a neighbour changes).
_DK, _DK_NAMES = _grid(
    "score-model grid d_k",
    {
        "4": (_t(_T4, "}\\in\\{4,8", "4"), _t("7.9", "spans $d_{k}\\in\\{4,", "4")),
        "8": (_t(_T4, "}\\in\\{4,8", "8"), _t("7.9", ",8,16,", "8")),
        "16": (_t(_T4, "}\\in\\{4,8,16", "16"), _t("7.9", ",8,16,", "16")),
        "32": (_t(_T4, "}\\in\\{4,8,16,32", "32"), _t("7.9", ",8,16,32", "32")),
        "64": (_t(_T4, "}\\in\\{4,8,16,32,64", "64"), _t("7.9", "64,128\\}$ ", "64")),
        "128": (_t(_T4, "128\\}$ $\\times$ $", "128"), _t("7.9", "128\\}$ ", "128")),
    },
)
_TG, _TG_NAMES = _grid(
    "score-model grid T",
    {
        "10": (_t(_T4, "{10,15,25\\", "10"), _t("7.9", "T\\in\\{10,", "10")),
        "15": (_t(_T4, "{10,15,25\\", "15"), _t("7.9", "15,25\\}$,", "15")),
        "25": (_t(_T4, "{10,15,25\\", "25"), _t("7.9", "25\\}$,", "25")),
    },
)
_TA, _TA_NAMES = _grid(
    "T-axis lengths",
    {
        v: (_t(_T4, a4, v), _t("7.10", a10, v))
        for v, a4, a10 in (
            ("6", "T\\in\\{6,8,9,", "T\\in\\{6,"),
            ("8", "T\\in\\{6,8,9,", "\\{6,8,"),
            ("9", "T\\in\\{6,8,9,", "{6,8,9"),
            ("10", ",8,9,10,12,15,", "{6,8,9,10"),
            ("12", ",8,9,10,12,15,", ",8,9,10,12,"),
            ("15", ",8,9,10,12,15,", ",8,9,10,12,15"),
            ("20", "20,25,30,40\\}$;", "20,25,30,40\\"),
            ("25", ",25,30,40\\}$;", "25,30,40\\"),
            ("30", ",25,30,40\\}$;", "30,40\\"),
            ("40", "40\\}$; same", ",30,40\\}"),
        )
    },
)

SEC71 = Part(
    same={
        "spectral pairs": (
            _t(_T4, "with 30 pairs", "30"),
            _t("7.6", "coupling ($d_{k}{=}16$, $d_{\\mathrm{model}}{=}64$, $T{=}64$ with 30", "30"),
            _t("7.6", "$ ($d_{k}{=}16$, $d_{\\mathrm{model}}{=}64$, $T{=}64$ with 30", "30"),
        ),
        "spectral steps": (
            _t(_T4, "3,000 steps;", "3,000"),
            _t("7.6", "induction pairs, 3,000 steps, fixed seed) we", "3,000"),
            _t("7.6", "induction pairs, 3,000 steps, fixed seed), evaluated", "3,000"),
        ),
        "score-model seeds": (
            _t(_T4, "; 5 seeds, $60", "5"),
            _w("5", "'five seeds' (§7.9, Fig. 7, Table 6)"),
        ),
        "score-model trials per point": (
            _t(_T4, ", $60{,}000", "60{,}000"),
            _t("7.2", "five seeds and $60{,}000$ trials per point", "60{,}000"),
            _t("7.9", "five seeds and $60{,}000$ trials per point, $\\gamma_{c}$", "60{,}000"),
        ),
        "coupling grid points": (
            _t(_T4, "61-point $\\gamma$ grid on", "61"),
            _t("7.9", "on a 61-point $\\gamma$ grid covering", "61"),
            _t("7.9", "on a 61-point coupling grid", "61"),
        ),
        "coupling grid lower end": (
            _t(_T4, "grid on $[0,", "0"),
            _t("7.9", "grid covering $[0,", "0"),
        ),
        "coupling grid upper end": (
            _t(_T4, "grid on $[0,8]", "8"),
            _t("7.9", "grid covering $[0,8]", "8"),
        ),
        "T-axis width d_k": (
            _t(_T4, "$d_{k}=16$ with $T\\in", "16"),
            _t("7.2", "at fixed $d_{k}{=}16$; $r", "16"),
            _t("7.10", "At fixed $d_{k}=16$ we scan", "16"),
            _t("7.10", "context length at fixed $d_{k}{=}16$", "16"),
        ),
        "ladder smallest width": (
            _t(_T4, "$d_{k}\\in\\{4,\\dots", "4"),
            _w("4", "§7.11 'We sweep d_k in {4, ...}' (read by sec7.11.arith)"),
        ),
        "ladder largest width": (
            _t(_T4, "\\{4,\\dots,64\\}", "64"),
            _t("7.11", "64\\}$ at", "64"),
        ),
        "ladder pairs": (
            _t(_T4, "$T{-}1=14$ pairs", "14"),
            _t("7.11", "at $T{-}1=14$ pairs with", "14"),
            _t("7.11", "Protocol: $T{-}1=14$ induction pairs", "14"),
        ),
        "ladder steps": (
            _t(_T4, "3,000 steps ", "3,000"),
            _t("7.11", "three seeds and 3,000 steps per coupling on an eleven-point $\\gamma$ grid. At", "3,000"),
            _t("7.11", ", $d_{\\mathrm{ff}}=16d_{k}$, three seeds and 3,000", "3,000"),
        ),
        "ladder seed count": (
            _t(_T4, "16d_{k}$; 3 seeds", "3"),
            _w("3", "'three seeds' (§7.11, Fig. 9)"),
        ),
        "battery pairs": (
            _t(_T4, "one protocol: $T{-}1=14$", "14"),
            _t("7.5", "protocol: $T{-}1{=}14$ induction pairs", "14"),
            _t("7.5", "mechanisms. $T{-}1{=}14$ induction pairs", "14"),
        ),
        "battery width d_k": (
            _t(_T4, "$T{-}1=14$, $d_{k}=16$", "16"),
            _t(
                "7.5",
                "protocol: $T{-}1{=}14$ induction pairs, $d_{k}{=}16$",
                "16",
            ),
            _t(
                "7.5",
                "mechanisms. $T{-}1{=}14$ induction pairs, $d_{k}{=}16$",
                "16",
            ),
        ),
        "battery d_model": (
            _t(_T4, "$d_{\\mathrm{model}}=64$, 3 seeds", "64"),
            _t("7.5", ": $T{-}1{=}14$ induction pairs, $d_{k}{=}16$, $d_{\\mathrm{model}}{=}64", "64"),
            _t("7.5", ". $T{-}1{=}14$ induction pairs, $d_{k}{=}16$, $d_{\\mathrm{model}}{=}64", "64"),
        ),
        "battery seeds": (
            _t(_T4, "=64$, 3 seeds", "3"),
            _w("3", "'three seeds' (§7.5, Table 7, Fig. 4)"),
        ),
        "battery steps": (
            _t(_T4, "3,000 steps,", "3,000"),
            _t("7.5", "three seeds $\\times$ 3,000 steps, taps applied", "3,000"),
            _t("7.5", "three seeds $\\times$ 3,000 steps, taps post-RoPE", "3,000"),
            _c("7", "Two-layer baseline", "Attained at", "3,000"),
            _t("7.5", "3,000 steps, $", "3,000"),
            _t("7.5", "learnable in 3,000 steps", "3,000"),
        ),
        "characterisation seeds": (
            _t(_T4, "variants; 2 seeds", "2"),
            _w("2", "'two seeds each' (§7.12), 'two seeds per configuration' (Fig. 10)"),
        ),
        # Table 5 against the sections
        "C6 residual": (
            _c("5", "Thm.\xa038", "Result", "0.0", nth=(0, 2)),
            _c("10", "C6", "Outcome", "0.0", nth=(0, 2)),
            _t("7.6", "is $0.0$ exactly, the blocks", "0.0"),
        ),
        "C4 residual": (
            _c("5", "Prop.\xa036", "Result", "0.0", nth=(0, 2)),
            _c("10", "C4", "Outcome", "0.0", nth=(0, 2)),
        ),
        "HSF tracking": (
            _c("5", "Thm.\xa038", "Result", "4", nth=(1, 2)),
            _t("7.7", "tracked empirically to $\\pm 4\\%$", "4"),
        ),
        "high-inverse-temperature ablation tau": (
            _t(_T4, "$\\tau{=}0.1$ ablation: Bode", "0.1"),
            _t("7.7", "ablation ($\\tau{=}0.1$)", "0.1"),
        ),
        "ablated Bode r": (
            _t(_T4, "Bode $r{\\to}0.41$", "0.41"),
            _t("7.7", "Bode $r$ to $\\sim 0.41$", "0.41"),
        ),
        "asymmetric trained accuracy (Table 5)": (
            _c("5", "Prop.\xa036", "Result", "0.875", nth=(1, 2)),
            _w("0.875", "Table 7, asymmetric row (read by sec7.5.arith)"),
        ),
        "mean-field r (Tables 5, 6)": (
            _t(_T4, "$r{=}0.9876$ (9 pts", "0.9876"),
            _t("7.2", "$r{=}0.9876$ over nine points", "0.9876"),
            _t("7.9", "bands. Pearson $r=0.9876$", "0.9876"),
            _w("0.9876", "§7.9 (read by sec7.9)"),
        ),
        "mean-field points (Table 5)": (
            _t(_T4, "(9 pts, 0 params)", "9"),
            _w("9", "'Nine of the eighteen points' (§7.9)"),
        ),
        "fitted parameters (Table 5)": (
            _t(_T4, "(9 pts, 0 params)", "0"),
            _w("0", "'with zero fitted parameters' (§7.9)"),
        ),
        "single-layer PSA mean (Table 5)": (
            _t(_T4, "$69.1{\\pm}8.2\\%$ at", "69.1"),
            _w("69.1", "§7.4 (read by sec7.4.arith)"),
        ),
        "single-layer PSA s.d. (Table 5)": (
            _t(_T4, "$69.1{\\pm}8.2\\%$ at", "8.2"),
            _w("8.2", "§7.4, Fig. 3"),
        ),
        "operating point gamma* (Table 5)": (
            _t(_T4, "at $\\gamma^{\\star}{=}2.0$ vs.", "2.0"),
            _t("7.4", "over five seeds at $\\gamma^{\\star}{=}2.0$, best", "2.0"),
            _t("7.4", "annotated at $\\gamma^{\\star}{=}2.0$ is", "2.0"),
        ),
        "baseline accuracy (Table 5)": (
            _t(_T4, "vs. $1.6\\%$", "1.6"),
            _w("1.6", "§7.4 (read by sec7.4.arith)"),
        ),
        "granular depth L": (
            _t(_T4, "Depth law fails at $L{=}30$", "30"),
            _t("7.2", "Granular validation at $L{=}30$", "30"),
            _t("7.4", "A7 the $L{=}30$", "30"),
        ),
        "anchored stress-test depth L": (
            _t("7.2", "stress test at $L=30$", "30"),
            _t("7.16", "the $L{=}30$ chained-ICL", "30"),
        ),
        "battery baseline (Table 5)": (
            _t(_T4, "$0.033$ vs. $0.949$", "0.033"),
            _w("0.033", "Table 7 (read by sec7.5.arith)"),
        ),
        "battery key-only (Table 5)": (
            _t(_T4, "$0.033$ vs. $0.949$", "0.949"),
            _w("0.949", "Table 7 (read by sec7.5.arith)"),
        ),
        "battery ceiling (Tables 5, 7)": (
            _t(_T4, "ceiling $0.077$, chance", "0.077"),
            _c("7", "One-layer baseline", "Reading", "0.077", nth=(0, 3)),
            _w("0.077", "§7.5 '1/(T-2) = 0.077' (read by sec7.5.arith)"),
        ),
        "battery chance": (
            _t(_T4, "chance $0.071$", "0.071"),
            _t("7.5", "seeds. Protocol as in the text; chance $0.071$", "0.071"),
            _t("7.5", "benchmark of $1/(T-1)=0.071$", "0.071"),
            _t("7.5", "Accuracies from Table\xa07; chance $0.071$", "0.071"),
            _w("0.071", "§7.5 'chance 1/(T-1) = 0.071' (read by sec7.5.arith)"),
            _t("7.12", "two seeds per configuration, chance $0.071$", "0.071"),
        ),
        "learned two-tap (Table 5)": (
            _t(_T4, "two-tap attains $1.000$", "1.000"),
            _t("7.5", "It reaches $1.000$", "1.000"),
            _w("1.000", "Table 7 (read by sec7.5.arith)"),
        ),
        "embedding-axis r (Table 5, §7.3)": (
            _t(_T4, "$r{=}{-}0.679$, $p", "0.679", "-0.679"),
            _t("7.3", "6, $r{=}{-}0.679$ between", "0.679", "-0.679"),
            _w("-0.679", "§7.8 text (read by sec7.8.arith)"),
            _t("7.8", "association, Pearson $r=-0.679$", "0.679", "-0.679"),
        ),
        "embedding-axis p (Fig. 6)": (
            _t("7.8", "association, Pearson $r=-0.679$ ($p=9.9\\times", "9.9", "9.9e-4"),
            _w("9.9e-4", "§7.8 text (read by sec7.8.arith)"),
        ),
        "Bode r maximum (§7.3)": (
            _t("7.3", "Pearson $r$ up to $0.9966$", "0.9966"),
            _w("0.9966", "§7.6 (read by sec7.6.arith)"),
        ),
        "granular sweep runs": (
            _t("7.2", "sweep: 720 runs", "720"),
            _t("7.8", "complementary 720-run granular", "720"),
        ),
        "granular sweep configurations": (
            _t("7.2", "240 configurations", "240"),
            _t("7.8", "sweep at 240 configurations", "240"),
        ),
        "low-pass filter experiments": (
            _t("7.2", "the 2,000-experiment", "2,000"),
            _t("7.8", "A 2,000-experiment sweep", "2,000"),
            _t("7.8", "on a 2,000-experiment sweep", "2,000"),
        ),
        "multi-difficulty runs": (
            _t("7.2", "The 2,880-run", "2,880"),
            _t("7.16", "a 2,880-run multi-difficulty", "2,880"),
        ),
        "width-sweep parameters (M)": (
            _t("7.2", "Width sweep at 91.3", "91.3"),
            _t("7.14", "and $91.3$M", "91.3"),
            _t("7.14", "the $91.3$M sweep runs", "91.3"),
            _t("7.14", "the $91.3$M baseline needs", "91.3"),
        ),
        "supercritical width": (
            _t("7.2", "Supercritical sweep at $d_{k}{=}128$", "128"),
            _t("7.14", "128$, $d", "128"),
            _t("7.14", "sweep runs at $d_{k}=128", "128"),
        ),
        "T-axis r (Table 6)": (
            _t("7.2", "$r{=}0.9995$ on branch", "0.9995"),
            _t("7.10", "On branch: $r=0.9995$", "0.9995"),
            _w("0.9995", "§7.10 text (read by sec7.10)"),
        ),
    },
)


# ============================================================================================
# §7.4 and Figure 3
# ============================================================================================

#: Appendix A4's Table 19 (test accuracy %, mean over three seeds) as printed: the rows gamma <= 0.50
#: (Figure 3(b)'s plotted window) and gamma = 0.70-3.00 (where §7.4 says both families sit between
#: 98.5% and 99.6%).  Located by the appendix's own certificate; read here as §7.4's operands.
_T19_SIN_WINDOW = (
    "4.9", "4.4", "5.1", "4.3", "5.0", "4.1", "4.5", "4.2", "4.3", "4.8",
    "5.3", "4.6", "4.9", "6.8", "5.9", "6.6", "17.2", "79.1", "96.9", "96.6",
)  # fmt: skip
_T19_ROPE_WINDOW = (
    "5.5", "6.5", "5.1", "5.4", "5.9", "7.1", "6.4", "6.5", "7.9", "7.7",
    "7.8", "9.7", "12.2", "13.9", "19.8", "26.4", "57.9", "80.3", "92.7", "97.1",
)  # fmt: skip
_T19_SIN_SAT = ("98.7", "99.1", "99.5", "99.2", "99.3")
_T19_ROPE_SAT = ("98.4", "99.3", "99.2", "99.3", "99.4")
_F3 = "7.4"  # the caption of Figure 3 stands in §7.4
SEC74 = Part(
    same={
        "single-layer PSA mean (Fig. 3)": (
            _t(_F3, "PSA reaches $69.1\\pm 8.2\\%$ over those five", "69.1"),
            _w("69.1", "§7.4 text (read by sec7.4.arith)"),
        ),
        "single-layer PSA s.d.": (
            _t(_F3, "8.2\\%$ over five", "8.2"),
            _t(_F3, "reaches $69.1\\pm 8.2\\%$ over those five", "8.2"),
        ),
        "best seed": (
            _t(_F3, "best seed $79.4\\%$, against", "79.4"),
            _t(_F3, "(best seed $79.4\\%$)", "79.4"),
        ),
        "single-layer baseline (Fig. 3)": (
            _t(_F3, "$1.6\\pm 0.4\\%$ across the five seeds", "1.6"),
            _w("1.6", "§7.4 text (read by sec7.4.arith)"),
        ),
        "single-layer baseline s.d.": (
            _t(_F3, "0.4\\%$ for the single", "0.4"),
            _t(_F3, "$1.6\\pm 0.4\\%$ across the five seeds", "0.4"),
        ),
        "two-layer baseline at chance ('both at chance, 1/64 = 1.6%')": (
            _t(_F3, "and $1.6\\pm 0.3\\%$ for the two-layer", "1.6"),
            _w("1.6", "'both at chance, 1/64 = 1.6%' (§7.4, read by sec7.4.arith)"),
        ),
        "phase jump (Fig. 3)": (
            _t(_F3, "a $+67.5$\u2009pp mean phase jump that", "67.5"),
            _w("67.5", "§7.4 text (read by sec7.4.arith)"),
        ),
        "plotted-sweep peak": (
            _t(_F3, "coupling is $74.2\\%$ against", "74.2"),
            _t(_F3, "peaking at $74.2\\%$, and", "74.2"),
        ),
        "plotted-sweep baseline": (
            _t(_F3, "against $1.27\\%$ at", "1.27"),
            _t(_F3, "it measures $1.27\\%$ on the plotted", "1.27"),
        ),
        "plotted-sweep seeds": (
            _w("3", "'evaluated on three seeds' (§7.4)"),
            _w("3", "'evaluated on three seeds' (Fig. 3)"),
        ),
        "standard attention is gamma = 0": (
            _t(_F3, "$1.27\\%$ at $\\gamma{=}0$", "0"),
            _t(_F3, "Standard attention ($\\gamma{=}0$) does not", "0"),
            _t("7.6", "Standard attention ($\\gamma{=}0$) is order", "0"),
            _t("7.6", "all-pass at $\\gamma=0$ (standard attention)", "0"),
            _t("7.8", "minus the $\\gamma{=}0$ baseline", "0"),
        ),
        "panel (a) vocabulary (Fig. 3)": (
            _t(_F3, "Vocabulary 64 with shared", "64"),
            _w("64", "'1/64 = 1.6%' (§7.4, read by sec7.4.arith)"),
        ),
        "panel (b) vocabulary": (
            _t(_F3, "(vocabulary 200, 12 KV", "200"),
            _t(_F3, "Vocabulary 200 with disjoint", "200"),
            _t(_F3, "targets $\\in[100,200)$", "200"),
        ),
        "panel (b) key/target boundary": (
            _t(_F3, "keys $\\in[1,100)$", "100"),
            _t(_F3, "targets $\\in[100,", "100"),
        ),
        "panel (b) KV pairs": (
            _t(_F3, "200, 12 KV pairs, $d_{k}{=}32$", "12"),
            _t(_F3, "200)$; role readable from token ID), 12 KV", "12"),
        ),
        "panel (b) head width": (
            _t(_F3, "12 KV pairs, $d_{k}{=}32$", "32"),
            _t(_F3, "4 heads, $d_{k}{=}32$, $d_{\\mathrm{ff}}", "32"),
        ),
        "panel (b) d_model": (
            _t(_F3, "$d_{k}{=}32$, $d_{\\mathrm{model}}{=}128$, four heads", "128"),
            _t(_F3, "128$, 4 heads, $d_{k}{=}32$,", "128"),
        ),
        "panel (b) heads": (
            _t(_F3, "4 heads, $d_{k}{=}32$,", "4"),
            _w("4", "'four heads' (§7.4)"),
        ),
        "panel (b) layers": (
            _t(_F3, "setup ($N{=}4$ decoder", "4"),
            _w("4", "'four layers' (§7.4)"),
        ),
        "panel (a) layers": (
            _t(_F3, "noise ($N{=}1$, “nano”", "1"),
            _w("1", "'single-layer' (§7.4, Fig. 3)"),
        ),
        "panel (b) seeds": (
            _w("3", "'three seeds' (§7.4 protocol)"),
            _w("3", "'over three seeds' (§7.4, Fig. 3, at gamma = 5)"),
        ),
        "RoPE critical coupling (Fig. 3)": (
            _t(_F3, "($\\gamma_{c}\\!\\approx\\!0.225$ RoPE", "0.225"),
            _w("0.225", "§7.4 text (read by sec7.4.arith)"),
        ),
        "sinusoidal critical coupling (Fig. 3)": (
            _t(_F3, "$\\gamma_{c}\\!\\approx\\!0.275$ sinusoidal", "0.275"),
            _w("0.275", "§7.4 text (read by sec7.4.arith)"),
        ),
        "PE ratio (Fig. 3)": (
            _t(_F3, "within $1.22\\times$", "1.22"),
            _w("1.22", "§7.4 text (read by sec7.4.arith)"),
        ),
        "predicted PE ratio (Fig. 3)": (
            _t(_F3, "sinusoidal), against the parameter-free $1.000$", "1.000"),
            _w("1.000", "§7.4 text (read by sec7.4.arith)"),
        ),
        "saturation lower end": (
            _t(_F3, "between $98.5\\%$ and", "98.5"),
            _t(_F3, "together — $98.5$–", "98.5"),
        ),
        "saturation upper end": (
            _t(_F3, "and $99.6\\%$ across", "99.6"),
            _t(_F3, "$98.5$–$99.6\\%$ across", "99.6"),
        ),
        "saturation range lower coupling": (
            _t(_F3, "and $99.6\\%$ across $\\gamma\\in[0.7,", "0.7"),
            _t(_F3, "$98.5$–$99.6\\%$ across $\\gamma\\in[0.7,", "0.7"),
        ),
        "saturation range upper coupling": (
            _t(_F3, "and $99.6\\%$ across $\\gamma\\in[0.7,3]", "3"),
            _t(_F3, "$98.5$–$99.6\\%$ across $\\gamma\\in[0.7,3]", "3"),
        ),
        "unstable coupling": (
            _t(_F3, "At $\\gamma=5$ RoPE", "5"),
            _t(_F3, "continues to $\\gamma=5$, where", "5"),
            _t(_F3, "exception is $\\gamma=5$, at", "5"),
        ),
        "RoPE at gamma = 5, mean": (
            _t(_F3, "unstable, $68.4\\pm", "68.4"),
            _t(_F3, "collapses to $68.4\\pm", "68.4"),
            _w("69.9", "Table 19 (A4.4), RoPE at gamma = 5.00"),
        ),
        "RoPE at gamma = 5, s.d.": (
            _t(_F3, "unstable, $68.4\\pm 43.1\\%$", "43.1"),
            _t(_F3, "collapses to $68.4\\pm 43.1\\%$", "43.1"),
            _w("40.1", "Table 19 (A4.4), RoPE at gamma = 5.00"),
        ),
        "sinusoidal at gamma = 5, mean": (
            _t(_F3, "seeds against $98.6", "98.6"),
            _t(_F3, "holds at $98.6\\pm", "98.6"),
            _w("99.1", "Table 19 (A4.4), sinusoidal at gamma = 5.00"),
        ),
        "sinusoidal at gamma = 5, s.d.": (
            _t(_F3, "0.2\\%$ for sinusoidal", "0.2"),
            _t(_F3, "holds at $98.6\\pm 0.2\\%$", "0.2"),
            _w("0.2", "Table 19 (A4.4), sinusoidal at gamma = 5.00"),
        ),
    },
    maxof={
        "peak within the plotted window [0, 0.5], RoPE (Table 19)": (
            *(_w(v, "Table 19 (A4.4), RoPE, gamma <= 0.50") for v in _T19_ROPE_WINDOW),
            _t(_F3, "window is $96.6", "96.6"),
        ),
        "peak within the plotted window [0, 0.5], sinusoidal (Table 19)": (
            *(_w(v, "Table 19 (A4.4), sinusoidal, gamma <= 0.50") for v in _T19_SIN_WINDOW),
            _t(_F3, "and $97.7\\%$ (sinusoidal)", "97.7"),
        ),
    },
    allin={
        "both families between 98.5% and 99.6% across gamma in [0.7, 3] (Table 19)": (
            _w("98.5", "§7.4 text"),
            _w("99.6", "§7.4 text"),
            *(_w(v, "Table 19 (A4.4), gamma = 0.70-3.00") for v in _T19_SIN_SAT + _T19_ROPE_SAT),
        ),
    },
    ratios={
        "chance 1/64 = 1.6% (Fig. 3)": (
            _t(_F3, "exceed chance, $1/", "1"),
            _t(_F3, "exceed chance, $1/64", "64"),
            _t(_F3, "exceed chance, $1/64=1.6", "1.6"),
        ),
    },
    ratio_scale={"chance 1/64 = 1.6% (Fig. 3)": 100},
)

# ============================================================================================
# §7.5, Tables 7 and 8, Figure 4
# ============================================================================================

_B = "7.5"  # Tables 7, 8 and Figure 4 stand in §7.5
SEC75 = Part(
    same={
        "Table 7 grid gamma = 0.5": (_t(_B, "\\gamma\\in\\{0.5,", "0.5"), _t(_B, "at $\\gamma=0.5,", "0.5")),
        "Table 7 grid gamma = 1": (_t(_B, "\\{0.5,1,", "1"), _t(_B, "at $\\gamma=0.5,1,", "1")),
        "Table 7 grid gamma = 2": (_t(_B, "\\{0.5,1,2,", "2"), _t(_B, "=0.5,1,2,", "2")),
        "Table 7 grid gamma = 3": (_t(_B, "1,2,3\\}$ (asym", "3"), _t(_B, "=0.5,1,2,3$, against", "3")),
        "baseline restated": (
            _t(_B, "measures the same $0.033$", "0.033"),
            _w("0.033", "Table 7 (read by sec7.5.arith)"),
        ),
        "two-layer depth": (
            _c("7", "Two-layer baseline", "Order", "2", nth=(2, 3)),
            _w("2", "'Two-layer baseline' (Table 7)"),
        ),
        "symmetric and low-pass maxima at the same coupling": (
            _c("7", "PSA symmetric", "Attained at", "3.0"),
            _c("7", "Low-pass two-tap", "Attained at", "3.0"),
            _w("3.0", "'reaches 0.428 against 0.811 for the symmetric shear at the same coupling' (§7.5)"),
        ),
        "learned taps, key stream": (
            _c("7", "Learned two-tap", "Reading", "1.040", "-1.040", nth=(1, 2)),
            _t(_B, "converges to $b/a=-1.040$", "1.040", "-1.040"),
        ),
        "learned taps, query stream": (
            _c("7", "Learned two-tap", "Reading", "0.010", "-0.010", nth=(0, 2)),
            _t(_B, "and $-0.010$ on the query", "0.010", "-0.010"),
        ),
        "two-layer at 3,000 steps (text)": (
            _t(_B, "($0.036$ ", "0.036"),
            _w("0.036", "Table 7 (read by sec7.5.arith)"),
        ),
        "two-layer at 9,000 steps (text)": (
            _t(_B, "$0.024$ at 9", "0.024"),
            _w("0.024", "Table 7 (read by sec7.5.arith)"),
        ),
        "two-layer second budget": (
            _c("7", "Two-layer baseline", "Reading", "9,000", nth=(2, 3)),
            _t(_B, " 9,000)", "9,000"),
        ),
        "key-only vs symmetric (Fig. 4)": (
            _t(_B, "half-lift ($0.949$) outperforms", "0.949"),
            _w("0.949", "Table 7 (read by sec7.5.arith)"),
        ),
        "symmetric (Fig. 4)": (
            _t(_B, "symmetric operator ($0.811$) by", "0.811"),
            _w("0.811", "Table 7 (read by sec7.5.arith)"),
        ),
        "gap (Fig. 4)": (
            _t(_B, "($0.811$) by $13.8$", "13.8"),
            _w("13.8", "§7.5 text (read by sec7.5.arith)"),
        ),
        "key-only (text)": (
            _t(_B, "side by side: $0.949$ for", "0.949"),
            _w("0.949", "Table 7 (read by sec7.5.arith)"),
        ),
        "symmetric (text)": (
            _t(_B, "against $0.811$ for the symmetric operator", "0.811"),
            _t(_B, "against $0.811$ for the symmetric shear", "0.811"),
            _w("0.811", "Table 7 (read by sec7.5.arith)"),
        ),
        "low-pass (text)": (
            _t(_B, "reaches $0.428$ against", "0.428"),
            _w("0.428", "Table 7 (read by sec7.5.arith)"),
        ),
    },
    ratios={
        "chance 1/14 = 0.071 (Fig. 4)": (
            _t(_B, "post-RoPE, value stream untouched, chance $1/", "1"),
            _t(_B, "chance $1/14", "14"),
            _t(_B, "chance $1/14=0.071$", "0.071"),
        ),
    },
)

# Extra §7.1-7.3 groups (Table 4's characterisation row against §7.12; Table 6 against the appendix)
SEC71.same.update(
    {
        **{
            f"characterisation couplings gamma = {v}": (_t(_T4, a4, v), _t("7.12", a12, v))
            for v, a4, a12 in (
                ("0", "$\\gamma\\in\\{0,1,2,3,5,8\\}$ $\\times$", "couplings $\\gamma\\in\\{0,"),
                ("1", "gamma\\in\\{0,1", "couplings $\\gamma\\in\\{0,1,"),
                ("2", "\\{0,1,2,3,5,8\\}$ $\\times$ depth", "couplings $\\gamma\\in\\{0,1,2,"),
                ("3", "1,2,3,5,8\\}$ $\\times$ depth", "\\{0,1,2,3,5,8\\}$ and both"),
                ("5", "2,3,5,8\\}$ $\\times$ depth", "2,3,5,8\\}$ and both"),
                ("8", "3,5,8\\}$ $\\times$ depth", "3,5,8\\}$ and both"),
            )
        },
        "characterisation depth 1": (
            _t(_T4, "depth $\\in\\{1,", "1"),
            _t("7.12", "both depths $\\{1,", "1"),
        ),
        "characterisation depth 3": (
            _t(_T4, "depth $\\in\\{1,3\\}$", "3"),
            _t("7.12", "both depths $\\{1,3\\}$", "3"),
        ),
        "multi-hop null Delta": (
            _t(_T4, "$\\Delta{=}{-}0.4", "0.4", "-0.4"),
            _w("-0.4", "§9.3 'Delta = -0.4 +- 1.2 pp'"),
        ),
        "multi-hop null spread": (
            _t(_T4, "{-}0.4{\\pm}1.2$", "1.2"),
            _w("1.2", "§9.3 'Delta = -0.4 +- 1.2 pp'"),
        ),
        "low-coupling sweep parameters (M)": (
            _t("7.2", "coupling sweep at 91.7", "91.7"),
            _w("91.7", "Appendix A31 (91.7 M)"),
        ),
        "width-sweep coupling limit": (
            _t("7.2", "$\\gamma\\leq 0.40$, 49", "0.40"),
            _w("0.40", "§A31.6 (gamma <= 0.40)"),
        ),
        "width-sweep runs": (
            _t("7.2", "0.40$, 49 runs", "49"),
            _w("49", "§A35.1 'stopped at 49 of 80 runs'"),
        ),
        "supercritical runs": (
            _t("7.2", "band, 17 runs", "17"),
            _w("17", "§A31.6 '17 runs'"),
        ),
        "intervention runs": (
            _t("7.2", "intervention, 11 runs", "11"),
            _w("11", "§A31.11 '11 runs'"),
        ),
        "PE sweep runs": (
            _t("7.4", "whole $156$-run sweep", "156"),
            _w("156", "Appendix A4 (156 runs)"),
        ),
    }
)
SEC71.ratios.update(
    {
        "chance 1/64 = 1.6% (§7.4)": (
            _t("7.4", "both at chance, $1/", "1"),
            _w("64", "§7.4 (read by sec7.4.arith)"),
            _w("1.6", "§7.4 (read by sec7.4.arith)"),
        ),
    }
)
SEC71.ratio_scale["chance 1/64 = 1.6% (§7.4)"] = 100

# ============================================================================================
# §7.6-7.8, Figures 5 and 6
# ============================================================================================

SEC76 = Part(
    same={
        "spectral width d_k": (
            _t(_T4, "16$, $T", "16"),
            _t(
                "7.6",
                "each coupling ($d_{k}{=}16$",
                "16",
            ),
            _t("7.6", "each $\\gamma$ ($d_{k}{=}16$", "16"),
        ),
        "spectral evaluation sequences": (
            _t(_T4, "; 200 evaluation", "200"),
            _t("7.6", "over 200 evaluation sequences", "200"),
            _t("7.6", "evaluated on 200 held-out", "200"),
        ),
        "spectral length T (Table 4, §7.6, Fig. 5)": (
            _t(_T4, "T=64", "64"),
            _t("7.6", "$T{=}64$ with 30 induction pairs, 3,000 steps, fixed seed) we", "64"),
            _t("7.6", "$T{=}64$ with 30 induction pairs, 3,000 steps, fixed seed), evaluated", "64"),
        ),
        "spectral d_model": (
            _t("7.6", "coupling ($d_{k}{=}16$, $d_{\\mathrm{model}}{=}64$", "64"),
            _t("7.6", "$\\gamma$ ($d_{k}{=}16$, $d_{\\mathrm{model}}{=}64$", "64"),
        ),
        "post-softmax Bode lower end (§7.7)": (
            _t("7.7", "correlation of $0.94$–", "0.94"),
            _w("0.94", "§7.6 'r ~ 0.94-0.97' (read by sec7.6.arith)"),
        ),
        "post-softmax Bode upper end (§7.7)": (
            _t("7.7", "$0.94$–$0.97$ measures", "0.97"),
            _w("0.97", "§7.6 'r ~ 0.94-0.97' (read by sec7.6.arith)"),
        ),
        "sweep couplings lower end": (
            _t("7.8", "sweep over $\\gamma\\in[0,3]$ and RoPE", "0"),
            _t("7.8", "sweep over $\\gamma\\in[0,3]$ and $\\theta", "0"),
            _t("7.8", "over $\\gamma\\in[0,3]$ at that", "0"),
        ),
        "sweep couplings upper end": (
            _t("7.8", "sweep over $\\gamma\\in[0,3]$ and RoPE", "3"),
            _t("7.8", "sweep over $\\gamma\\in[0,3]$ and $\\theta", "3"),
            _t("7.8", "over $\\gamma\\in[0,3]$ at that", "3"),
        ),
        "sweep lowest frequency": (
            _t("7.8", "$\\theta\\in[0.02,\\pi]$ traces", "0.02"),
            _t("7.8", "$\\theta\\in[0.02,\\pi]$ (per", "0.02"),
        ),
        "high-fidelity zone lower coupling": (
            _t("7.8", "and $\\gamma\\in[0.4,1.4]$, consistent", "0.4"),
            _t("7.8", "and $\\gamma\\in[0.4,1.4]$. (b)", "0.4"),
        ),
        "high-fidelity zone upper coupling": (
            _t("7.8", "[0.4,1.4]$, consistent", "1.4"),
            _t("7.8", "[0.4,1.4]$. (b)", "1.4"),
        ),
        "centre frequencies n (Fig. 6)": (
            _t("7.8", "sweep, $n=20$ centre", "20"),
            _w("20", "§7.8 text (read by sec7.8.arith)"),
        ),
    },
    points={
        "DC fraction smallest at gamma = 3.0": _t("7.6", "at $\\gamma{=}3.0$ to", "3.0"),
        "DC fraction largest at gamma = 0.6": _t("7.6", "at $\\gamma{=}0.6$. Pearson", "0.6"),
    },
    point_grid={
        "DC fraction smallest at gamma = 3.0": "Bode couplings",
        "DC fraction largest at gamma = 0.6": "Bode couplings",
    },
    grids={"Bode couplings": ("0.6", "1.2", "1.8", "2.0", "3.0")},
)

# ============================================================================================
# §7.9-7.10, Figures 7 and 8
# ============================================================================================

SEC79 = Part(
    same={
        **_DK,
        **_TG,
        **_TA,
        "mean-field band (Fig. 7)": (
            _t("7.9", "fall within $5\\%$", "5"),
            _t("7.9", "with $\\pm 5\\%$ and", "5"),
        ),
        "trend points n": (
            _t("7.9", "at $n=9$ the trend", "9"),
            _t("7.9", "monotone at $n=9$", "9"),
            _w("9", "'Nine of the eighteen points' (§7.9, read by sec7.9)"),
        ),
        "median relative error (Fig. 7)": (
            _t("7.9", "median relative error $2.6\\%$, zero", "2.6"),
            _w("2.6", "§7.9 text (read by sec7.9)"),
        ),
        "Spearman rho (Fig. 7)": (
            _t("7.9", "(Spearman $\\rho=0.27$", "0.27"),
            _w("0.27", "§7.9 text (read by sec7.9)"),
        ),
        "Spearman p (Fig. 7)": (
            _t("7.9", "$\\rho=0.27$, $p=0.49$", "0.49"),
            _w("0.49", "§7.9 text (read by sec7.9)"),
        ),
        "T-axis median error (Fig. 8)": (
            _t("7.10", "median error $3.1\\%$. Error", "3.1"),
            _w("3.1", "§7.10 text (read by sec7.10)"),
        ),
        "grid spread of c (Fig. 8)": (
            _t("7.10", "flat to $\\pm 2\\%$", "2"),
            _w("2", "§7.10 'a spread of about +-2%' (read by thm64.step5)"),
        ),
        "C7 largest discrepancy": (
            _t("7.10", "is $9\\times 10", "9", "9e-4"),
            _t("7.10", "discrepancy $9", "9", "9e-4"),
            _w("9e-4", "Table 10, C7 (read by C7)"),
        ),
    },
    points={
        **{
            f"C8 point ({d}, {T}): {axis}": _t("7.9", a, v)
            for d, T, axis, v, a in (
                (64, 10, "d_k", "64", "=(64,10)$ gives"),
                (64, 10, "T", "10", "10)$ gives MC"),
                (64, 25, "d_k", "64", ", $(64"),
                (64, 25, "T", "25", ", $(64,25"),
                (128, 15, "d_k", "128", "and $(128"),
                (128, 15, "T", "15", "and $(128,15"),
            )
        },
        "T-axis boundary point T = 6": _t("7.10", "$T=6$ and $T=8$, sit", "6"),
        "T-axis boundary point T = 8": _t("7.10", "and $T=8$, sit", "8"),
        "grid T = 10 (c drift)": _t("7.10", "10$)", "10"),
        "T axis T = 9 (c drift)": _t("7.10", "9$ to", "9"),
        "T axis T = 40 (c drift)": _t("7.10", "=40$ (", "40"),
        **{
            f"C7 point ({d}, {T}): {axis}": _t("7.10", a, v)
            for d, T, axis, v, a in (
                (4, 10, "d_k", "4", "$(d_{k},T)=(4,"),
                (4, 10, "T", "10", "$(d_{k},T)=(4,10)$"),
                (8, 25, "d_k", "8", "; $(8,2"),
                (8, 25, "T", "25", "0.3411$; $(8,25"),
                (32, 15, "d_k", "32", "$(32,1"),
                (32, 15, "T", "15", "0.3202$; $(32,15"),
                (128, 25, "d_k", "128", "and $(128"),
                (128, 25, "T", "25", "and $(128,25"),
            )
        },
    },
    point_grid={},
    grids={"score-model d_k": _DK_NAMES, "score-model T": _TG_NAMES, "T-axis lengths": _TA_NAMES},
    relerr={
        "C8 at (64, 25)": (
            _w("0.668", "§7.9 (read by C8)"),
            _w("0.669", "§7.9 (read by C8)"),
            _t("7.9", "0.1\\%$), and", "0.1"),
        ),
        "C8 at (128, 15)": (
            _w("0.508", "§7.9 (read by C8)"),
            _w("0.494", "§7.9 (read by C8)"),
            _t("7.9", "2.8\\%$).", "2.8"),
        ),
    },
    bounds={
        "C8: all three within 6%": (
            _w("0", "'within' (a lower bound of zero)"),
            _t("7.9", "agree within $6\\%$", "6"),
            _w("4.4", "the largest of the three, §7.9 (read by C8)"),
        ),
    },
)
SEC79.point_grid.update(
    {
        k: ("score-model d_k" if k.endswith("d_k") else "score-model T")
        for k in SEC79.points
        if k.startswith(("C8 point", "C7 point"))
    }
)
SEC79.point_grid.update(
    {
        "T-axis boundary point T = 6": "T-axis lengths",
        "T-axis boundary point T = 8": "T-axis lengths",
        "grid T = 10 (c drift)": "score-model T",
        "T axis T = 9 (c drift)": "T-axis lengths",
        "T axis T = 40 (c drift)": "T-axis lengths",
    }
)

# ============================================================================================
# §7.11 and Figure 9
# ============================================================================================

_LADDER = ("4", "8", "16", "32", "64")
SEC711 = Part(
    same={
        "ladder context length T (Fig. 9)": (
            _t("7.11", "grid, $T=15$ so", "15"),
            _w("15", "§7.11 'At T = 15' (read by sec7.11.arith)"),
        ),
        "crossover (Fig. 9)": (
            _t("7.11", "so $d_{k}^{*}=21.1$", "21.1"),
            _w("21.1", "§7.11 text (read by sec7.11.arith)"),
        ),
        "fitted slope (Fig. 9)": (
            _t("7.11", "fitted slope is $-1.13$", "1.13", "-1.13"),
            _w("-1.13", "§7.11 text (read by sec7.11.arith)"),
        ),
        "two-point slope (Fig. 9)": (
            _t("7.11", "alone give $-0.91$", "0.91", "-0.91"),
            _w("-0.91", "§7.11 text (read by sec7.11.arith)"),
        ),
        "asymptotic exponent, numerator": (
            _t("7.11", "exponent is $-1/", "1", "-1"),
            _t("7.11", "asymptote is $-1/", "1", "-1"),
        ),
        "asymptotic exponent, denominator": (
            _t("7.11", "exponent is $-1/4$", "4"),
            _t("7.11", "asymptote is $-1/4$", "4"),
        ),
        "plateau correlation (Fig. 9)": (
            _t("7.11", "in shape ($r=0.945$)", "0.945"),
            _w("0.945", "§7.11 text (read by sec7.11.arith)"),
        ),
        "p_inf at d_k = 4": (
            _t("7.11", "gives $p_{\\infty}=0.282$", "0.282"),
            _w("0.282", "§7.11 list (read by sec7.11.arith)"),
        ),
        "operating-point coupling": (
            _t("7.11", "$\\gamma\\|p\\|/\\|q\\|$ at $\\gamma=2$ measures", "2"),
            _t("7.11", "$\\gamma\\|p\\|/\\|q\\|$ at $\\gamma=2$. The", "2"),
        ),
    },
    points={
        f"ladder point {i}": _t("7.11", a, v)
        for i, (v, a) in enumerate(
            (
                ("4", "no transition at $d_{k}=4$"),
                ("4", "transition at $d_{k}=4$ is"),
                ("4", "level: at $d_{k}=4$ the"),
                ("16", "and at $d_{k}=16$ it is"),
                ("16", "accuracy — at $d_{k}=16$ the"),
                ("64", "quantitative: at $d_{k}=64$ the"),
                ("16", "anchored at $d_{k}=16$"),
                ("4", "At $d_{k}=4$ no transition"),
                ("16", "exceeds it at $d_{k}=16$"),
            )
        )
    },
    grids={"ladder": _LADDER},
    products={
        "operating point at the transition, d_k = 64": (
            _w("0.120", "gamma_c at d_k = 64 (§7.11, read by sec7.11.arith)"),
            _t("7.11", "$3.03$ and $2.92$ along", "2.92"),
            _w("2", "the coupling at which the ratio is measured (gamma = 2)"),
            _t("7.11", "\\|q\\|\\approx 0.18$", "0.18"),
        ),
    },
)
SEC711.point_grid.update({k: "ladder" for k in SEC711.points})

# ============================================================================================
# §7.12 and Figure 10
# ============================================================================================

_G712 = ("0", "1", "2", "3", "5", "8")
SEC712 = Part(
    same={
        "asymmetric variant's pair": (
            _t("7.12", "asymmetric $(1,3)$ and", "1"),
            _w("1.0", "Table 7, attained at (1.0, 3.0) (read by sec7.5.arith)"),
        ),
        "asymmetric variant's pair, key side": (
            _t("7.12", "asymmetric $(1,3)$ and", "3"),
            _w("3.0", "Table 7, attained at (1.0, 3.0) (read by sec7.5.arith)"),
        ),
        "training pairs (Fig. 10)": (
            _t("7.12", "$d_{k}{=}16$, 14 induction pairs", "14"),
            _t("7.12", "model trained at 14 pairs. Ratios", "14"),
            _w("14", "§7.12 text (read by sec7.12.arith)"),
        ),
        "growth limit (Fig. 10)": (
            _t("7.12", "growth below $3\\times$ the layer-1 value (dashed", "3"),
            _t("7.12", "drawn at $3\\times$ the control", "3"),
            _w("3", "§7.12 text (read by sec7.12.arith)"),
        ),
        "plateau level": (
            _t("7.12", "within $90\\%$ of its best", "90"),
            _t("7.12", "within $90\\%$ of the best", "90"),
        ),
        "plateau lower coupling": (
            _t("7.12", "best over $\\gamma\\in[1.5,", "1.5"),
            _t("7.12", "spans $\\gamma\\in[1.5,", "1.5"),
        ),
        "plateau upper coupling": (
            _t("7.12", "best over $\\gamma\\in[1.5,4]", "4"),
            _t("7.12", "spans $\\gamma\\in[1.5,4]", "4"),
        ),
        "extension cap (Fig. 10)": (
            _t("7.12", "budget caps the extension at about $2.2", "2.2"),
            _w("2.2", "§7.12 text (read by sec7.12.arith)"),
        ),
        "trained coupling of the inference sweep": (
            _t("7.12", "a model trained at $\\gamma=2$, with", "2"),
            _t("7.12", "model trained at $\\gamma{=}2$ with", "2"),
        ),
    },
    points={
        f"characterisation point {i}": _t("7.12", a, v)
        for i, (v, a) in enumerate(
            (
                ("8", "including at $\\gamma=8$ at"),
                ("1", "at $\\gamma=1,"),
                ("2", "=1,2,3,5,8$ at depth"),
                ("3", "1,2,3,5,8$ at depth"),
                ("5", "2,3,5,8$ at depth"),
                ("8", "3,5,8$ at depth"),
                ("0", "for the $\\gamma{=}0$ controls"),
                ("0", "for the $\\gamma{=}0$ control and"),
                ("2", "for the $\\gamma{=}2$ run"),
                ("3", "at $\\gamma{=}3$ (Fig"),
                ("2", "1.49$ at $\\gamma{=}2$"),
                ("0", "by the $\\gamma{=}0$ control, not"),
            )
        )
    }
    | {
        f"characterisation depth {i}": _t("7.12", a, v)
        for i, (v, a) in enumerate(
            (
                ("3", "$\\gamma=8$ at depth 3"),
                ("1", "5,8$ at depth 1"),
                ("3", "$0.820$ at depth 3"),
                ("3", "At depth 3 the"),
                ("3", "in the depth-3 stack"),
            )
        )
    },
    grids={"couplings": _G712, "depths": ("1", "3")},
)
SEC712.point_grid.update(
    {k: ("depths" if k.startswith("characterisation depth") else "couplings") for k in SEC712.points}
)

# ============================================================================================
# §7.14, Table 9, Figure 11
# ============================================================================================

_N714 = ("2", "4", "5", "6", "7", "8", "12", "16")
_N, _N_NAMES = _grid(
    "depth N",
    {
        # the protocol's list, and Table 9's header (read along the header line from its first cell)
        v: (_t("7.14", a, v), _t("7.14", "drop\t" + h, v))
        for v, a, h in (
            ("2", "N\\in\\{2,", "$N{=}2"),
            ("4", "N\\in\\{2,4", "$N{=}2$\t$4"),
            ("5", "N\\in\\{2,4,5", "$N{=}2$\t$4$\t$5"),
            ("6", "N\\in\\{2,4,5,6", "$N{=}2$\t$4$\t$5$\t$6"),
            ("7", "7,8,12,16\\}$ ", "$N{=}2$\t$4$\t$5$\t$6$\t$7"),
            ("8", "8,12,16\\}$ ", "$N{=}2$\t$4$\t$5$\t$6$\t$7$\t$8"),
            ("12", "12,16\\}$ ", "$N{=}2$\t$4$\t$5$\t$6$\t$7$\t$8$\t$12"),
            ("16", "16\\}$ and", "$N{=}2$\t$4$\t$5$\t$6$\t$7$\t$8$\t$12$\t$16"),
        )
    },
)
_G714 = ("0", "0.25", "0.5", "0.75", "0.9", "1.25", "1.75", "2.5")
_P714_N = (
    ("16", ", and $0.828$ at $N=16"),
    ("7", "chance from $N=7$ upward"),
    ("12", "except at $N\\geq 12$, where"),
    ("8", "over depths up to $N=8$"),
    ("8", "Through $N=8$, therefore"),
    ("12", "at $N=12$ and $N=16$ the two"),
    ("16", "and $N=16$ the two"),
    ("8", "Through $N=8$ the first-block"),
    ("12", "from $N=12$ the first"),
    ("7", "$\\gamma=0.25$ at $N\\geq 7$, where"),
    ("12", "At $N\\geq 12$ and"),
    ("16", "at $N=16$, $\\gamma=2.5$"),
    ("6", "for $N\\leq 6$, and"),
    ("7", "for $N\\geq 7$, with"),
    ("2", "2$ and $N=4$, falls"),
    ("4", "and $N=4$, falls"),
    ("5", "at $N=5$ and $N=6$, and"),
    ("6", "and $N=6$, and collapses"),
    ("7", "from $N=7$ onward"),
    ("5", "at $N=5$ the three"),
    ("6", "at $N=6$ they give"),
    ("7", "every seed at $N\\geq 7$"),
    ("7", "values at $N\\geq 7$ mean"),
    ("16", "false: at $N=16$ the route"),
    ("2", "induction at $N\\geq 2$ is"),
    ("6", "between $N=6$ and"),
    ("7", "and $N=7$ at"),
)
_P714_G = (
    ("0", "At $\\gamma=0$ the next token"),
    ("0", "and at $\\gamma=0$ it turns"),
    ("0.5", "For $\\gamma\\geq 0.5$ the same"),
    ("0.5", "for every $\\gamma\\geq 0.5$ in the grid"),
    ("0.25", "at $\\gamma=0.25$ the probe"),
    ("0", "The $\\gamma=0$ column sits"),
    ("0.5", "averaged over $\\gamma\\geq 0.5$. Zeroing"),
    ("0.5", "Averaged over $\\gamma\\geq 0.5$ and over"),
    ("0.5", "averaged over $\\gamma\\geq 0.5$ and three"),
    ("0", "the $\\gamma=0$ column together"),
    ("0.25", "together with $\\gamma=0.25$ at"),
    ("1.75", "and $\\gamma\\geq 1.75$ the"),
    ("2.5", "$\\gamma=2.5$ the global"),
    ("0.25", "in the $\\gamma=0.25$ column, where"),
    ("0.5", "Given $\\gamma\\geq 0.5$, every"),
    ("0.25", "\u201cbetween $0.25"),
    ("0.5", "and $0.5$”"),
    ("0.5", "models with $\\gamma\\geq 0.5$ plateau"),
    ("0.25", "$N=7$ at $\\gamma=0.25$"),
)
SEC714 = Part(
    same={
        **_N,
        "task width d_k": (
            _t("7.14", "$8$ heads, $d_{k}=16$, vocabulary", "16"),
            _t("7.14", "grid runs at $d_{k}=16$, vocabulary", "16"),
        ),
        "task vocabulary": (
            _t("7.14", "128$ and sequence", "128"),
            _w("128", "§7.14 protocol (read by sec7.14.arith)"),
        ),
        "task sequence length": (
            _t("7.14", "sequence length $128$) at", "128"),
            _t("7.14", "and sequence length $128$, where", "128"),
        ),
        "models": (
            _t("7.14", "coupling; $192$ models", "192"),
            _t("7.14", "of the $192$ cells single", "192"),
            _t("7.14", "Pooled over the $192$ cells", "192"),
            _w("192", "§7.14 protocol (read by sec7.14.arith)"),
        ),
        "composition-like cells": (
            _t("7.14", "The $38$ composition-like cells", "38"),
            _w("38", "§7.14 (read by sec7.14.arith)"),
        ),
        "vocabulary chance rate": (
            _t("7.14", "against a chance rate of $0.0078$. A probe", "0.0078"),
            _t("7.14", "against a chance rate of $0.0078$. Switching", "0.0078"),
            _t("7.14", "at chance ($0.0078$)", "0.0078"),
        ),
        "held-out probe at gamma = 0": (
            _t("7.14", "a true $0.0086$", "0.0086"),
            _t("7.14", "reads $0.0086$ against", "0.0086"),
        ),
        "registered crossing (Fig. 11)": (
            _t("7.14", "prediction of $N\\approx 8.3$", "8.3"),
            _w("8.3", "§7.14 text (read by sec7.14.arith)"),
        ),
        "extrapolated crossing (Fig. 11)": (
            _t("7.14", "crossing near $N\\approx 25$", "25"),
            _w("25", "§7.14 text (read by sec7.14.arith)"),
        ),
        "in-configuration optimum": (
            _t("7.14", "optimum is $\\gamma^{*}=0$ at", "0"),
            _t("7.14", "operating point is $\\gamma=0$ at", "0"),
            _w("0", "'gamma* is zero throughout' (§7.14)"),
        ),
        "ablated coupling": (
            _t("7.14", "global $\\gamma\\!\\to\\!0", "0"),
            _t("7.14", "Setting $\\gamma_{1}\\to 0$", "0"),
        ),
        "gamma_1/2 at N >= 7": (
            _t("7.14", "$N\\geq 7$ returns $0.40$", "0.40"),
            _w("0.40", "§7.14 '~0.40 for N >= 7' (read by sec7.14.arith)"),
        ),
        "baseline steps on this task": (
            _t("7.14", "accuracy in $500$ steps", "500"),
            _t("7.14", "saturates in $500$ steps", "500"),
            _w("500", "§A34.3 'reached in 500-833 steps'"),
        ),
        # §7.14 against Appendix A34, which reports the same study
        **{
            name: (_t("7.14", anchor, printed), _w(value, where))
            for name, anchor, printed, value, where in (
                ("task d_model (A34)", "($d_{\\mathrm{model}}=128$", "128", "128", "§A34.1"),
                ("task heads (A34)", "$8$ heads, $d_{k}=16$", "8", "8", "§A34.1"),
                ("training steps (A34)", "$3{,}000$ steps apiece", "3{,}000", "3000", "Appendix A34"),
                ("wall-clock minutes (A34)", "$326$ minutes", "326", "326", "Appendix A34"),
                ("motif length, shortest (A34)", "\\mathcal{U}\\{24,", "24", "24", "§A34.1"),
                ("motif length, longest (A34)", "\\dots,48\\}$ is placed", "48", "48", "§A34.1"),
                ("generator-period oracle (A34)", "period scores $1.000$", "1.000", "1.000", "§A34.1"),
                ("fixed-lag rule, verbatim repeat (A34)", "returns $1.000$ for the", "1.000", "1.000", "§A34.1"),
                ("in-sample inflation (A34)", "it averages $+0.024$", "0.024", "+0.024", "§A34.2"),
                ("in-sample probe at gamma = 0 (A34)", "an apparent $0.0398$", "0.0398", "0.0398", "§A34.2"),
                ("probe for gamma >= 0.5 (A34)", "probe reads $0.76$ on", "0.76", "0.760", "§A34.3 (0.760)"),
                ("probe at N = 16 (A34)", ", and $0.828$ at", "0.828", "0.828", "§A34.3"),
                ("classifier probe threshold (A34)", "probe above $0.5$", "0.5", "0.5", "§A34.3"),
                ("classifier ablation threshold (A34)", "drop above $0.10$", "0.10", "0.10", "§A34.3"),
                ("classifier previous-token threshold (A34)", "statistic above $0.30$", "0.30", "0.30", "§A34.3"),
                ("probe at gamma = 0.25, N = 5 (A34)", "falls to $0.54$", "0.54", "0.542", "§A34.3 (0.542)"),
                ("probe at gamma = 0.25, N = 6 (A34)", "$0.54$ and $0.67$ at", "0.67", "0.669", "§A34.3 (0.669)"),
                (
                    "final accuracy at gamma = 0, lowest (A34)",
                    "reach $0.99$ accuracy",
                    "0.99",
                    "0.991",
                    "§A34.3 (0.991-0.995)",
                ),
                ("plateau lower end (A34)", "plateau between $0.88$", "0.88", "0.88", "§A34.3"),
                ("plateau upper end (A34)", "$0.88$ and $0.94$. The", "0.94", "0.94", "§A34.3"),
                ("pooled probe correlation (A34)", "at $r=+0.425$", "0.425", "+0.425", "§A34.4"),
                ("within-depth ratio, lowest (A34)", "from $1.25$ to", "1.25", "1.25", "§A34.4"),
                ("within-depth ratio, highest (A34)", "to $1.67$, so", "1.67", "1.67", "§A34.4"),
            )
        },
        "probe at gamma = 0.25, N = 2 and 4 (A34: 0.803, 0.808)": (
            _t("7.14", "probe reads $0.80$ at", "0.80"),
            _w("0.803", "§A34.3, N = 2"),
            _w("0.808", "§A34.3, N = 4"),
        ),
        "final accuracy at gamma = 0, highest (A34)": (
            _w("0.99", "'reach 0.99 accuracy' (§7.14, located above)"),
            _w("0.995", "§A34.3 (0.991-0.995)"),
        ),
        "91.3M baseline steps": (
            _t("7.14", "$2/3$ and $2700$ at", "2700"),
            _t("7.14", "needs $2700$ steps", "2700"),
            _w("2700", "§A35.1"),
        ),
        "91.3M d_model": (
            _t("7.14", "768$, $N", "768"),
            _w("768", "Appendix A31"),
        ),
        "91.3M depth": (
            _t("7.14", ", $N=12", "12"),
            _w("12", "§A35.1 'N = 12'"),
        ),
        "91.3M emergence coupling": (
            _t("7.14", "parameters, $\\gamma=0.80$ gives", "0.80"),
            _w("0.80", "§A35.1 'gamma = 0.80'"),
        ),
        "91.3M emergences at gamma = 0.80": (
            _t("7.14", "gives $3/", "3"),
            _w("3", "§A35.1 '3/3 seeds'"),
        ),
        "91.3M seeds": (
            _t("7.14", "/3$ emergence", "3"),
            _t("7.14", "against $2/3$", "3"),
            _w("3", "'fails one seed in three' (§7.14)"),
        ),
        "91.3M emergences at gamma = 0": (
            _t("7.14", "against $2/", "2"),
            _w("2", "'fails one seed in three' (§7.14): 3 - 1"),
        ),
        "91.3M baseline coupling": (
            _t("7.14", "at $\\gamma=0$. The two results", "0"),
            _w("0", "§A35.1 '2700 steps at gamma = 0'"),
        ),
        "91.3M mean steps to emergence": (
            _t("7.14", "mean of $717$ optimiser", "717"),
            _w("717", "§A35.1"),
        ),
        "91.3M vocabulary": (
            _t("7.14", "8192$ and length", "8192"),
            _w("8192", "§A31.6"),
        ),
        "91.3M length": (
            _t("7.14", "and length $512$", "512"),
            _w("512", "Appendix A31"),
        ),
    },
    points={f"depth point {i}": _t("7.14", a, v) for i, (v, a) in enumerate(_P714_N)}
    | {f"coupling point {i}": _t("7.14", a, v) for i, (v, a) in enumerate(_P714_G)},
    grids={"depths N": _N_NAMES, "couplings": _G714},
    ratios={
        "uniform-vocabulary rate 1/128": (
            _w("1", "a uniform guess over the vocabulary"),
            _w("128", "§7.14 protocol (read by sec7.14.arith)"),
            _t("7.14", "uniform-vocabulary rate of $0.0078$", "0.0078"),
        ),
    },
    means={
        "gamma_1/2 at N = 5 (upper end of 0.15-0.23)": (
            _t("7.14", "seeds give $0.40,", "0.40"),
            _t("7.14", "seeds give $0.40,0.15", "0.15"),
            _t("7.14", ",0.15$ and at", "0.15"),
            _t("7.14", "–$0.23", "0.23"),
        ),
    },
    bounds={
        "gamma_1/2 at N = 6 inside 0.15-0.23": (
            _w("0.15", "§7.14 (read by sec7.14.arith)"),
            _w("0.23", "§7.14 (read by sec7.14.relations, mean at N = 5)"),
            _t("7.14", "they give $0.15,", "0.15"),
            _t("7.14", "0.32,0.15$,", "0.32"),
            _t("7.14", "0.32,0.15$, while", "0.15"),
        ),
    },
)
SEC714.point_grid.update({k: ("depths N" if k.startswith("depth") else "couplings") for k in SEC714.points})

# ============================================================================================
# §7.16 against the appendix
# ============================================================================================

SEC716 = Part(
    same={
        "chained-ICL regression": (
            _t("7.16", "a $-52.5\\%$", "52.5", "-52.5"),
            _w("-52.5", "Appendix A29 ($-52.5\\%$)"),
        ),
        "multi-difficulty F": (
            _t("7.16", "($F=12.04$", "12.04"),
            _w("12.04", "§A23.6"),
        ),
        "multi-difficulty p": (
            _t("7.16", "F=12.04$, $p=7.4", "7.4", "7.4e-4"),
            _w("7.4e-4", "§A23.6 ($p=7.4\\times 10^{-4}$)"),
        ),
        "negative-control t": (
            _t("7.16", "($t=-2.91$", "2.91", "-2.91"),
            _w("-2.91", "§A22.5"),
        ),
        "negative-control p": (
            _t("7.16", "$t=-2.91$, $p=4.5", "4.5", "4.5e-3"),
            _w("4.5e-3", "§A22.5 / A22 summary ($p=4.5\\times 10^{-3}$)"),
        ),
    },
)

#: Table 9's cells that no other relation reads, against the same table in §A34.3: a certificate of
#: their own, so that a changed depth in Table 9's header (read by sec7.14.relations) leaves them found.
SEC714_T9 = Part(
    same={
        "last-block ablation at N = 12 (Table 9 = A34.3's table)": (
            _c("9", "last block only", "$12$", "0.000"),
            _w("0.000", "§A34.3, the same table"),
        ),
        "last-block ablation at N = 16 (Table 9 = A34.3's table)": (
            _c("9", "last block only", "$16$", "0.000"),
            _w("0.000", "§A34.3, the same table"),
        ),
    },
)

#: (statement id, what it covers, the data): one certificate ``<id>.relations`` each.
PARTS: tuple[tuple[str, str, Part], ...] = (
    ("sec7.1", "§7.1-7.3, Tables 4, 5 and 6 against the sections", SEC71),
    ("sec7.4", "§7.4 and Figure 3", SEC74),
    ("sec7.5", "§7.5, Tables 7 and 8 and Figure 4", SEC75),
    ("sec7.6", "§7.6-7.8, Figures 5 and 6", SEC76),
    ("sec7.9", "§7.9-7.10, Figures 7 and 8, and the score-model grids", SEC79),
    ("sec7.11", "§7.11 and Figure 9", SEC711),
    ("sec7.12", "§7.12 and Figure 10", SEC712),
    ("sec7.14", "§7.14, Table 9 and Figure 11", SEC714),
    ("sec7.14:table9", "Table 9 against the same table in §A34.3", SEC714_T9),
    ("sec7.16", "§7.16 against the appendix", SEC716),
)


def cert_id(sid: str) -> str:
    """The certificate id of a part: ``<statement>.relations``, or ``<statement>.<name>`` for a part
    named ``<statement>:<name>``."""
    base, _, name = sid.partition(":")
    return f"{base}.{name or 'relations'}"


LOCATORS: tuple[Locator, ...] = tuple(x for sid, _, part in PARTS for x in part.locators(cert_id(sid)))
