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
    r"""The results of one run of certificates: a list of :class:`~certificates.results.Result`, with
    summaries.

    Each certificate checks one statement of the paper (a theorem, an equation, a printed number);
    :func:`run` returns this object.  Index it by position or by certificate id (``run["thm49"]``,
    case-insensitive); a slice is a :class:`CertificateRun` again.  In a notebook it shows the
    summary line, the findings by severity and one row per certificate.

    Parameters
    ----------
    results : iterable of Result
        The results, in the order they are shown.
    pack : str or sequence of str, default "psa"
        The pack(s) they came from.
    only : list of str, optional
        The ids asked for (None: the whole pack).
    elapsed_s : float, default 0.0
        Wall time of the run.

    Attributes
    ----------
    ids : list of str
        The certificate ids, in order.
    counts : dict
        ``passed``, ``failed``, ``errors``, ``not_checkable``, ``failed_by_severity`` and the distinct
        ``findings`` by severity (the summary of ``psa-cert run --json``).
    summary : str
        The one-line summary ``psa-cert run`` prints.
    ok : bool
        No FAIL and no ERROR (exit code 0 of ``psa-cert run``).
    failed, errors : list of Result
        The FAIL and the ERROR results.
    by_severity : dict
        Severity (``substantive``, ``minor``, ``reading``) -> its distinct findings.

    Examples
    --------
    C2 checks the crossover :math:`d_k^* = 8L` of Thm 64 (PASS); thm49 checks the
    signal-to-noise ratio of Thm 49 (a minor FAIL: eq. 50 prints :math:`\sqrt{d_k}/2`).

    >>> import certificates
    >>> r = certificates.run(only="C2,thm49")
    >>> r.ids, r.ok
    (['C2', 'thm49'], False)
    >>> r.summary
    '1 passed, 1 failed (1 minor), 0 errors; 1 distinct findings (0 substantive, 1 minor, 0 reading)'
    >>> r["c2"].status.value, r["thm49"].severity
    ('PASS', 'minor')
    >>> [x.certificate.id for x in r.with_status("PASS")], [x.certificate.id for x in r.failed]
    (['C2'], ['thm49'])
    >>> {k: [x.certificate.id for x in v] for k, v in r.by_severity.items()}
    {'substantive': [], 'minor': ['thm49'], 'reading': []}
    >>> r.counts["findings"]["total"], r.to_json()["certificates"][0]["status"]
    (1, 'PASS')
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
        """The results with status ``status`` (a :class:`~certificates.registry.Status` or its value:
        ``"PASS"``, ``"FAIL"``, ``"ERROR"``, ``"NOT-CHECKABLE"``), in run order.

        Examples
        --------
        >>> from certificates import CertificateRun
        >>> CertificateRun([]).with_status("FAIL")
        []
        """
        status = Status(status) if not isinstance(status, Status) else status
        return [r for r in self.results if r.status is status]

    @property
    def failed(self) -> list[Result]:
        return self.with_status(Status.FAIL)

    @property
    def errors(self) -> list[Result]:
        return self.with_status(Status.ERROR)

    def findings(self, severity: Optional[str] = None, *, distinct: bool = True) -> list[Result]:
        """The FAIL results, substantive first.

        Parameters
        ----------
        severity : {"substantive", "minor", "reading"}, optional
            Only the findings of this severity.
        distinct : bool, default True
            Drop a result whose ``same_finding_as`` names a certificate that also fails in this run
            (one finding, one entry).

        Returns
        -------
        list of Result

        Raises
        ------
        ValueError
            An unknown severity.

        Examples
        --------
        >>> from certificates import CertificateRun
        >>> CertificateRun([]).findings("minor")
        []
        """
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
        """The ``psa-cert run --json`` document, as a dict (``certificates``: one record per result, and
        the counts).

        Examples
        --------
        >>> from certificates import CertificateRun
        >>> CertificateRun([]).to_json()["certificates"]
        []
        """
        import json

        from .render import to_json

        return json.loads(to_json(self.results))

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per certificate (the fields of its JSON record); needs pandas.

        Raises
        ------
        ImportError
            pandas is not installed (``pip install 'psa-toolkit[notebook]'``).

        Examples
        --------
        >>> from certificates import CertificateRun
        >>> CertificateRun([]).to_frame().shape       # needs pandas
        (0, 0)
        """
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
    """Run certificates -- checks of the paper's statements -- and return a :class:`CertificateRun`.

    The same verdicts and JSON as ``psa-cert run``: each certificate runs isolated in a worker
    process forked from this one (an exception, or the worker's death, is an ERROR row).  A process
    that has already run parallel Numba kernels cannot fork workers that run them again (GNU
    OpenMP): the row then says so.

    Parameters
    ----------
    only : str or iterable of str, optional
        Certificate ids (``"C2,C5"`` or ``["C2", "C5"]``, case-insensitive); default all of
        the pack.
    pack : str or list of str, default "psa"
        Pack(s) to load (``"all"``: every installed pack: psa, momentum, qhm, ...).
    on_result : callable, optional
        Called with each :class:`~certificates.results.Result` as it finishes (progress).

    Returns
    -------
    CertificateRun
        The results in the pack's order, with ``counts``, ``summary``, ``findings()``,
        ``to_json()`` and ``to_frame()``.

    Raises
    ------
    certificates.RegistryError
        An unknown pack or certificate id (a ``LookupError``; the message lists what exists).

    Examples
    --------
    C2 checks the crossover :math:`d_k^* = 8L` of the two-branch law (Thm 64, eq. 52):

    >>> import certificates
    >>> r = certificates.run(only=["C2"])
    >>> len(r), r["C2"].status.value, r.ok
    (1, 'PASS', True)
    """
    ids = _ids(only)
    reg = load_registry(pack)
    certs = reg.select(ids) if ids is not None else list(reg)
    t0 = time.perf_counter()
    results = run_all(certs, on_result=on_result)
    return CertificateRun(results, pack=pack, only=ids, elapsed_s=time.perf_counter() - t0)
