"""Running certificates from Python (a notebook, a script): :func:`run` -> :class:`CertificateRun`.

>>> import certificates
>>> run = certificates.run(only="C2,C5")          # doctest: +SKIP
>>> run                                            # doctest: +SKIP
CertificateRun(pack='psa', 2 certificates: 2 passed, 0 failed, 0 errors, 0.01 s)
>>> run["C2"].status.value                         # doctest: +SKIP
'PASS'

Built on :func:`certificates.runner.run_all` (each certificate isolated in a worker process forked
from this one: an exception, or the worker's death, is an ERROR row); the verdicts and their JSON
are those of ``psa-cert run``.  A process that has already run parallel Numba kernels cannot fork
workers that run them again (GNU OpenMP): the row then says so.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any, Callable, Iterable, Optional, Union, overload

from .registry import DEFAULT_PACK, Status, load_registry
from .results import Result, counts
from .runner import run_all

__all__ = ["CertificateRun", "run"]

SEVERITIES = ("substantive", "minor", "reading")


class CertificateRun(Sequence[Result]):
    """The results of one run: a list of :class:`~certificates.results.Result` with summaries.

    Index by position or by certificate id (``run["thm49"]``, case-insensitive).  In a
    notebook it shows the summary line, the findings by severity and one row per
    certificate.
    """

    def __init__(
        self,
        results: Iterable[Result],
        *,
        pack: Union[str, Sequence[str]] = DEFAULT_PACK,
        only: Optional[list[str]] = None,
        elapsed_s: float = 0.0,
    ):
        self.results = list(results)
        self.pack = pack
        self.only = only
        self.elapsed_s = elapsed_s

    # -- list-like
    def __len__(self) -> int:
        return len(self.results)

    @overload
    def __getitem__(self, key: int) -> Result: ...
    @overload
    def __getitem__(self, key: str) -> Result: ...
    @overload
    def __getitem__(self, key: slice) -> CertificateRun: ...
    def __getitem__(self, key: Union[int, str, slice]) -> Union[Result, CertificateRun]:
        if isinstance(key, str):
            for r in self.results:
                if r.certificate.id.lower() == key.lower():
                    return r
            raise KeyError(f"no certificate {key!r} in this run")
        if isinstance(key, slice):
            return CertificateRun(self.results[key], pack=self.pack, only=self.only)
        return self.results[key]

    def __iter__(self) -> Iterator[Result]:
        return iter(self.results)

    @property
    def ids(self) -> list[str]:
        return [r.certificate.id for r in self.results]

    # -- summaries
    @property
    def counts(self) -> dict[str, Any]:
        """passed / failed / errors / not_checkable, failed_by_severity, findings (distinct)."""
        return counts(self.results)

    @property
    def summary(self) -> str:
        """The one-line summary ``psa-cert run`` prints."""
        from .render import summary_line

        return summary_line(self.results)

    @property
    def ok(self) -> bool:
        """No FAIL and no ERROR (what exit code 0 means for ``psa-cert run``)."""
        c = self.counts
        return c["failed"] == 0 and c["errors"] == 0

    def with_status(self, status: Union[Status, str]) -> list[Result]:
        status = Status(status) if not isinstance(status, Status) else status
        return [r for r in self.results if r.status is status]

    @property
    def failed(self) -> list[Result]:
        return self.with_status(Status.FAIL)

    @property
    def errors(self) -> list[Result]:
        return self.with_status(Status.ERROR)

    def findings(self, severity: Optional[str] = None, *, distinct: bool = True) -> list[Result]:
        """FAIL results, substantive first; ``distinct`` drops those whose ``same_finding_as``
        names a certificate that also fails here (one finding, one entry)."""
        if severity is not None and severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {', '.join(SEVERITIES)}, got {severity!r}")
        failing = {r.certificate.id.lower() for r in self.failed}
        out = []
        for r in self.failed:
            if severity is not None and r.severity != severity:
                continue
            if distinct and any(s.lower() in failing for s in r.same_finding_as):
                continue
            out.append(r)
        rank: dict[Optional[str], int] = {s: i for i, s in enumerate(SEVERITIES)}
        return sorted(out, key=lambda r: rank.get(r.severity, len(rank)))

    @property
    def by_severity(self) -> dict[str, list[Result]]:
        """severity -> distinct findings of that severity."""
        return {s: self.findings(s) for s in SEVERITIES}

    # -- export
    def to_json(self) -> dict[str, Any]:
        """The ``psa-cert run --json`` document (as a dict)."""
        import json

        from .render import to_json

        return json.loads(to_json(self.results))

    def to_frame(self) -> Any:
        """pandas DataFrame, one row per certificate (the JSON record's fields); needs pandas."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_frame() needs pandas: pip install pandas (or 'psa-toolkit[notebook]')") from None
        return pd.DataFrame(self.to_json()["certificates"])

    # -- displays (certificates.display)
    @property
    def title(self) -> str:
        pack = self.pack if isinstance(self.pack, str) else ",".join(self.pack)
        return f"psa-toolkit certificates (pack {pack})"

    def __repr__(self) -> str:
        pack = self.pack if isinstance(self.pack, str) else list(self.pack)
        return f"CertificateRun(pack={pack!r}, {len(self)} certificates: {self.summary}, {self.elapsed_s:.2f} s)"

    def _repr_html_(self) -> str:
        from .display import run_html

        return run_html(self)

    def _repr_markdown_(self) -> str:
        from .display import run_markdown

        return run_markdown(self)


def _ids(only: Union[str, Iterable[str], None]) -> Optional[list[str]]:
    if only is None:
        return None
    if isinstance(only, str):
        ids = [t.strip() for t in only.split(",") if t.strip()]
    else:
        ids = [str(t).strip() for t in only]
    if not ids:
        raise ValueError("only= names no certificate")
    return ids


def run(
    only: Union[str, Iterable[str], None] = None,
    pack: Union[str, Sequence[str]] = DEFAULT_PACK,
    *,
    on_result: Optional[Callable[[Result], None]] = None,
) -> CertificateRun:
    """Run certificates and return a :class:`CertificateRun`.

    Parameters
    ----------
    only : str or iterable of str, optional
        Certificate ids (``"C2,C5"`` or ``["C2", "C5"]``, case-insensitive); default all of
        the pack.
    pack : str or list of str, default "psa"
        Pack(s) to load (``"all"``: every installed pack: psa, momentum, qhm, ...).
    on_result : callable, optional
        Called with each :class:`~certificates.results.Result` as it finishes (progress).

    Raises
    ------
    certificates.RegistryError
        An unknown pack or certificate id (a ``LookupError``; the message lists what exists).

    Examples
    --------
    >>> import certificates
    >>> r = certificates.run(only=["C2"])
    >>> len(r), r["C2"].status.value
    (1, 'PASS')
    """
    ids = _ids(only)
    reg = load_registry(pack)
    certs = reg.select(ids) if ids is not None else list(reg)
    t0 = time.perf_counter()
    results = run_all(certs, on_result=on_result)
    return CertificateRun(results, pack=pack, only=ids, elapsed_s=time.perf_counter() - t0)
