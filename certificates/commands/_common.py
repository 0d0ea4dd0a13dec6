"""What the ``psa-cert`` commands share: loading a pack, checking the Monte-Carlo settings before
running, running certificates with progress on stderr, and the verdicts of the last run."""

from __future__ import annotations

import contextlib
import sys

from psa_io.entry import toolkit_version
from psa_io.escape import terminal
from psa_io.usage import UsageError

from .. import lastrun, timings
from ..registry import Kind, RegistryError, load_registry
from ..runner import DEFAULT_TIMEOUT, cpu_count, run_all


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


def run_certs(certs, description: str, *, jobs: int = 1, timeout=None, memo=None):
    """:func:`~certificates.runner.run_all` with "done / total, ETA" on stderr; while a process of the
    run compiles a Monte-Carlo kernel (a first run), the line says so instead of a frozen ETA
    (:mod:`psa_io.status`: the folder is made here unless the caller made it before starting workers)."""
    import os

    from psa_io import status
    from psa_io.terminal import Progress

    times = timings.load()
    todo = [c for c in certs if c.check is not None]
    recall = [c for c in todo if likely_recalled(memo, c)]
    if recall:  # recalled verdicts take no time: the estimate is of the checks that run
        ids = {id(c) for c in recall}
        todo = [c for c in todo if id(c) not in ids]
    known = [times.get(c.id.lower()) for c in todo]
    folder = os.environ.get(status.ENV)
    with contextlib.ExitStack() as stack:
        if not folder or not os.path.isdir(folder):
            folder = stack.enter_context(status.watch())
        prog = stack.enter_context(Progress(description))
        if (todo or recall) and not prog.tty and (None in known or sum(k or 0.0 for k in known) >= 5.0 or recall):
            est = "" if None in known else f", about {sum(k or 0.0 for k in known) / max(1, jobs):.0f} s"
            memo_note = f", {len(recall)} to recall from the verified store" if recall else ""
            prog.note(f"{description}: {len(certs)} certificates, {jobs} job{'s' if jobs != 1 else ''}{memo_note}{est}")
        last: dict = {"done": 0, "total": len(certs), "eta": None, "label": ""}
        noted: set = set()

        def progress(done, total, eta):
            last.update(done=done, total=total, eta=eta)
            prog.update(done, total, None if last["label"] else eta, last["label"])

        def show(lines: list) -> None:
            label = "; ".join(lines)
            if label == last["label"]:
                return
            last["label"] = label
            if label and not prog.tty and label not in noted:  # a log gets each line once
                noted.add(label)
                prog.note(f"{description}: {label}")
            prog.update(last["done"], last["total"], None if label else last["eta"], label)

        stop = stack.enter_context(_poll(lambda: show(status.read(folder))))
        try:
            return run_all(certs, jobs=jobs, timeout=timeout, progress=progress, memo=memo)
        finally:
            stop.set()


def likely_recalled(memo, cert) -> bool:
    """Whether ``memo`` (a :class:`certificates.memo.Memo`, or None) holds a record for ``cert``'s
    key: its verdict will most likely be recalled, not computed.  For the estimate of a run's time
    only: the record is verified when it is read, and one that does not verify is recomputed."""
    if memo is None or memo.fresh or cert.check is None:
        return False
    try:
        return memo.applies(cert) and memo.path(cert).is_file()
    except Exception:  # an estimate never sinks a run
        return False


@contextlib.contextmanager
def _poll(tick, every: float = 0.5):
    """Call ``tick()`` every ``every`` seconds in a daemon thread until the block ends."""
    import threading

    stop = threading.Event()

    def loop():
        while not stop.wait(every):
            try:
                tick()
            except Exception:  # display only
                pass

    t = threading.Thread(target=loop, daemon=True)
    t.start()
    try:
        yield stop
    finally:
        stop.set()
        t.join(timeout=2)


def save_last_run(results, papers=None) -> list[str]:
    """Record these verdicts for ``list``, ``graph`` and ``report --last-run`` (one file per pack;
    ``papers``: the ``meta.papers`` of ``run --paper``, each kept with its pack's record).
    Returns one line per pack whose record could not be written (the command prints them after
    its output and exits 2); the record of an earlier run is never left in place of this one."""
    by_pack: dict = {}
    for r in results:
        by_pack.setdefault(r.certificate.pack, []).append(r)
    failed = []
    for pack, rs in by_pack.items():
        try:
            lastrun.save(rs, pack, toolkit_version(), [p for p in papers or () if p.get("pack") == pack])
        except lastrun.LastRunError as exc:
            failed.append(
                terminal(
                    f"psa-cert: could not record this run: {exc}; 'list', 'graph' and 'report --last-run' "
                    "will not show its verdicts"
                )
            )
    return failed


def say(lines: list[str]) -> None:
    """Print these lines on stderr (the failures a command reports after its output)."""
    for line in lines:
        print(line, file=sys.stderr)


def mc_ready(certs, trust: bool = False) -> None:
    """Before Monte-Carlo certificates run: an unusable store key or a malformed limit in the
    environment (``$PSA_TOOLKIT_MAX_MEMORY``, ``$PSA_TOOLKIT_MAX_WORK``) is bad input (one line,
    exit 2), not a run whose Monte-Carlo certificates all error; with ``--trust-store`` the store
    that is trusted is named once, and a result store that cannot be written (a file where its
    folder should be, read-only) is said in one line: the run goes on, and each Monte-Carlo
    evidence says its results were not kept.  Nothing is imported when no Monte-Carlo certificate
    is selected."""
    if not any(c.kind is Kind.MONTE_CARLO and c.check is not None for c in certs):
        return
    from montecarlo import limits
    from montecarlo.store import default_store_dir, unwritable
    from montecarlo.storekey import StoreKeyError, announce_trust, store_key

    try:
        store_key()
        limits.current()
    except limits.LimitSettingError as exc:
        # psa-cert has no --max-memory/--max-work: the variable is the only way to set the limit
        raise UsageError(
            f"psa-cert: {str(exc).splitlines()[0].split('; fix or unset it')[0]}; fix or unset it"
        ) from None
    except StoreKeyError as exc:
        raise UsageError(f"psa-cert: {str(exc).splitlines()[0]}") from None
    root = default_store_dir()
    why = unwritable(root)
    if why is not None:
        print(
            terminal(
                f"psa-cert: the result store {root} cannot be written ({why}); Monte-Carlo results of this run "
                "are computed but not kept"
            ),
            file=sys.stderr,
        )
    if trust:
        announce_trust(str(root))


def last_statuses(certs) -> dict:
    """id (lower case) -> Status of the last run, over the packs of ``certs``."""
    out: dict = {}
    for pack in {c.pack for c in certs}:
        out.update(lastrun.statuses(pack))
    return out
