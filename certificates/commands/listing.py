"""``psa-cert list`` (one line per certificate, with its last verdict) and ``psa-cert show`` (one
certificate in full: its claims as printed, its settings, and every row of its evidence).

``show`` runs the check but does not record its verdict as the last run (``list``, ``graph`` and
``report --last-run`` keep the verdicts of the last ``psa-cert run``, so that a report never mixes
two runs); it says so, and names the failing statements a PASS rests on (by the last run's verdicts
of the others)."""

from __future__ import annotations

from psa_io.escape import terminal
from psa_io.terminal import Progress, emit, width
from psa_io.usage import EXIT_FAIL, EXIT_OK, EXIT_USAGE, UsageError

from .. import timings
from ..registry import RegistryError, Status, load_registry
from ..render import blocked_lines, describe_lines, list_json, list_lines, outcome_lines, wrap
from ..runner import run_all
from ._common import jobs, last_statuses, load_pack, mc_ready, run_certs, save_last_run, say, timeout


def list_command(args) -> int:
    reg = load_pack(args.pack)
    certs = list(reg)
    unrecorded: list[str] = []
    if args.run:
        mc_ready(certs)
        results = run_certs(certs, "psa-cert list --run", jobs=jobs(args), timeout=timeout(args))
        unrecorded = save_last_run(results)
        statuses = {r.certificate.id.lower(): r.status for r in results}
    else:
        statuses = last_statuses(certs)
    emit(list_json(certs, statuses) if args.json else list_lines(certs, statuses, width()))
    say(unrecorded)
    return EXIT_USAGE if unrecorded else EXIT_OK


def show_command(args) -> int:
    w = width()
    reg = _show_registry(args.pack)
    try:
        cert = reg.get(args.id.strip())
    except RegistryError as exc:
        raise UsageError(f"psa-cert: {reg.broken[0] if reg.broken else exc}") from None
    everything = list(reg)
    if not args.no_run:
        mc_ready([cert])  # a malformed limit in the environment: exit 2 before anything is printed
    statuses = last_statuses(everything) if cert.depends else {}
    emit(describe_lines(cert, w, statuses, {c.id.lower() for c in everything}))
    if args.no_run or cert.check is None:
        return EXIT_OK
    before = timings.load().get(cert.id.lower())
    running = f"psa-cert show: running {terminal(cert.id)}" + (
        f" (took {before:.1f} s last time)" if before is not None and before >= 1.0 else ""
    )
    with Progress(running) as prog:
        if not prog.tty:
            prog.note(running + " ...")
        (r,) = run_all([cert], timeout=timeout(args))  # in a worker, as 'run' does
    emit(outcome_lines(r, w, verbose=getattr(args, "verbose", False)) + _blocked(r, everything, w))
    emit(wrap(_NOT_RECORDED.format(id=terminal(cert.id)), w))
    return EXIT_FAIL if r.status in (Status.FAIL, Status.ERROR) else EXIT_OK


#: One line: 'list', 'graph' and 'report --last-run' keep the verdicts of the last 'psa-cert run'.
_NOT_RECORDED = "(not recorded as the last run: 'psa-cert run --only {id}' records it)"


def _blocked(r, everything, width: int) -> list[str]:
    """For a PASS that rests on a FAIL, the lines naming what blocks it, by the verdicts of the last
    run of the other certificates (:func:`certificates.results.blockage`); [] otherwise."""
    if r.status is not Status.PASS or not r.certificate.depends:
        return []
    from .. import lastrun
    from ..report import results_from_last_run
    from ..results import blockage

    key = r.certificate.id.lower()
    stored: dict = {}
    for pack in sorted({c.pack for c in everything}):
        stored.update(lastrun.load(pack))
    others = [x for x in results_from_last_run(everything, stored) if x.certificate.id.lower() != key]
    b = blockage(others + [r]).get(key)
    if b is None:
        return []
    return blocked_lines(b, {x.certificate.id.lower(): x.severity for x in others}, width)


def _show_registry(pack: str):
    """The registry ``show`` looks in: with ``--pack all``, a pack that cannot be used is left out
    (a certificate of another pack is still shown; one that is not found names the broken pack)."""
    if pack.strip() != "all":
        return load_pack(pack)
    try:
        return load_registry("all", skip_broken=True)
    except RegistryError as exc:
        raise UsageError(f"psa-cert: {exc}") from None
