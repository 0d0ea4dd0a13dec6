"""Files and folders the toolkit trusts only when they are the user's own.

Some of what the toolkit reads is as good as code: the store key signs every stored result
(:mod:`montecarlo.storekey`), and Numba's cache index files are pickles, loaded as the kernels
start (:mod:`montecarlo._jit`).  Whoever can write such a file or folder runs code, or forges
results, as the user.  :func:`problem` is the one check both use: what it returns (a few words,
or None) says why a file or folder found by :func:`os.lstat` / :func:`os.stat` may not be used:

* a symbolic link (when the caller looked with ``lstat``: a path the toolkit picks is never
  followed);
* not a regular file (``folder=False``) or not a folder (``folder=True``);
* owned by another user;
* a permission bit of ``others`` set: ``0o077`` for a secret (readable or writable by anyone
  else), ``0o022`` for a folder whose content is loaded (writable by anyone else; the sticky bit
  of a shared folder such as ``/tmp`` does not help: others may still add files to it).

:func:`private_folder` makes (mode ``0o700``) or finds such a folder and checks it.
"""

from __future__ import annotations

import os
import stat
from typing import Optional

#: Permission bits that let anyone but the owner read or write (a secret must have none).
READ_OR_WRITE_BY_OTHERS = 0o077
#: Permission bits that let anyone but the owner write (a folder whose files are loaded must have none).
WRITE_BY_OTHERS = 0o022


def _uid() -> Optional[int]:
    return os.getuid() if hasattr(os, "getuid") else None


def problem(st: os.stat_result, *, folder: bool, others: int) -> Optional[str]:
    """Why what ``st`` describes may not be used (module docstring), or None when it may."""
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        return "is a symlink (symbolic link), which the toolkit does not follow here"
    if folder and not stat.S_ISDIR(mode):
        return "is not a folder"
    if not folder and not stat.S_ISREG(mode):
        return "is not a regular file"
    uid = _uid()
    if uid is not None and st.st_uid != uid:
        return f"belongs to another user (uid {st.st_uid})"
    if stat.S_IMODE(mode) & others:
        what = "readable or writable" if others & 0o044 else "writable"
        return f"is {what} by others (mode {stat.S_IMODE(mode):o})"
    return None


def private_folder(path: str) -> Optional[str]:
    """Make the folder ``path`` (mode ``0o700``; its parents as usual) unless it exists, then check
    it with ``lstat``: None when it is a folder (not a symlink) of this user that nobody else can
    write, else why not (an :class:`OSError` while making it is a reason too)."""
    try:
        parent = os.path.dirname(os.path.abspath(path))
        os.makedirs(parent, exist_ok=True)
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        st = os.lstat(path)
    except OSError as exc:
        return f"cannot be made ({exc.strerror or exc})"
    return problem(st, folder=True, others=WRITE_BY_OTHERS)
