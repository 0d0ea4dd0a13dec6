"""Reading a paper's text (``psa-cert coverage``, later ``run --paper``): bounded, strict, one reason.

A paper is input like any other: it may be huge, binary, not UTF-8, a folder or a FIFO.  The
limits are checked before anything is allocated (the size from ``stat`` and a read of at most
``max_bytes + 1`` bytes); what cannot be read raises :class:`PaperTextError` with one line that
says why (the command turns it into exit 2).
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass

#: The largest paper text read (the main paper is about 0.6 MB).
MAX_PAPER_BYTES = 8 * 1024 * 1024
#: The most lines a paper may have (the main paper has about 5,700).
MAX_PAPER_LINES = 200_000


class PaperTextError(ValueError):
    """A paper text that cannot be read; the message is one line."""


@dataclass(frozen=True)
class PaperText:
    path: str
    text: str
    sha256: str


def read_paper(path: str, *, max_bytes: int = MAX_PAPER_BYTES, max_lines: int = MAX_PAPER_LINES) -> PaperText:
    """The text of the paper at ``path`` (UTF-8, a BOM dropped, CRLF read as LF) and its SHA-256.

    Raises :class:`PaperTextError` for a missing or unreadable file, anything but a regular file
    (a FIFO is never opened for reading, so it cannot block), more than ``max_bytes`` bytes, a NUL
    byte (binary), invalid UTF-8 (with the byte offset) or more than ``max_lines`` lines.
    """
    shown = repr(path)
    try:
        st = os.stat(path)
    except OSError as exc:
        raise PaperTextError(f"cannot read paper {shown}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise PaperTextError(f"paper {shown} is not a regular file")
    if st.st_size > max_bytes:
        raise PaperTextError(f"paper {shown} is too large: {st.st_size} bytes (the limit is {max_bytes})")
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise PaperTextError(f"cannot read paper {shown}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:  # grew after the stat
        raise PaperTextError(f"paper {shown} is too large: more than {max_bytes} bytes")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise PaperTextError(f"paper {shown} is binary (a NUL byte at offset {nul}), not a text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PaperTextError(f"paper {shown} is not UTF-8 (invalid byte at offset {exc.start})") from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.count("\n") + 1
    if lines > max_lines:
        raise PaperTextError(f"paper {shown} has too many lines: {lines} (the limit is {max_lines})")
    return PaperText(path=path, text=text, sha256=hashlib.sha256(data).hexdigest())
