"""``psa-cert list`` (one line per certificate, with its last verdict) and ``psa-cert show`` (one
certificate in full: its claims as printed, its settings, and every row of its evidence)."""

from __future__ import annotations

from psa_io.escape import terminal
from psa_io.terminal import Progress, emit, width
from psa_io.usage import EXIT_FAIL, EXIT_OK, EXIT_USAGE, UsageError

from .. import timings
from ..registry import RegistryError, Status, load_registry
from ..render import describe_lines, list_json, list_lines, outcome_lines
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
    unrecorded = save_last_run([r])
    emit(outcome_lines(r, w, verbose=getattr(args, "verbose", False)))
    say(unrecorded)
    if unrecorded:
        return EXIT_USAGE
    return EXIT_FAIL if r.status in (Status.FAIL, Status.ERROR) else EXIT_OK


def _show_registry(pack: str):
    """The registry ``show`` looks in: with ``--pack all``, a pack that cannot be used is left out
    (a certificate of another pack is still shown; one that is not found names the broken pack)."""
    if pack.strip() != "all":
        return load_pack(pack)
    try:
        return load_registry("all", skip_broken=True)
    except RegistryError as exc:
        raise UsageError(f"psa-cert: {exc}") from None
