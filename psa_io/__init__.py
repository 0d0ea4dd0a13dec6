"""Input and output plumbing shared by ``psa-cert`` and ``psa-mc``, one place for each convention.

* :mod:`psa_io.usage` -- exit codes, :class:`~psa_io.usage.UsageError` (one line, exit 2), the
  argparse parser that reports that way, and the argument types (``--jobs``, ``--timeout``, ...);
* :mod:`psa_io.entry` -- the programs' entry: dispatch to a command, Ctrl-C (exit 130), a reader
  that closed the pipe, the fast exit of ``psa-cert``, the toolkit's version;
* :mod:`psa_io.terminal` -- output width, writing lines whatever the stream's encoding, progress
  on stderr;
* :mod:`psa_io.jsonout` -- strict JSON (RFC 8259: no NaN or Infinity; ``null`` with a reason);
* :mod:`psa_io.outputs` -- the outputs a user names (checked before any work, files written
  atomically, streams written whole), and the one atomic file write;
* :mod:`psa_io.escape` -- one escaping function per output format, for text the toolkit did not
  write (terminal, rich, XML, HTML, Markdown, Mermaid, DOT);
* :mod:`psa_io.caches` -- reading the toolkit's own small JSON caches: bounded, never blocking,
  an unusable one ignored with one line.
* :mod:`psa_io.sources` -- the toolkit's own source files and one digest of them (the verdict
  memo's key, the stamp of a cached Monte-Carlo kernel).

It imports nothing of the project (it sits at the bottom, beside :mod:`theory`) and nothing heavy
at import time (no NumPy, Numba, SymPy or rich): ``import cli`` stays cheap.
"""
