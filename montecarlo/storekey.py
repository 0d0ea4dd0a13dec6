"""The key that signs the toolkit's stored results (HMAC-SHA256), kept outside every store.

Anyone who can write into a result store (a shared folder, a downloaded archive,
``$PSA_TOOLKIT_STORE``) can also run the toolkit's own functions, so a hash of a record proves
nothing: a forged point re-derived with :mod:`montecarlo.sweep` would pass every consistency
check.  What a forger does not have is a secret.  Every record the toolkit writes (sweep points
of :mod:`montecarlo.store`, certificate Monte Carlo of ``certificates.psa._mcstore``) carries
``hmac``: HMAC-SHA256 under this key of the record's canonical bytes, which hold the SHA-256
of its arrays (names, dtypes, shapes and bytes), so the tag covers the arrays too.  A record
whose tag does not verify under the user's key is treated as absent and recomputed, unless the
caller asks to trust the store (``trust_store=True``; the command-line flag ``--trust-store``),
which prints one line on stderr naming the store (:func:`announce_trust`).

Where the key lives (first that applies):

* ``$PSA_TOOLKIT_STORE_KEY``: the key itself, as hex (an even number of hex digits, e.g. the
  64 digits of a key file) or, if it is not hex, as text (its UTF-8 bytes);
* the key file ``$XDG_CONFIG_HOME/psa-toolkit/store.key`` (default
  ``~/.config/psa-toolkit/store.key``): 64 hex digits (32 random bytes) and a newline, created on
  first use with mode 0600 and never replaced.  It is refused (:class:`StoreKeyError`, one line)
  when it is a symlink, not a regular file, not owned by the user, readable or writable by
  anyone else, or empty.

**Sharing a store in a team**: share the key, not just the folder.  Copy one member's
``store.key`` to the others' config directories (mode 0600), or set ``PSA_TOOLKIT_STORE_KEY`` to
its contents in each member's environment; records written by any of them then verify for all.
A store received from someone whose key you do not hold is recomputed point by point, or used
as it is with ``--trust-store`` (its numbers are then theirs, not checked by you).

The key never enters a store, a record, a worker's task or any output.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sys
import tempfile
from pathlib import Path
from typing import IO, Optional, Union

from psa_io import private

ENV_KEY = "PSA_TOOLKIT_STORE_KEY"
#: How ``psa-cert run --trust-store`` reaches the checks (and their worker processes): ``1`` trusts.
ENV_TRUST = "PSA_TOOLKIT_TRUST_STORE"
KEY_FILE_NAME = "store.key"
#: Bytes of a new key.
KEY_BYTES = 32
#: A key file larger than this is not a key file.
MAX_KEY_FILE_BYTES = 4096


class StoreKeyError(ValueError):
    """The store key cannot be used (one line: what is wrong and how to fix it)."""


def key_file_path() -> Path:
    """``$XDG_CONFIG_HOME/psa-toolkit/store.key``, default ``~/.config/psa-toolkit/store.key``
    (a relative ``XDG_CONFIG_HOME`` is ignored, as the XDG specification says)."""
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path("~/.config").expanduser()
    return base / "psa-toolkit" / KEY_FILE_NAME


def _parse(text: bytes, where: str) -> bytes:
    """Key bytes from hex (even number of hex digits) or, failing that, the text itself."""
    s = text.strip()
    if not s:
        raise StoreKeyError(f"store key {where} is empty; remove it (a new one is made) or put a key in it")
    try:
        return bytes.fromhex(s.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return s


def _check_key_file(st: os.stat_result, path: Path) -> None:
    why = private.problem(st, folder=False, others=private.READ_OR_WRITE_BY_OTHERS)
    if why is not None:
        fix = (
            f"run: chmod 600 {path}"
            if "by others" in why
            else "refusing it (make it a regular file of yours, mode 600)"
        )
        raise StoreKeyError(f"store key file {path} {why}; {fix}")
    if st.st_size > MAX_KEY_FILE_BYTES:
        raise StoreKeyError(f"store key file {path} is {st.st_size} bytes, not a key; refusing it")


def _read_key_file(path: Path) -> Optional[bytes]:
    """The key in ``path``, None if there is no file; :class:`StoreKeyError` if it is unusable."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreKeyError(f"store key file {path}: {exc.strerror}") from None
    _check_key_file(st, path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise StoreKeyError(f"store key file {path}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as fh:
        _check_key_file(os.fstat(fh.fileno()), path)  # what was opened is what was checked
        data = fh.read(MAX_KEY_FILE_BYTES + 1)
    return _parse(data, f"file {path}")


def _create_key_file(path: Path) -> None:
    """Write a new random key at ``path`` atomically, never replacing an existing file."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".store.key.", suffix=".tmp", dir=path.parent)  # mode 0600
    except OSError as exc:
        raise StoreKeyError(f"cannot create the store key file {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(secrets.token_bytes(KEY_BYTES).hex().encode("ascii") + b"\n")
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)  # atomic, and fails if a key file appeared meanwhile (kept: theirs wins)
        except FileExistsError:
            pass
        except OSError as exc:
            raise StoreKeyError(f"cannot create the store key file {path}: {exc.strerror}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def store_key() -> bytes:
    """The user's store key: ``$PSA_TOOLKIT_STORE_KEY``, else the key file (made on first use).

    Raises :class:`StoreKeyError` (a ``ValueError``, one line) when the key file is unusable.
    """
    env = os.environ.get(ENV_KEY)
    if env:
        return _parse(env.encode("utf-8", "surrogateescape"), f"${ENV_KEY}")
    path = key_file_path()
    key = _read_key_file(path)
    if key is None:
        _create_key_file(path)
        key = _read_key_file(path)
        if key is None:  # pragma: no cover - removed between creation and reading
            raise StoreKeyError(f"the store key file {path} vanished after it was created")
    return key


def _message(kind: str, data: bytes) -> bytes:
    return b"psa-toolkit signed record\x00" + kind.encode("ascii") + b"\x00" + data


def sign(data: bytes, kind: str, key: Optional[bytes] = None) -> str:
    """HMAC-SHA256 (hex) of ``data`` under ``key`` (default :func:`store_key`); ``kind`` (e.g.
    ``"sweep-point"``) separates the record types, so a tag of one kind never verifies another."""
    return hmac.new(store_key() if key is None else key, _message(kind, data), hashlib.sha256).hexdigest()


def verify(data: bytes, tag: object, kind: str, key: Optional[bytes] = None) -> bool:
    """Whether ``tag`` is :func:`sign` of ``data`` (constant-time comparison)."""
    if not isinstance(tag, str):
        return False
    return hmac.compare_digest(sign(data, kind, key).encode("ascii"), tag.encode("utf-8", "replace"))


def trust_from_env() -> bool:
    """``$PSA_TOOLKIT_TRUST_STORE`` set to anything but ``""`` or ``0``: what ``psa-cert run
    --trust-store`` sets for the certificates' stored Monte Carlo and sweeps."""
    return os.environ.get(ENV_TRUST, "") not in ("", "0")


#: Store folders announced by :func:`announce_trust` in this process.
_ANNOUNCED: set[str] = set()


def trust_notice(root: Union[str, os.PathLike[str]]) -> str:
    """The one line that says a store is trusted without the key."""
    return (
        f"psa-toolkit: --trust-store: using records of the result store {root} that are not signed "
        "by this user's key (their numbers are not checked)"
    )


def announce_trust(root: Union[str, os.PathLike[str]], stream: Optional[IO[str]] = None) -> bool:
    """Print :func:`trust_notice` once per process and store folder (on ``stream``, default the
    process's real stderr, so that a check's captured output does not swallow it); True if printed."""
    name = str(root)
    if name in _ANNOUNCED:
        return False
    _ANNOUNCED.add(name)
    out = stream if stream is not None else (sys.__stderr__ or sys.stderr)
    try:
        print(trust_notice(name), file=out, flush=True)
    except (OSError, ValueError, AttributeError):
        pass
    return True
