"""``psa-cert report``: a referee's report, one self-contained HTML page or Markdown."""

from __future__ import annotations

import json
import sys
import time

from psa_io.entry import toolkit_version
from psa_io.escape import rich_text
from psa_io.outputs import Outputs
from psa_io.terminal import console, emit
from psa_io.usage import EXIT_OK, EXIT_USAGE, UsageError

from .. import baseline as bl
from .. import lastrun, report
from ..runner import run_all
from ._common import load_pack, mc_ready, save_last_run, say


def report_command(args) -> int:
    json_diff = getattr(args, "json_diff", None)
    if args.html is None and args.markdown is None and json_diff is None:
        raise UsageError("psa-cert report: one of --html PATH or --markdown PATH is required (see --help)")
    base = _baseline(args)
    if json_diff is not None and base is None:
        raise UsageError("psa-cert report: --json-diff needs --baseline PATH (what to compare with)")
    outs = Outputs("psa-cert")  # its own stdout holds a note only: moved to stderr when a report goes there
    targets = [
        (outs.add(flag, path), render)
        for flag, path, render in (
            ("--html", args.html, report.render_html),
            ("--markdown", args.markdown, report.render_markdown),
        )
        if path is not None
    ]
    diff_out = outs.add("--json-diff", json_diff) if json_diff is not None else None
    with outs:
        certs = list(load_pack(args.pack))
        unrecorded: list[str] = []
        if args.last_run:
            results, source = _last_run(certs, args.pack)
        else:
            mc_ready(certs)
            results, source, unrecorded = _run_now(certs)
        rep = report.build(certs, results, pack=args.pack, source=source, version=toolkit_version())
        if base is not None:
            rep.baseline = bl.diff(base, results, [c.id for c in certs], args.baseline)
        for out, render in targets:
            outs.put(out, render(rep))
        if diff_out is not None:
            outs.put(diff_out, json.dumps(rep.baseline, indent=2, allow_nan=False) + "\n")
        emit(
            [
                f"wrote {', '.join([out.path for out, _ in targets] + ([diff_out.path] if diff_out else []))}: "
                f"{len(certs)} statements; {rep.summary}"
            ],
            stream=outs.notes(),
        )
        failures = outs.finish() + unrecorded
    say(failures)
    return EXIT_USAGE if failures else EXIT_OK


def _baseline(args):
    """The baseline of ``--baseline PATH`` (None without it); an unusable one is bad input (exit 2)."""
    path = getattr(args, "baseline", None)
    if path is None:
        return None
    if not path.strip():
        raise UsageError("psa-cert: --baseline needs a file name, got an empty one")
    try:
        return bl.load(path)
    except bl.BaselineError as exc:
        raise UsageError(f"psa-cert: {exc}") from None


def _last_run(certs, pack: str):
    """The results stored by the last ``psa-cert run`` of the packs of ``certs``, and where from."""
    packs = sorted({c.pack for c in certs})
    stored = {p: lastrun.load(p) for p in packs}
    if not any(stored.values()):
        raise UsageError(
            f"psa-cert: no stored run for pack {pack}; run 'psa-cert run --pack {pack}' first or drop --last-run"
        )
    merged = {k: v for p in packs for k, v in stored[p].items()}
    results = report.results_from_last_run(certs, merged)
    times = sorted(v.get("time", "") for v in merged.values() if v.get("time"))
    versions = sorted({str(v.get("version")) for v in merged.values() if v.get("version")})
    files = ", ".join(str(lastrun.stored_path(p)) for p in packs if stored[p])
    span = (times[0] if times[0] == times[-1] else f"{times[0]} to {times[-1]}") if times else "?"
    source = (
        f"verdicts of the last 'psa-cert run' (stored in {files}), recorded {span} by toolkit "
        f"{'/'.join(versions) or '?'}"
    )
    read = [p for pk in packs for p in lastrun.papers(pk)]
    if read:  # run --paper: the located claims were read from these texts
        source += "; located claims read from " + ", ".join(f"{p['path']} (SHA-256 {p['sha256']})" for p in read)
    return results, source


def _run_now(certs):
    """Run ``certs`` here (a spinner on a terminal, a line every tenth elsewhere) and record them:
    ``(results, where they come from, lines saying the record failed)``."""
    t0, done, total = time.perf_counter(), [0], len(certs)
    tty = sys.stderr.isatty()
    with console(stderr=True).status(f"running certificates for the report: 0/{total}") as status:

        def on_result(r):
            done[0] += 1
            if tty:
                status.update(
                    f"running certificates for the report: {done[0]}/{total} "
                    f"({rich_text(r.certificate.id)}: {r.status.value})"
                )
            elif done[0] == total or done[0] % max(1, total // 10) == 0:
                print(f"psa-cert report: ran {done[0]}/{total} certificates", file=sys.stderr)

        results = run_all(certs, on_result)
    unrecorded = save_last_run(results)
    source = (
        f"certificates run for this report at {time.strftime('%Y-%m-%d %H:%M:%S')} in {time.perf_counter() - t0:.1f} s"
    )
    return results, source, unrecorded
