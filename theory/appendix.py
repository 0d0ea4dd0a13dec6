"""The main paper's appendix (A1–A36) as catalogued items, one per appendix section.

The appendix holds no numbered statements; its reported results (tables of per-seed accuracies,
differences, fits, run counts) are checked through the relations the paper prints between them
(issue 27).  Each section is one :class:`~theory.statement.Statement` with id ``A<k>`` so that a
certificate of its arithmetic (``A16.table29.means``) has a home; level ``empirical``.  Pure data.
"""

from __future__ import annotations

from .statement import Statement

#: (id, title as the heading prints it)
_SECTIONS: tuple[tuple[str, str], ...] = (
    ("A1", "From theorems to measurements: an overview"),
    ("A2", "Structural verification of the post-RoPE pipeline and four-term decomposition"),
    ("A3", "The high-pass condition: EMA $\\beta$-sweep validation"),
    ("A4", "The phase-transition exists in both PE families: granular $\\gamma$-sweep"),
    ("A5", "Single-layer induction at $\\gamma^{*}\\!\\approx\\!4$: Experiment 16"),
    ("A6", "The momentum–depth scaling law: Experiment 17"),
    ("A7", "Granular scaling-law validation at $L=30$: Experiment 18"),
    ("A8", "Validation suite v7: twelve sections, twenty-four checks"),
    ("A9", "Validation suite v8: two targeted fixes"),
    ("A10", "Validation suite v9: ten experiments"),
    ("A11", "Tranche\xa01 summary, scope, and bridge to Tranche\xa02"),
    (
        "A12",
        "Tranche 2 overview: from microbenchmarks to algorithmic-reasoning primitives at small-language-model scale",
    ),
    ("A13", "The bandpass spectral window: exploratory low-frequency scan (F1)"),
    ("A14", "The rigorous granular sweep: 720 runs, 240 configurations (F2)"),
    ("A15", "The monochromatic control: ruling out frequency-hopping (F3)"),
    ("A16", "Two-thousand-experiment validation of the noise spectrum (G)"),
    ("A17", "The RoPE frequency design space (H)"),
    ("A18", "Mechanistic visualization: what PSA does inside the network"),
    ("A19", "Multi-hop reasoning with eased difficulty: a documented null"),
    ("A20", "Chain-of-thought reasoning on harder tasks"),
    ("A21", "Real-world reasoning: five primitives, 600 runs"),
    ("A22", "Multi-task validation with negative control: the $\\nabla/\\int$ dissociation"),
    ("A23", "Multi-difficulty phase-transition validation: 2,880 runs"),
    ("A24", "In-context learning: the five-notebook chronology"),
    ("A25", "Burstiness null: PSA is neutral on $\\int$-tasks"),
    ("A26", "Structural ICL without anchoring: the first failure"),
    ("A27", "Chained ICL without anchoring: diagnosis hardened"),
    ("A28", "Anchored ICL: the fix"),
    ("A29", "Anchored ICL stress test at $L=30$: principal empirical result of the ICL arc"),
    ("A30", "The Placement Corollary under an A/B placement intervention"),
    ("A31", "Sweeps at 91M parameters: contraction at low $\\gamma$, and the induction emergence band"),
    ("A32", "Parameter efficiency at 300M parameters: two near-misses, honestly disclosed"),
    ("A33", "Tranche 2 synthesis: 17 reasoning tasks, 4 sub-programs, 4,700 runs"),
    ("A34", "Circuit attribution: which route executes induction"),
    ("A35", "Final empirical conclusion: theory–measurement closure across both tranches"),
    ("A36", "Open questions and the limits of the empirical program"),
)

STATEMENTS: tuple[Statement, ...] = tuple(
    Statement(sid, f"Appendix {sid}", sid, title, "empirical", content=f"Appendix {sid}: {title}")
    for sid, title in _SECTIONS
)
