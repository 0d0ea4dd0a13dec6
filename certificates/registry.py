"""Certificates, their outcomes, and the registry of packs.

A *certificate* encodes one checkable statement of a paper: it knows the
statement it supports, what it verifies, its kind and a ``check`` callable.
Every ``check`` takes keyword arguments whose defaults are the paper's claims as
printed (a formula, a number, a matrix builder); feeding it a wrong claim must
make it FAIL, which is how the tests show that no check is vacuous.

Packs are discovered through the entry-point group ``psa_toolkit.certificate_packs``;
each entry point names a callable returning an iterable of :class:`Certificate`.
A third party publishes a pack for another paper by declaring such an entry point.
"""

from __future__ import annotations

import contextlib
import enum
import hashlib
import math
import os
import sys
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable, Iterable, Iterator, NoReturn, Optional, cast

ENTRY_POINT_GROUP = "psa_toolkit.certificate_packs"
DEFAULT_PACK = "psa"


class Status(str, enum.Enum):
    PASS = "PASS"
    FAIL = "FAIL"
    ERROR = "ERROR"
    NOT_CHECKABLE = "NOT-CHECKABLE"

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


#: How strong a verdict's evidence is, strongest first (issue 17):
#:
#: * ``proved`` -- an exact symbolic identity or decision, or a rigorous enclosure over the whole
#:   stated domain (interval branch-and-bound, exact root isolation);
#: * ``enclosed`` -- the claim's numbers in rigorous ball arithmetic at the printed points, decided
#:   against the printed number's own rounding interval with no float tolerance;
#: * ``sampled`` -- a universal claim checked at finitely many points, with an adversarial search
#:   for a counterexample (``search``: evaluations, best margin, where);
#: * ``statistical`` -- a Monte-Carlo check (tolerance from the standard error; the exact value
#:   beside it where the model has one);
#: * ``none`` -- not checkable (and ERROR rows: no verdict).
EVIDENCE_LEVELS = ("proved", "enclosed", "sampled", "statistical", "none")
EVIDENCE_RANK = {lvl: i for i, lvl in enumerate(EVIDENCE_LEVELS)}


def weakest(levels: Iterable[Optional[str]]) -> Optional[str]:
    """The weakest of ``levels`` (None if any is unknown, or none is given)."""
    ls = list(levels)
    if not ls or any(lvl not in EVIDENCE_RANK for lvl in ls):
        return None
    return max(cast("list[str]", ls), key=EVIDENCE_RANK.__getitem__)  # all known: none is None


def strongest(levels: Iterable[Optional[str]]) -> Optional[str]:
    """The strongest known level of ``levels`` (None if none is known)."""
    ls = [lvl for lvl in levels if lvl in EVIDENCE_RANK]
    return min(ls, key=EVIDENCE_RANK.__getitem__) if ls else None


class Kind(str, enum.Enum):
    SYMBOLIC = "symbolic"
    NUMERIC = "numeric"
    MONTE_CARLO = "monte-carlo"
    NOT_CHECKABLE = "not-checkable"

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


@dataclass
class Outcome:
    """What a check returns: a verdict with the evidence behind it.

    A FAIL carries a ``severity`` (one of :data:`certificates.printed.SEVERITIES`):
    ``substantive`` (wrong, and a conclusion depends on it), ``minor`` (a slip where the intended
    statement holds) or ``reading`` (true under one reasonable reading, false under another; then
    ``reading`` names both and which one the verdict uses).  ``same_finding_as`` lists the ids of
    certificates that already report the finding this one fails on (one finding, one count).

    ``evidence_level`` is one of :data:`EVIDENCE_LEVELS` (how the verdict was reached: the check
    states it, since only the check knows how it decided); a ``sampled`` verdict also carries
    ``search``, the record of an adversarial search (:func:`certificates.search.adversarial_search`).
    """

    status: Status
    measured: Any
    expected: Any
    detail: str
    evidence: dict[str, Any] = field(default_factory=dict)
    severity: Optional[str] = None
    reading: str = ""
    same_finding_as: tuple[str, ...] = ()
    evidence_level: Optional[str] = None
    search: Optional[dict[str, Any]] = None
    finding: str = ""  # on a FAIL: the finding in one sentence (derived from the evidence when empty)


@dataclass(frozen=True)
class SizeDomain:
    """The sizes a statement ranges over (issue 25): "for every d_k", "every depth L", "every n".

    ``symbol`` names the size as the statement does (``"d_k"``, ``"n"``, ``"L"``, ``"T"``); the
    statement covers every integer ``low <= size <= high`` (``high`` None: no upper end).  ``quote``
    is the statement's own words that fix the domain (so a reader can check it is not narrowed), and
    ``meaning`` says what the size is (a width, a depth, a sequence length).  A certificate with a
    size domain says ``proved`` only when its check decides the claim at symbolic size over the
    whole domain; a check that evaluates finitely many sizes says ``sampled``."""

    symbol: str
    low: int = 1
    high: Optional[int] = None
    quote: str = ""
    meaning: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "symbol": self.symbol,
            "low": self.low,
            "high": self.high,
            "quote": self.quote,
            "meaning": self.meaning,
        }

    def describe(self) -> str:
        hi = "infinity" if self.high is None else str(self.high)
        return f"{self.symbol} in [{self.low}, {hi}]" + (f" ({self.meaning})" if self.meaning else "")


class SizeUndecided(RuntimeError):
    """A claim about every size (a :class:`SizeDomain`) that its check could not decide at symbolic
    size: it cannot be called with a symbolic size, or what it returns is not of the form the check
    decides.  Raised by a check, it is an ERROR with no verdict -- never a PASS for sizes the check
    did not decide (issue 25)."""


@dataclass(frozen=True)
class Certificate:
    id: str
    title: str
    supports: str
    verifies: str
    kind: Kind
    check: Optional[Callable[..., Outcome]] = None
    pack: str = DEFAULT_PACK
    section: str = ""
    level: str = ""  # operator / transition / empirical
    depends: tuple[str, ...] = ()
    statement: str = ""
    sympy_form: Optional[Callable[[], Any]] = None
    reason: str = ""  # why NOT-CHECKABLE
    size_domain: tuple[SizeDomain, ...] = ()  # the sizes the statement ranges over (issue 25)


# --- helpers for writing checks ---------------------------------------------------


def verdict(
    ok: bool,
    measured: Any,
    expected: Any,
    detail: str,
    *,
    severity: Optional[str] = None,
    reading: str = "",
    same_finding_as: Iterable[str] = (),
    evidence_level: Optional[str] = None,
    search: Optional[Any] = None,
    finding: str = "",
    **evidence: Any,
) -> Outcome:
    """PASS when ``ok``, else FAIL graded ``severity`` (kept only on a FAIL; ``reading`` is kept on
    both, since a PASS may also rest on a named reading).  ``evidence_level``: how the verdict was
    reached (:data:`EVIDENCE_LEVELS`); ``search``: the adversarial search of a ``sampled`` verdict
    (a :class:`certificates.search.SearchRecord` or its dict); ``finding``: the finding of a FAIL
    in one sentence (:func:`certificates.findings.one_line_finding` derives one when it is empty)."""
    from .printed import SEVERITIES

    if severity is not None and severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {SEVERITIES}, not {severity!r}")
    if evidence_level is not None and evidence_level not in EVIDENCE_LEVELS:
        raise ValueError(f"evidence_level must be one of {EVIDENCE_LEVELS}, not {evidence_level!r}")
    if search is not None and hasattr(search, "to_json"):
        search = search.to_json()
    return Outcome(
        Status.PASS if ok else Status.FAIL,
        measured,
        expected,
        detail,
        dict(evidence),
        severity=None if ok else severity,
        reading=reading,
        same_finding_as=tuple(same_finding_as) if not ok else (),
        evidence_level=evidence_level,
        search=search,
        finding="" if ok else str(finding or ""),
    )


def within(measured: float, expected: float, tol: float) -> bool:
    return math.isfinite(measured) and abs(measured - expected) <= tol


def rounds_to(value: float, printed: float, decimals: int) -> bool:
    """True when ``value`` agrees with a number printed to ``decimals`` places.

    Accepts half a unit in the last printed place (plus 1e-12 for binary rounding).
    """
    return math.isfinite(value) and abs(value - printed) <= 0.5 * 10.0**-decimals + 1e-12


# --- the registry ------------------------------------------------------------------


class RegistryError(LookupError):
    pass


class Registry:
    """An ordered collection of certificates, indexed by id (ids are case-insensitive)."""

    def __init__(self, certificates: Iterable[Certificate] = ()):
        self._by_id: dict[str, Certificate] = {}
        self.broken: list[str] = []  # packs left out by load_registry(skip_broken=True), one line each
        for c in certificates:
            self.add(c)

    def add(self, cert: Certificate) -> None:
        key = cert.id.lower()
        if key in self._by_id:
            raise RegistryError(f"duplicate certificate id {cert.id!r}")
        self._by_id[key] = cert

    def __iter__(self) -> Iterator[Certificate]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, cid: str) -> Certificate:
        try:
            return self._by_id[cid.lower()]
        except KeyError:
            raise RegistryError(f"unknown certificate {cid!r}") from None

    def select(self, ids: Iterable[str]) -> list[Certificate]:
        return [self.get(i) for i in ids]


#: The packs of this distribution as its entry points name them (pyproject.toml), for a source
#: tree that is not installed: resolved like entry points, so that the registry imports no pack.
BUILT_IN_PACKS = {
    "psa": "certificates.psa:load",
    "momentum": "certificates.momentum:load",
    "qhm": "certificates.qhm:load",
}
#: The distribution that provides the built-in packs.
THIS_DISTRIBUTION = "psa-toolkit"
#: ``NAME=DIST[,NAME=DIST...]``: which distribution's pack NAME to use when two register it
#: (``psa-cert --pack-source NAME=DIST`` sets it for the command).
ENV_PACK_SOURCE = "PSA_TOOLKIT_PACK_SOURCE"


class PackError(RegistryError):
    """A pack that cannot be used (two distributions register its name, or it does not load):
    one line, said only by a command that asks for that pack."""


def _norm(dist: str) -> str:
    return "-".join(dist.replace("_", "-").replace(".", "-").lower().split("-"))


def pack_sources() -> dict[str, str]:
    """``$PSA_TOOLKIT_PACK_SOURCE`` as pack name -> distribution; a malformed entry is a PackError."""
    out: dict[str, str] = {}
    for item in os.environ.get(ENV_PACK_SOURCE, "").split(","):
        if not item.strip():
            continue
        name, sep, dist = item.partition("=")
        if not sep or not name.strip() or not dist.strip():
            raise PackError(f"{ENV_PACK_SOURCE}: expected NAME=DISTRIBUTION, got {item.strip()!r}")
        out[name.strip()] = dist.strip()
    return out


def toolkit_pack(pack: str) -> bool:
    """Whether ``pack`` is one of the toolkit's own packs in this run (not another distribution's
    pack of the same name chosen with ``--pack-source``), read from the environment the built-in
    checks run with (:func:`certificates.pristine.run_env`: what a third-party import changed put back)."""
    from .pristine import run_env

    if pack not in BUILT_IN_PACKS:
        return False
    for item in run_env().get(ENV_PACK_SOURCE, "").split(","):
        name, _, dist = item.partition("=")
        if name.strip() == pack and dist.strip() and _norm(dist.strip()) != _norm(THIS_DISTRIBUTION):
            return False
    return True


#: Distribution names read before (see :func:`_dist_name`): (folder, file, sha256 of its bytes) -> Name.
_NAMES_READ: dict[tuple[str, str, bytes], Optional[str]] = {}
#: At most this many names kept, of metadata files of at most :data:`_NAME_FILE_BYTES` bytes each (read whole
#: to be compared; a digest of each is kept, not the file).
_NAMES_KEPT = 64
_NAME_FILE_BYTES = 1 << 20


def _metadata_key(dist: Any) -> Optional[tuple[str, str, bytes]]:
    """(folder, file, sha256 of its bytes) of the file :mod:`importlib.metadata` reads a distribution's name from
    (``METADATA``, else ``PKG-INFO`` -- an ``.egg-info`` folder's; an empty one is passed over, as there);
    None when it cannot be read or is unusually large (the name is then read afresh, never compared in part)."""
    path = getattr(dist, "_path", None)
    if path is None:
        return None
    for name in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(str(path), name), "rb") as fh:
                data = fh.read(_NAME_FILE_BYTES + 1)
        except FileNotFoundError:
            continue
        except OSError:
            return None
        if len(data) > _NAME_FILE_BYTES:
            return None
        if data:
            return (str(path), name, hashlib.sha256(data).digest())
    return None


def _dist_name(ep: metadata.EntryPoint) -> str:
    """The name of the distribution that brings ``ep``.  Reading it parses the distribution's metadata file
    (an e-mail header parse, about 1 ms): a process that loads the registry again and again (a test
    session: some 230 times, 3 packs each) parses a file again only when its bytes have changed."""
    try:
        dist = ep.dist
        key = _metadata_key(dist) if dist is not None else None
        if key is not None and key in _NAMES_READ:
            name = _NAMES_READ[key]
        else:
            name = dist.metadata["Name"] if dist is not None else None
            if key is not None:
                if len(_NAMES_READ) >= _NAMES_KEPT:
                    _NAMES_READ.clear()
                _NAMES_READ[key] = None if name is None else str(name)
    except Exception:
        name = None
    return str(name) if name else "an unnamed distribution"


#: The entry points read last and what they were read from (see :func:`_installed_entry_points`).
_ENTRY_POINTS_READ: list[tuple[tuple[Any, ...], tuple[Any, ...]]] = []


def _metadata_state() -> tuple[Any, ...] | None:
    """What :func:`metadata.entry_points` reads: the functions and finders in force, the import path,
    and every installed distribution's ``entry_points.txt`` (its path and its bytes: a distribution
    added, removed or edited changes it, however fast).  None when it cannot be told."""
    try:
        files: list[tuple[str, bytes | None]] = []
        for dist in metadata.distributions():
            path = getattr(dist, "_path", None)
            if path is None:
                return None  # a distribution not on the file system: no state to compare
            ep = os.path.join(str(path), "entry_points.txt")
            try:
                with open(ep, "rb") as fh:
                    data = fh.read((1 << 20) + 1)
                if len(data) > 1 << 20:
                    return None  # an unusually large file: read afresh by metadata, never compared in part
                files.append((ep, data))
            except OSError:
                files.append((ep, None))
        return (
            metadata.entry_points,
            metadata.distributions,
            tuple(sys.path),
            tuple(id(f) for f in sys.meta_path),
            tuple(files),
        )
    except Exception:  # pragma: no cover - broken metadata
        return None


def _installed_entry_points() -> tuple[Any, ...]:
    """The entry points of :data:`ENTRY_POINT_GROUP` of every installed distribution.

    Reading them parses the ``entry_points.txt`` of every distribution (about 10 ms for ~175); a
    process that loads the registry again and again (a notebook, a test session, a Dask worker)
    parses them again only when :func:`_metadata_state` (the same files read as bytes, about a fifth
    of that) has changed.
    Entry points are immutable; nothing but the same metadata is ever served."""
    state = _metadata_state()
    if state is not None and _ENTRY_POINTS_READ and _ENTRY_POINTS_READ[0][0] == state:
        return _ENTRY_POINTS_READ[0][1]
    try:
        eps = tuple(metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception:  # pragma: no cover - broken metadata
        eps = ()
    _ENTRY_POINTS_READ[:] = [(state, eps)] if state is not None else []
    return eps


def pack_entries() -> dict[str, list[tuple[str, Any]]]:
    """Pack name -> [(distribution, entry point), ...] of every distribution that registers it (the
    built-in packs from this source tree when no installed distribution registers them)."""
    eps = _installed_entry_points()
    out: dict[str, list[tuple[str, Any]]] = {}
    for ep in eps:
        dist = _dist_name(ep)
        same = out.setdefault(ep.name, [])
        if not any(_norm(d) == _norm(dist) and e.value == ep.value for d, e in same):
            same.append((dist, ep))
    for name, value in BUILT_IN_PACKS.items():  # running from a source tree without installation
        here = metadata.EntryPoint(name=name, value=value, group=ENTRY_POINT_GROUP)
        same = out.setdefault(name, [])
        if not any(_norm(d) == _norm(THIS_DISTRIBUTION) for d, _ in same):
            same.append((f"{THIS_DISTRIBUTION} (this source tree)", here))
    return out


def _refuse(message: str) -> Callable[[], Any]:
    def refuse() -> NoReturn:
        raise PackError(message)

    return refuse


def _choose(name: str, found: list[tuple[str, Any]], sources: dict[str, str]) -> Callable[[], Any]:
    """The loader of pack ``name``: the only distribution's, or the one ``sources`` selects; two
    or more without a choice give a loader that refuses (PackError), said when the pack is asked for."""
    dists = [d for d, _ in found]
    if name in sources:
        want = _norm(sources[name])
        chosen = [(d, ep) for d, ep in found if _norm(d.split(" (")[0]) == want]
        if not chosen:
            return _refuse(
                f"pack {name!r}: no distribution {sources[name]!r} registers it "
                f"(registered by {', '.join(dists)}); see {ENV_PACK_SOURCE} / --pack-source"
            )
        found = chosen[:1]
    if len(found) > 1:
        return _refuse(
            f"pack {name!r} is registered by two distributions, {dists[0]} and {dists[1]}"
            + (f" (and {len(dists) - 2} more)" if len(dists) > 2 else "")
            + f"; choose one with --pack-source {name}=DISTRIBUTION"
        )
    dist, ep = found[0]
    return lambda: _loaded(name, dist, ep)


#: Seconds a third-party pack may take to load in the probe (:func:`_probe`).
PROBE_TIMEOUT = 300.0


#: Libraries the toolkit itself imports (its own dependencies, pure computation): when the module of
#: a third-party pack imports one of them at its top, :func:`_preload_libraries` imports it here
#: before the probe forks.  Never Numba (the parent of a run imports no Numba; see the runner).
SHARED_LIBRARIES = frozenset({"numpy", "scipy", "sympy", "mpmath"})


def _module_source(module: str) -> Optional[str]:
    """The file of ``module``'s source, found on ``sys.path`` without importing anything (no
    package's ``__init__`` runs: each level is looked up in the folders of the one above)."""
    import importlib.machinery

    path: Optional[list[str]] = None
    spec = None
    parts = module.split(".")
    for i in range(len(parts)):
        spec = importlib.machinery.PathFinder.find_spec(".".join(parts[: i + 1]), path)
        if spec is None:
            return None
        locations = spec.submodule_search_locations
        path = list(locations) if locations is not None else None
        if i < len(parts) - 1 and path is None:
            return None
    origin = spec.origin if spec is not None and spec.has_location else None
    return origin if origin and origin.endswith(".py") else None


def shared_imports(module: str) -> list[str]:
    """The modules of :data:`SHARED_LIBRARIES` that ``module``'s source imports by a statement of its
    top level (``import sympy as sp``; ``from scipy import special`` gives ``scipy``), in order; read
    from the source, nothing imported.  Empty when the source cannot be found or parsed."""
    import ast

    src = _module_source(module)
    if src is None:
        return []
    try:
        with open(src, "rb") as fh:
            tree = ast.parse(fh.read(1 << 22))
    except (OSError, SyntaxError, ValueError):
        return []
    out: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        out += [n for n in names if n.split(".")[0] in SHARED_LIBRARIES and n not in out]
    return out


def _preload_libraries(ep: metadata.EntryPoint) -> None:
    """Import here the toolkit's own libraries that the pack's module imports at its top, before the
    probe forks: the probe then finds them imported, and the library is imported once, not once in
    the probe and again here (the documentation's example pack imports SymPy: about 0.3 s of CPU).
    Only :data:`SHARED_LIBRARIES`, read from the source: none of the pack's code runs before the
    probe.  A speed-up only: a library that fails to import here is left to the pack's import."""
    import importlib

    try:
        names = shared_imports(ep.module)
    except Exception:  # noqa: BLE001 - an entry point without a module: the import reports it
        return
    for name in names:
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the pack's own import reports it (in the probe first)
            pass


def _probe(name: str, dist: str, ep: metadata.EntryPoint) -> None:
    """Load a third-party pack once in a forked child first: a pack whose import or loader ends
    its process (``os._exit(0)``, a segfault) or never returns would otherwise end or hang
    ``psa-cert`` itself -- with exit code 0, for an ``os._exit(0)``.  Such a pack is a
    :class:`PackError`; one that raises is left to the caller, which reports the exception."""
    import select
    import signal

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child: measured by the tests through the parent
        code = 0
        try:
            os.close(r)
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            import faulthandler

            faulthandler.disable()  # its report would go to the parent's error stream
            try:
                list(ep.load()())
                os.write(w, b"ok")
            except BaseException:
                os.write(w, b"ex")
        except BaseException:
            code = 70
        os._exit(code)
    os.close(w)
    answer: Optional[bytes] = None
    try:
        ready, _, _ = select.select([r], [], [], PROBE_TIMEOUT)
        answer = os.read(r, 2) if ready else None
    finally:
        os.close(r)
        if answer is None:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    if answer is None:
        raise PackError(f"pack {name!r} ({dist}) did not load within {PROBE_TIMEOUT:g} s")
    if answer not in (b"ok", b"ex"):
        from .workers import exit_reason

        why = exit_reason(status).replace("worker ", "").replace(" before returning a result", "")
        raise PackError(f"pack {name!r} ({dist}) ended its process while loading ({why})")


def _loaded(name: str, dist: str, ep: metadata.EntryPoint) -> Callable[[], Iterable[Certificate]]:
    from . import pristine  # third-party code is about to run here: built-in checks leave (issue 26)

    third = _norm(dist.split(" (")[0]) != _norm(THIS_DISTRIBUTION)
    if third:
        pristine.before_third_party()
    if third and hasattr(os, "fork"):
        _preload_libraries(ep)
        _probe(name, dist, ep)
    try:
        with pristine.watch_env() if third else contextlib.nullcontext():
            return ep.load()
    except BaseException as exc:  # noqa: BLE001 - a pack's import may raise anything
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise PackError(f"pack {name!r} ({dist}) could not be imported: {_one_line(exc)}") from None


def _one_line(exc: BaseException) -> str:
    try:
        msg = str(exc)
    except Exception:
        msg = ""
    msg = (msg.splitlines() or [""])[0][:300]
    return f"{type(exc).__name__}: {msg}" if msg else type(exc).__name__


def available_packs() -> dict[str, Callable[[], Callable[[], Iterable[Certificate]]]]:
    """Pack name -> a callable giving its loader (``entry_point.load``).  A pack name registered by
    two distributions gives a callable that raises :class:`PackError` naming both, unless
    ``$PSA_TOOLKIT_PACK_SOURCE`` selects one; so does a pack that cannot be imported: nothing is
    imported here, and only a command that asks for such a pack fails."""
    sources = pack_sources()
    return {name: _choose(name, found, sources) for name, found in pack_entries().items()}


def load_pack(
    name: str, found: Optional[dict[str, Callable[[], Callable[[], Iterable[Certificate]]]]] = None
) -> list[Certificate]:
    """The certificates of pack ``name``; a pack that cannot be imported, whose loader raises or
    gives something else than certificates is a :class:`PackError` (one line)."""
    found = available_packs() if found is None else found
    if name not in found:
        raise RegistryError(f"unknown pack {name!r}; installed: {', '.join(sorted(found))}")
    loader = found[name]()
    try:
        certs = list(loader())
    except PackError:
        raise
    except BaseException as exc:  # noqa: BLE001 - a pack's loader may raise anything
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise PackError(f"pack {name!r} could not be loaded: its loader raised {_one_line(exc)}") from None
    for c in certs:
        if not isinstance(c, Certificate):
            raise PackError(f"pack {name!r} gave a {type(c).__name__}, not a Certificate")
    return certs


def load_registry(packs: Iterable[str] | str = DEFAULT_PACK, *, skip_broken: bool = False) -> Registry:
    """Build a registry from pack names (``"all"`` loads every installed pack).  ``skip_broken``:
    leave out packs that cannot be used (their errors are in ``registry.broken``) instead of
    raising :class:`PackError`."""
    found = available_packs()
    names = [packs] if isinstance(packs, str) else list(packs)
    if "all" in names:
        names = sorted(found, key=lambda n: (n != DEFAULT_PACK, n))
    # the built-in packs first: an id clash is always the third-party pack's (_id_clash)
    names = sorted(dict.fromkeys(names), key=lambda n: n not in BUILT_IN_PACKS)
    reg = Registry()
    for name in names:
        try:
            certs = load_pack(name, found)
            _id_clash(name, certs, reg)
        except PackError as exc:
            if not skip_broken:
                raise
            reg.broken.append(str(exc))
            continue
        for cert in certs:
            reg.add(cert)
    return reg


def _id_clash(name: str, certs: list[Certificate], reg: Registry) -> None:
    """Certificate ids are case-insensitive everywhere (``--only``, ``show``, report addresses): a
    pack that brings an id already used -- by a pack loaded before it (the built-in ones are loaded
    first) or by another of its own certificates -- when compared without case (``EQ3.SWAP`` beside
    ``eq3.swap``) cannot be used.  It is refused as a pack whose name two distributions register is:
    a :class:`PackError` (one line) for the commands that load it, while ``show`` of another pack's
    certificate leaves it out (``skip_broken``)."""
    mine: dict[str, Certificate] = {}
    for c in certs:
        key = c.id.lower()
        other = mine.get(key)
        if other is None:
            try:
                other = reg.get(c.id)
            except RegistryError:
                other = None
        if other is not None:
            whose = "the same pack" if key in mine else f"pack {other.pack!r}"
            raise PackError(
                f"pack {name!r} cannot be used: its certificate id {c.id!r} is already used by {other.id!r} of "
                f"{whose} (ids are compared without case); leave the pack out or rename the id"
            )
        mine[key] = c
