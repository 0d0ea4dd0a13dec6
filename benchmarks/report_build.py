"""Time to build the referee's report from stored verdicts (psa-cert report --last-run).

    python benchmarks/report_build.py [--pack all] [--repeat 3]

Needs a stored run (``psa-cert run --pack all`` first).  Prints, for each phase, the best of
``--repeat`` timings: loading the registry, rebuilding results from the stored verdicts,
building the report model, the graph layout + SVG, and rendering HTML and Markdown; and the
size of each output.
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="all")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    from certificates import lastrun, load_registry, report
    from certificates.svg_graph import to_svg

    def best(fn):
        times, out = [], None
        for _ in range(max(1, args.repeat)):
            t0 = time.perf_counter()
            out = fn()
            times.append(time.perf_counter() - t0)
        return min(times), out

    t_reg, certs = best(lambda: list(load_registry(args.pack)))
    packs = sorted({c.pack for c in certs})
    stored = {k: v for p in packs for k, v in lastrun.load(p).items()}
    if not stored:
        print(f"no stored run for pack {args.pack}; run 'psa-cert run --pack {args.pack}' first", file=sys.stderr)
        return 2
    t_res, results = best(lambda: report.results_from_last_run(certs, stored))
    t_build, rep = best(lambda: report.build(certs, results, pack=args.pack, source="benchmark", version="benchmark"))
    anchors = {e.key: e.anchor for e in rep.entries}
    t_svg, svg = best(lambda: to_svg(rep.nodes, anchors))
    t_html, html = best(lambda: report.render_html(rep))
    t_md, md = best(lambda: report.render_markdown(rep))
    print(f"pack {args.pack}: {len(certs)} statements, {len(results)} stored verdicts, {len(rep.nodes)} graph nodes")
    for name, t in (
        ("load registry", t_reg),
        ("results from last run", t_res),
        ("report model", t_build),
        ("graph layout + SVG", t_svg),
        ("render HTML (incl. SVG)", t_html),
        ("render Markdown", t_md),
    ):
        print(f"  {name:<26} {t * 1e3:9.1f} ms")
    print(
        f"  HTML {len(html.encode()) / 1e6:.2f} MB (SVG {len(svg.encode()) / 1e6:.2f} MB), "
        f"Markdown {len(md.encode()) / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
