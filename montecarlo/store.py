"""Result store for sweeps: one JSON record + one NPZ of curves per finished grid point.

A point is stored under a *key*: the SHA-256 of a canonical JSON document holding
everything its numbers depend on -- the parameters, the seed list, the conventions
record of the engine (distractors, chance rule, grid, extraction rule, RNG, truncation,
chunking), the store format and the toolkit version.  Changing any of them gives a new
key, so a stored point is never reused under conventions it was not made with.

Writes are atomic (:func:`psa_io.outputs.atomic_write`): each file goes to a temporary file in
the same folder and is moved into place with :func:`os.replace`; the NPZ is written first and the JSON record last,
so a point counts as finished only once both are complete.  An interrupted sweep
therefore loses at most the point in flight.  Only regular files are ever replaced: a
symlink, FIFO, device or folder where a record would go is refused (:class:`StoreError`).

Records are signed, and verified before use (format 3).  Every record carries ``hmac``:
HMAC-SHA256, under the user's store key (:mod:`montecarlo.storekey`, kept outside the
store), of the record's canonical JSON without that field -- which holds the arrays' layout
and ``arrays_sha256`` (SHA-256 of their names, dtypes, shapes and bytes), so the tag covers the
arrays too.  :meth:`ResultStore.load` reads a point in this order, each step bounded before
the next allocates anything:

1. the record: a regular file (no symlink, FIFO or device) of at most ``MAX_RECORD_BYTES``,
   valid JSON, an object with the required fields, this key and this format;
2. its signature: a record that does not verify under the user's key is *unsigned* --
   treated as absent and recomputed (:class:`UnsignedRecord`), unless the store was opened with
   ``trust_store=True`` (``--trust-store``), which uses it and prints one line on stderr
   naming the store (:func:`montecarlo.storekey.announce_trust`);
3. the arrays it states: names, numeric dtypes and shapes, equal to what the caller expects
   (the sweep knows the shapes of the point it asked for), their total size within the memory
   limit in force (:mod:`montecarlo.limits`);
4. the NPZ: a regular file whose members are exactly those arrays, stored uncompressed, each
   ``.npy`` header (read with :func:`numpy.lib.format.read_array_header_1_0` before any data)
   stating that dtype and shape; only then are the data read, without pickles;
5. the content hash, then the caller's ``verify`` (the sweep checks that the record's parameters
   are the ones asked for, recomputes the key from them and every result field from the arrays).

A point failing any step is reported once (:class:`DamagedRecordWarning`, one line naming the
point and the reason) and recomputed and overwritten atomically by the caller.

Default location: ``$PSA_TOOLKIT_STORE`` if set, else ``~/.cache/psa-toolkit/sweeps``
(never inside the package).  A team shares a store by sharing the key as well as the folder
(see :mod:`montecarlo.storekey`).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import warnings
import zipfile
from pathlib import Path
from typing import IO, Any, Callable, Optional, Sequence, Union

import numpy as np
from numpy.typing import NDArray

from psa_io.outputs import atomic_write

from . import limits as _limits
from . import storekey

#: Bump when the layout of a stored record changes (2: content hash and array layout in
#: every record, records verified on load; 3: records signed with the user's store key).
STORE_FORMAT = 3
#: Fields every record must have (the sweep checks the rest against its own recomputation).
REQUIRED_FIELDS = ("key", "format", "arrays", "arrays_sha256", "toolkit_version", "hmac")
ENV_VAR = "PSA_TOOLKIT_STORE"
#: Set (to 1) by ``psa-cert run --thorough`` for the checks and their workers: the Monte-Carlo cross-checks
#: of the certificates the exact model decides run even when their results are not stored yet.
ENV_THOROUGH = "PSA_TOOLKIT_THOROUGH"
#: A record (its JSON object), its arrays by name, and an array layout (``arrays_layout`` form).
Record = dict[str, Any]
Arrays = dict[str, NDArray[Any]]
Layout = dict[str, Any]
#: The signature's field in a record, and the kind of record a sweep point is (for the HMAC).
SIGNATURE_FIELD = "hmac"
SWEEP_KIND = "sweep-point"
#: Largest record read (a sweep point's record is a few KB, a certificate result's at most a few
#: hundred KB): a larger file is not a record and is never read whole.
MAX_RECORD_BYTES = 16 * 1024**2
#: At most this many arrays in one record, with names of this form (a certificate's stored result
#: may hold one array per coupling or per estimate; their total size is bounded by the memory limit).
MAX_ARRAYS = 1024
_ARRAY_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
#: Array dtypes a store holds: booleans, integers, floats, complex numbers (never objects).
_DTYPE = re.compile(r"[<>|=]?[biufc][0-9]{1,2}")
#: Largest .npy header read (numpy writes about 128 bytes).
MAX_NPY_HEADER = 4096


#: How many times this process asked where the store is (:func:`default_store_dir`): a check
#: that asks depends on what is stored, and its verdict is not memoised (:mod:`certificates.memo`).
CONSULTED = [0]


def default_store_dir() -> Path:
    """``$PSA_TOOLKIT_STORE`` or ``~/.cache/psa-toolkit/sweeps``."""
    CONSULTED[0] += 1
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path("~/.cache/psa-toolkit/sweeps").expanduser()


def unwritable(root: Union[str, "os.PathLike[str]"]) -> Optional[str]:
    """Why nothing can be kept in the result store ``root`` (a few words), or None when a file can
    be written there now (made, then removed; the folder is made if missing).  Checked before a
    run, so that a store that is a file or read-only is said once, before results are computed
    that it cannot keep; a store that fills up later is said where each write fails."""
    import tempfile

    try:
        Path(root).mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".psa-probe-", dir=root)
        os.close(fd)
        os.remove(probe)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def canonical_json(obj: Any) -> str:
    """Sorted keys, no whitespace, floats by repr: the same document gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), allow_nan=False)


def point_key(key_doc: Record) -> str:
    """Store key of a point: SHA-256 (hex) of the canonical JSON of its key document."""
    return hashlib.sha256(canonical_json(key_doc).encode("utf-8")).hexdigest()


class StoreError(RuntimeError):
    """The store cannot be used (not writable, corrupt record...)."""


class StoreWriteError(StoreError):
    """The store cannot be written (a file where its folder should be, read-only, full): what was
    computed is still a result, only not kept (the sweep says so; see :func:`unwritable`)."""


class DamagedRecord(StoreError):
    """A stored point failed verification; ``reason`` says how (it is then recomputed)."""


class UnsignedRecord(DamagedRecord):
    """A stored record whose signature does not verify under the user's store key (changed,
    forged, or written under another key): absent unless the store is trusted."""


class DamagedRecordWarning(UserWarning):
    """A stored point was damaged and will be recomputed (one warning per point)."""


def read_regular_file(path: Path, max_bytes: int, what: str = "record") -> Optional[bytes]:
    """The bytes of ``path``, None if it does not exist; :class:`DamagedRecord` if it is a symlink,
    not a regular file (a FIFO is never waited on) or larger than ``max_bytes`` (never read whole)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        if os.path.islink(path):
            raise DamagedRecord(f"{what} is a symlink, not a file the store wrote") from None
        raise DamagedRecord(f"{what} unreadable: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise DamagedRecord(f"{what} is not a regular file")
        if st.st_size > max_bytes:
            raise DamagedRecord(f"{what} is {st.st_size} bytes, more than the {max_bytes} a {what} may have")
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise DamagedRecord(f"{what} unreadable: {exc.strerror}") from None
    if len(data) > max_bytes:
        raise DamagedRecord(f"{what} grew beyond {max_bytes} bytes while read")
    return data


def parse_record(data: bytes, required: Sequence[str] = ()) -> Record:
    """A record's JSON object with every field of ``required`` (:class:`DamagedRecord` if it is not one)."""
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DamagedRecord("record is not valid JSON") from None
    if not isinstance(record, dict):
        kind = {list: "array", str: "string", bool: "boolean", int: "number", float: "number"}.get(type(record), "null")
        raise DamagedRecord(f"record is a JSON {kind}, not an object")
    missing = [f for f in required if f not in record]
    if missing:
        raise DamagedRecord(f"record misses field {missing[0]!r}")
    return record


def _signed_bytes(record: Record) -> bytes:
    body = {k: v for k, v in record.items() if k != SIGNATURE_FIELD}
    try:
        return canonical_json(body).encode("utf-8")
    except (ValueError, TypeError, RecursionError):
        raise DamagedRecord("record holds values JSON cannot state (NaN, Infinity)") from None


def sign_record(record: Record, kind: str, key: Optional[bytes] = None) -> Record:
    """``record`` with its ``hmac``: HMAC-SHA256 of its canonical JSON (without that field)."""
    body = {k: v for k, v in record.items() if k != SIGNATURE_FIELD}
    return dict(body, **{SIGNATURE_FIELD: storekey.sign(canonical_json(body).encode("utf-8"), kind, key)})


def record_is_signed(record: Record, kind: str, key: Optional[bytes] = None) -> bool:
    """Whether the record's ``hmac`` verifies under ``key`` (default: the user's store key)."""
    return storekey.verify(_signed_bytes(record), record.get(SIGNATURE_FIELD), kind, key)


def arrays_digest(arrays: Arrays) -> str:
    """SHA-256 (hex) of the arrays' names, dtypes, shapes and bytes, in name order."""
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}|{a.dtype.str}|{list(a.shape)}|".encode("utf-8"))
        h.update(a.tobytes())
    return h.hexdigest()


def arrays_layout(arrays: Arrays) -> Layout:
    """``{name: {"dtype": "<f8", "shape": [...]}}`` of the arrays (what a record states)."""
    return {
        name: {"dtype": np.asarray(a).dtype.str, "shape": list(np.asarray(a).shape)}
        for name, a in sorted(arrays.items())
    }


def check_layout(layout: object) -> Layout:
    """A record's stated array layout, checked for form alone (nothing is allocated): at most
    ``MAX_ARRAYS`` arrays with plain names, numeric dtypes, shapes of non-negative integers."""
    if not isinstance(layout, dict) or len(layout) > MAX_ARRAYS:
        raise DamagedRecord("record's array layout is not a mapping of a few arrays")
    for name, spec in layout.items():
        if not _ARRAY_NAME.fullmatch(name):
            raise DamagedRecord("record names an array with a name the store does not write")
        if not isinstance(spec, dict) or set(spec) != {"dtype", "shape"}:
            raise DamagedRecord(f"record's layout of array {name} is malformed")
        dt, shape = spec["dtype"], spec["shape"]
        if not isinstance(dt, str) or not _DTYPE.fullmatch(dt):
            raise DamagedRecord(f"record's array {name} has dtype {str(dt)[:20]!r}, not a numeric one")
        if (
            not isinstance(shape, list)
            or len(shape) > 32
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape)
        ):
            raise DamagedRecord(f"record's array {name} has a malformed shape")
    return layout


def layout_nbytes(layout: Layout) -> int:
    """Bytes the arrays of a (checked) layout hold, with Python integers (no overflow)."""
    return sum(math.prod(spec["shape"]) * np.dtype(spec["dtype"]).itemsize for spec in layout.values())


def check_layout_size(layout: Layout, what: str, limits: Optional[_limits.Limits] = None) -> None:
    """:class:`DamagedRecord` if the arrays a record states exceed the memory limit in force."""
    try:
        _limits.enforce(f"the arrays of {what}", layout_nbytes(layout), 0, limits)
    except _limits.ResourceLimitError as exc:
        need = _limits.format_size(exc.needed)
        raise DamagedRecord(f"its arrays would need {need}, above the memory limit") from None


def _npy_header(member: IO[bytes]) -> tuple[tuple[int, ...], bool, np.dtype[Any]]:
    version = np.lib.format.read_magic(member)
    if version == (1, 0):
        return np.lib.format.read_array_header_1_0(member, max_header_size=MAX_NPY_HEADER)
    if version == (2, 0):
        return np.lib.format.read_array_header_2_0(member, max_header_size=MAX_NPY_HEADER)
    raise ValueError(f"npy format {version}")


def read_arrays(path: Path, layout: Layout) -> Arrays:
    """The arrays of an NPZ that must hold exactly ``layout`` (checked with :func:`check_layout`
    and :func:`check_layout_size`): every member's header is read and compared with it before
    any data, members must be stored uncompressed, pickles are refused.  :class:`DamagedRecord`
    otherwise."""
    expected = {f"{name}.npy": spec for name, spec in layout.items()}
    overhead = 1024 + 512 * len(expected)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DamagedRecord("its arrays (.npz) are missing") from None
    except OSError as exc:
        raise DamagedRecord(f"arrays (.npz) unreadable: {exc.strerror or type(exc).__name__}") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise DamagedRecord("arrays (.npz) are not a regular file")
        if st.st_size > layout_nbytes(layout) + 2 * overhead + MAX_NPY_HEADER * len(expected):
            raise DamagedRecord(f"arrays (.npz) are {st.st_size} bytes, more than the layout the record states")
        try:
            with zipfile.ZipFile(fh) as zf:
                infos = zf.infolist()
                names = [i.filename for i in infos]
                if len(names) != len(set(names)) or set(names) != set(expected):
                    raise DamagedRecord("arrays (.npz) differ from the record's layout (names, shapes, dtypes)")
                for info in infos:  # every header first, nothing allocated by the data yet
                    spec = expected[info.filename]
                    if info.compress_type != zipfile.ZIP_STORED:
                        raise DamagedRecord("arrays (.npz) are compressed; the store writes them uncompressed")
                    with zf.open(info) as member:
                        shape, _fortran, dtype = _npy_header(member)
                        header_len = member.tell()
                    want = math.prod(spec["shape"]) * np.dtype(spec["dtype"]).itemsize
                    if dtype.hasobject or dtype.str != spec["dtype"] or list(shape) != spec["shape"]:
                        raise DamagedRecord("arrays (.npz) differ from the record's layout (names, shapes, dtypes)")
                    if info.file_size != header_len + want:
                        raise DamagedRecord("arrays (.npz): a member's size differs from its header")
                arrays = {}
                for info in infos:
                    with zf.open(info) as member:
                        a = np.lib.format.read_array(member, allow_pickle=False, max_header_size=MAX_NPY_HEADER)
                    arrays[info.filename[: -len(".npy")]] = a
        except DamagedRecord:
            raise
        except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError, RuntimeError, TypeError) as exc:
            raise DamagedRecord(f"arrays (.npz) unreadable: {type(exc).__name__}") from None
    return arrays


def write_arrays(fh: IO[bytes], arrays: Arrays) -> None:
    """An uncompressed NPZ of plain numeric arrays (what :func:`read_arrays` accepts)."""
    for name, a in arrays.items():
        if not _ARRAY_NAME.fullmatch(name) or name in ("file", "allow_pickle") or a.dtype.kind not in "biufc":
            raise StoreError(f"array {name!r} cannot be stored (plain numeric arrays only)")
    members: dict[str, Any] = dict(arrays)  # names checked above: none is a parameter of savez
    np.savez(fh, **members)


def read_signed(
    js: Path,
    npz: Path,
    *,
    kind: str,
    key: str,
    store_format: int,
    required: tuple[str, ...],
    layout: Optional[Layout] = None,
    trust_store: bool = False,
    signing_key: Optional[bytes] = None,
    limits: Optional[_limits.Limits] = None,
    what: str = "the stored record",
) -> Optional[tuple[Record, Arrays, bool]]:
    """``(record without its signature, arrays, trusted)`` of a signed record and its NPZ, read in
    the order of the module docstring; None if there is no record; :class:`UnsignedRecord` or
    :class:`DamagedRecord` otherwise.  ``trusted`` is True when the record did not verify and
    ``trust_store`` let it through."""
    data = read_regular_file(js, MAX_RECORD_BYTES, "record")
    if data is None:
        return None
    record = parse_record(data, required)
    if record["key"] != key:
        raise DamagedRecord("record's key differs from its file name")
    if record["format"] != store_format:
        raise DamagedRecord(f"record format {str(record['format'])[:20]!r}, expected {store_format}")
    trusted = False
    if not record_is_signed(record, kind, signing_key):
        if not trust_store:
            raise UnsignedRecord("record not signed by this user's key")
        trusted = True
    stated = check_layout(record["arrays"])
    if layout is not None and stated != layout:
        raise DamagedRecord("its stated arrays differ from this point's (names, shapes, dtypes)")
    check_layout_size(stated, what, limits)
    if stated:
        arrays = read_arrays(npz, stated)
    else:
        arrays = {}
    if record["arrays_sha256"] != arrays_digest(arrays):
        raise DamagedRecord("arrays (.npz) differ from the record's content hash")
    record = {k: v for k, v in record.items() if k != SIGNATURE_FIELD}
    return record, arrays, trusted


class ResultStore:
    """A folder of finished sweep points, ``<key>.json`` + ``<key>.npz``, signed with the user's key.

    ``trust_store=True`` (``psa-mc sweep --trust-store``) uses records that do not verify under
    the user's key (printing one line on stderr naming the folder, once); they are still checked
    for form, size and consistency.  ``key`` is the signing key (default
    :func:`montecarlo.storekey.store_key`, read when first needed); ``limits`` bounds what a record
    may state (default: the limits in force, :func:`montecarlo.limits.current`).
    """

    def __init__(
        self,
        root: Optional[Union[os.PathLike[str], str]] = None,
        *,
        trust_store: bool = False,
        key: Optional[bytes] = None,
        limits: Optional[_limits.Limits] = None,
    ):
        if root is not None and str(root).strip() == "":
            raise StoreError("the result store folder must not be empty (give a folder, e.g. --store ./sweeps)")
        self.root = Path(root).expanduser() if root is not None else default_store_dir()
        self.trust_store = bool(trust_store)
        self._key = key
        self.limits = limits
        #: keys of the points read without a valid signature (trust_store=True), this session
        self.trusted: set[str] = set()
        #: key -> why a stored point was not used (damaged, unsigned), this session
        self.rejected: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"ResultStore({str(self.root)!r}{', trust_store=True' if self.trust_store else ''})"

    @property
    def key(self) -> bytes:
        """The signing key (:class:`montecarlo.storekey.StoreKeyError` if it cannot be used)."""
        if self._key is None:
            self._key = storekey.store_key()
        return self._key

    def _paths(self, key: str) -> tuple[Path, Path]:
        return self.root / f"{key}.json", self.root / f"{key}.npz"

    def ensure(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreWriteError(f"cannot create the result store {self.root}: {exc.strerror}") from None

    def has(self, key: str) -> bool:
        js, npz = self._paths(key)
        return js.is_file() and npz.is_file()

    def _read(self, key: str, layout: Optional[Layout]) -> Optional[tuple[Record, Arrays, bool]]:
        js, npz = self._paths(key)
        return read_signed(
            js,
            npz,
            kind=SWEEP_KIND,
            key=key,
            store_format=STORE_FORMAT,
            required=REQUIRED_FIELDS,
            layout=layout,
            trust_store=self.trust_store,
            signing_key=self.key,
            limits=self.limits,
            what=f"stored point {key[:12]}",
        )

    def _used(self, key: str, trusted: bool) -> None:
        if trusted:
            self.trusted.add(key)
            storekey.announce_trust(self.root)
        else:
            self.trusted.discard(key)

    def read(self, key: str, layout: Optional[Layout] = None) -> Optional[tuple[Record, Arrays]]:
        """``(record, arrays)`` after the store's own checks (module docstring, steps 1-5 but the
        caller's); None if the point is absent (no record; an NPZ without its record is an
        interrupted write); raises :class:`UnsignedRecord` / :class:`DamagedRecord` if it is
        present but unsigned or damaged.  ``layout`` (``arrays_layout`` form) is the array
        layout the caller expects; a record stating another one is damaged before its NPZ is opened."""
        hit = self._read(key, layout)
        if hit is None:
            return None
        self._used(key, hit[2])
        return hit[0], hit[1]

    def load(
        self,
        key: str,
        verify: Optional[Callable[[Record, Arrays], None]] = None,
        label: Optional[str] = None,
        layout: Optional[Layout] = None,
    ) -> Optional[tuple[Record, Arrays]]:
        """``(record, arrays)`` of a finished, verified point, or None if absent, unsigned or damaged.

        ``verify(record, arrays)`` may raise :class:`DamagedRecord` (or ``KeyError``,
        ``TypeError``, ``ValueError`` for a malformed record).  A point not used emits one
        :class:`DamagedRecordWarning` naming ``label`` (default: the key) and the reason, which is
        also kept in ``self.rejected[key]``.  An unsigned point used under ``trust_store=True``
        is listed in ``self.trusted`` and the store is announced once on stderr.
        """
        try:
            hit = self._read(key, layout)
            if hit is not None and verify is not None:
                try:
                    verify(hit[0], hit[1])
                except DamagedRecord:
                    raise
                except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
                    raise DamagedRecord(f"record malformed ({type(exc).__name__}: {exc})") from None
        except DamagedRecord as exc:
            self.trusted.discard(key)
            what = label or f"point {key[:12]}"
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            if isinstance(exc, UnsignedRecord):
                self.rejected[key] = reason
                msg = f"stored {what} is not signed by this user's key; recomputing it (--trust-store would use it)"
            else:
                self.rejected[key] = f"damaged: {reason}"
                msg = f"stored {what} is damaged ({reason}); recomputing it"
            warnings.warn(DamagedRecordWarning(msg), stacklevel=2)
            return None
        if hit is None:
            return None
        self._used(key, hit[2])
        return hit[0], hit[1]

    def save(self, key: str, record: Record, arrays: Arrays) -> None:
        """Store one finished point atomically (NPZ first, signed JSON record last)."""
        record = {k: v for k, v in record.items() if k != SIGNATURE_FIELD}
        if record.get("key") != key:
            raise StoreError("record key does not match the store key")
        if record.get("arrays_sha256") != arrays_digest(arrays) or record.get("arrays") != arrays_layout(arrays):
            raise StoreError("record's content hash or layout does not match its arrays")
        signed = sign_record(record, SWEEP_KIND, self.key)
        self.ensure()
        js, npz = self._paths(key)
        try:
            atomic_write(npz, lambda fh: write_arrays(fh, arrays), binary=True)
            text = json.dumps(signed, indent=1, sort_keys=True, allow_nan=False).encode("utf-8")
            atomic_write(js, lambda fh: fh.write(text), binary=True)
        except OSError as exc:
            raise StoreWriteError(f"cannot write to the result store {self.root}: {exc.strerror or exc}") from None
        self.trusted.discard(key)
        self.rejected.pop(key, None)

    def keys(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.json") if self.has(p.stem))
