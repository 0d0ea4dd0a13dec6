"""Input and output plumbing shared by ``psa-cert`` and ``psa-mc``, one place for each convention.

* :mod:`psa_io.usage` -- exit codes, :class:`~psa_io.usage.UsageError` (one line, exit 2), the
  argparse parser that reports that way, and the argument types (``--jobs``, ``--timeout``, ...);
* :mod:`psa_io.entry` -- the programs' entry: dispatch to a command, Ctrl-C (exit 130), a reader
  that closed the pipe, the fast exit of ``psa-cert``, the toolkit's version;
* :mod:`psa_io.terminal` -- output width, writing lines whatever the stream's encoding, progress
  on stderr;
* :mod:`psa_io.jsonout` -- strict JSON (RFC 8259: no NaN or Infinity; ``null`` with a reason);
* :mod:`psa_io.outputs` -- output paths checked before any work, and the one atomic file write.

It imports nothing of the project (it sits at the bottom, beside :mod:`theory`) and nothing heavy
at import time (no NumPy, Numba, SymPy or rich): ``import cli`` stays cheap.
"""
