"""Type aliases of the public API (``numpy.typing``), shared by :mod:`theory` and :mod:`montecarlo`.

The vectorised closed forms take :data:`~numpy.typing.ArrayLike` arguments and return a
Python ``float`` for scalar input and a float64 array otherwise (:data:`FloatOrArray`).
"""

from __future__ import annotations

from typing import TypeAlias, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

#: A float64 NumPy array (any shape).
FloatArray: TypeAlias = NDArray[np.float64]
#: What a vectorised closed form returns: a ``float`` for scalar input, else a float64 array.
FloatOrArray: TypeAlias = Union[float, FloatArray]

__all__ = ["ArrayLike", "FloatArray", "FloatOrArray"]
