"""The pristine template's side of a run (issue 26, item 1): what the template does with a request.

:mod:`certificates.pristine` forks the template and carries requests and answers; it sits below
the registry (which calls it right before a third-party pack is imported) and imports nothing of
the toolkit but :mod:`certificates.workers`.  Answering a request needs the runner's machinery
(:mod:`certificates.runner`, :mod:`certificates.memo`, the toolkit's packs), so the answer lives
here, above both, and is handed to :mod:`certificates.pristine` when this module is imported
(``certificates/__init__.py`` imports it, so it is in place before any pack can be loaded, and a
template forked from the process has it).  Without it the template is not started and the
built-in checks of a run are ERROR rows saying why -- never run where a third-party pack was.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from . import pristine, runner
from .registry import BUILT_IN_PACKS
from .workers import Pool


def _toolkit_certs(packs: set[str], certs: dict[str, Any]) -> None:
    """Load the toolkit's own ``packs`` (by module, not entry point) into ``certs`` (id -> cert)."""
    import importlib

    for pack in sorted(packs):
        if any(c.pack == pack for c in certs.values()):
            continue
        module, _, func = BUILT_IN_PACKS[pack].partition(":")
        for c in getattr(importlib.import_module(module), func)():
            if c.pack == pack:
                certs[c.id.lower()] = c


def answer(req: dict, known: dict[str, Any], res_w: int) -> None:
    """Run the certificates of one request in workers forked from the template and send each
    result on ``res_w`` as it ends (the messages :func:`certificates.pristine.run` reads)."""
    from . import memo  # here, not at import: ``import certificates`` stays as light as it was

    os.environ.clear()
    os.environ.update(req["env"])
    wanted: list[tuple[str, str]] = [(str(p), str(i)) for p, i in req["certs"]]
    _toolkit_certs({p for p, _ in wanted}, known)
    certs, index = [], []
    for n, (pack, cid) in enumerate(wanted):
        c = known.get(cid.lower())
        if c is None or c.pack != pack or c.check is None:
            pristine._send(res_w, {"i": n, "missing": True})
        else:
            certs.append(c)
            index.append(n)
    timeout = req["timeout"]

    def done(i: int, data: Optional[bytes], death: Any, seconds: float) -> None:
        msg: dict[str, Any] = {"i": index[i], "seconds": seconds}
        if death is not None:
            msg["death"] = [death.reason, death.output]
        else:
            msg["data"] = (data or b"").decode("utf-8", "backslashreplace")
            c = certs[i]
            msg["key"] = memo.key_of(memo.key_document(c)) if memo.memoisable(c) else None
        pristine._send(res_w, msg)

    tasks = runner._tasks(certs, req["times"])
    if tasks:
        runner.preload(len(tasks))
        pool = Pool(
            min(req["jobs"], len(tasks)),
            runner._work(certs, timeout),
            init=runner._worker_init(runner._worker_env(req["jobs"])),
            memory_limit=req["memory_limit"],
        )
        try:
            limit = None if timeout is None else runner.kill_after(timeout)
            pool.run(tasks, limit, done, said=timeout)
        finally:
            pool.close()
    pristine._send(res_w, {"end": True})


pristine.serve_with(answer)
