"""What the ``psa-cert`` commands share: loading a pack, running certificates with progress on
stderr, and the verdicts of the last run."""

from __future__ import annotations

from psa_io.entry import toolkit_version
from psa_io.usage import UsageError

from .. import lastrun
from ..registry import RegistryError, load_registry
from ..runner import DEFAULT_TIMEOUT, cpu_count, load_timings, run_all


def load_pack(pack: str):
    """The registry of ``pack`` ("all": every installed pack); an unknown or empty name is bad usage."""
    if not pack or not pack.strip():
        raise UsageError("psa-cert: --pack needs a pack name, got an empty one")
    try:
        return load_registry(pack.strip())
    except RegistryError as exc:
        raise UsageError(f"psa-cert: {exc}") from None


def jobs(args) -> int:
    """``--jobs``, else the number of cores."""
    return args.jobs if getattr(args, "jobs", None) else cpu_count()


def timeout(args):
    """``--timeout`` in seconds (default :data:`~certificates.runner.DEFAULT_TIMEOUT`; 0: None, no limit)."""
    t = getattr(args, "timeout", None)
    t = DEFAULT_TIMEOUT if t is None else t
    return None if t == 0 else t


def run_certs(certs, description: str, *, jobs: int = 1, timeout=None):
    """:func:`~certificates.runner.run_all` with "done / total, ETA" on stderr."""
    from psa_io.terminal import Progress

    timings = load_timings()
    todo = [c for c in certs if c.check is not None]
    known = [timings.get(c.id.lower()) for c in todo]
    with Progress(description) as prog:
        if todo and not prog.tty and (None in known or sum(known) >= 5.0):
            est = "" if None in known else f", about {sum(known) / max(1, jobs):.0f} s"
            prog.note(f"{description}: {len(certs)} certificates, {jobs} job{'s' if jobs != 1 else ''}{est}")

        def progress(done, total, eta):
            prog.update(done, total, eta)

        return run_all(certs, jobs=jobs, timeout=timeout, progress=progress)


def save_last_run(results) -> None:
    """Record these verdicts for ``list``, ``graph`` and ``report --last-run`` (one file per pack)."""
    by_pack: dict = {}
    for r in results:
        by_pack.setdefault(r.certificate.pack, []).append(r)
    for pack, rs in by_pack.items():
        lastrun.save(rs, pack, toolkit_version())


def last_statuses(certs) -> dict:
    """id (lower case) -> Status of the last run, over the packs of ``certs``."""
    out: dict = {}
    for pack in {c.pack for c in certs}:
        out.update(lastrun.statuses(pack))
    return out
