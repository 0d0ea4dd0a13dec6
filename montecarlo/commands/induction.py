"""``psa-mc induction``: embedding-level simulation of the canonical induction model (Prop 1, Prop 46)."""

from __future__ import annotations

from psa_io.entry import toolkit_version
from psa_io.terminal import console
from psa_io.usage import EXIT_OK, UsageError, int_at_least, positive_float

from ._common import print_json
from .options import JSON_HELP


def add_parser(sub) -> None:
    p = sub.add_parser(
        "induction",
        help="embedding-level simulation of the canonical induction model",
        description="Draw token sequences of the canonical induction model (Prop 1 / Prop 46), "
        "build the post-RoPE streams and the PSA score from the chosen channels at "
        "(gamma_q, gamma_k); report the target's softmax mass and argmax accuracy.",
    )
    p.add_argument("--dk", type=int_at_least(1), required=True, help="head width d_k")
    p.add_argument("--T", type=int_at_least(3), required=True, help="context length T (query at T, candidates 1..T-1)")
    p.add_argument("--gamma-q", type=float, default=1.0, help="query coupling gamma_q (default 1)")
    p.add_argument("--gamma-k", type=float, default=1.0, help="key coupling gamma_k (default 1)")
    p.add_argument("--channels", default="T1,T2,T3,T4", help="channels of eq. (19) to keep (default T1,T2,T3,T4)")
    p.add_argument(
        "--embeddings",
        choices=["shared", "independent"],
        default="shared",
        help="one embedding table for queries and keys (default) or two independent ones",
    )
    p.add_argument(
        "--alphabet",
        type=int_at_least(2),
        default=None,
        help="alphabet size (default: continuum, every token but the query's distinct)",
    )
    p.add_argument("--rope", type=positive_float, default=None, metavar="BASE", help="apply RoPE with this base")
    p.add_argument(
        "--sign",
        type=float,
        choices=[1.0, -1.0],
        default=1.0,
        help="orientation of the score: 1 (raw) or -1 (Rem 48: W_K -> -W_K)",
    )
    p.add_argument(
        "--boundary",
        choices=["p1=0", "q0=0"],
        default="p1=0",
        help="momentum boundary: p_1 = 0 (§4, default) or zero history (§8)",
    )
    p.add_argument("--trials", type=int_at_least(2), default=100_000, help="trials (default 100000)")
    p.add_argument("--seed", type=int_at_least(0), default=0, help="seed (default 0)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def induction_command(args) -> int:
    from montecarlo import induction as MI

    try:
        model = MI.SequenceModel(
            args.dk, args.T, embeddings=args.embeddings, alphabet=args.alphabet, rope=args.rope, boundary=args.boundary
        )
        chans = tuple(c.strip().upper() for c in args.channels.split(",") if c.strip())
        est = MI.simulate(
            model, args.gamma_q, args.gamma_k, channels=chans, sign=args.sign, trials=args.trials, seed=args.seed
        )
    except ValueError as exc:
        raise UsageError(f"psa-mc: {exc}") from None
    doc = est.to_json()
    doc["toolkit_version"] = toolkit_version()
    if args.json:
        print_json(doc)
        return EXIT_OK
    from rich.table import Table

    t = Table(
        title=f"canonical induction model, dk={args.dk}, T={args.T}, (gamma_q, gamma_k) = "
        f"({args.gamma_q:g}, {args.gamma_k:g}), channels {'+'.join(est.channels)}",
        show_header=False,
    )
    t.add_column(style="bold")
    t.add_column()
    t.add_row("target softmax mass (± SE)", f"{est.mass:.5f} ± {est.mass_se:.5f}")
    t.add_row("argmax accuracy (± SE)", f"{est.accuracy:.5f} ± {est.accuracy_se:.5f}")
    t.add_row("chance / ceiling", f"1/(T-1) = {est.chance:.5f} / 1/(T-2) = {est.ceiling:.5f} (Prop 1)")
    for k, v in model.conventions().items():
        t.add_row(k, str(v))
    t.add_row("orientation", f"{args.sign:+g}")
    t.add_row("trials", f"{args.trials} (seed {args.seed}), {est.elapsed_s:.2f} s")
    console().print(t)
    return EXIT_OK
