"""Pure mathematics of the two companion papers (no I/O, no simulation).

* :mod:`theory.companions.momentum` -- the earlier Momentum Attention preprint on the same operator
  (``papers/003_0cc77bc9d6b08a43``); statements with ``paper="momentum"``.
* :mod:`theory.companions.qhm` -- the QHM / causal FIR filter analysis of a pretraining paper
  (``papers/001_36d6cf6808707d5a``); statements with ``paper="qhm"``.

Statement ids are namespaced by the paper (``momentum:sec2.6.transfer``, ``qhm:sec3.4.rho``): the
three packs share one registry under ``psa-cert --pack all``, and the papers' own labels collide
(the main paper has an ``eq3`` and an ``eq25``; both companions have a §3.1 and a §4.1).
"""
