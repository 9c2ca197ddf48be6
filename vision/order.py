"""Medians and quantiles of the small arrays measured in one frame.

numpy's `median` and `percentile` spend tens of microseconds setting up each call, more than
the selection itself on a few hundred values; a frame is read with a few dozen of them and
has a budget of a few milliseconds. These give numpy's values (its default, linear
interpolation) from one sort: numpy sorts with vector instructions, and selects one place so,
but two (a quantile between two values needs both) it selects one after the other, more slowly
than it sorts all of a few thousand values.
"""

from __future__ import annotations

import numpy as np


def quantile(values: np.ndarray, q: float) -> float:
    """The q-quantile (0..1) of all of `values`, as `np.quantile(values, q)`."""
    flat = values.reshape(-1)
    position = q * (len(flat) - 1)
    low = int(position)
    high = min(low + 1, len(flat) - 1)
    ordered = np.sort(flat)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (position - low))


def median(values: np.ndarray) -> float:
    return quantile(values, 0.5)


def column_medians(values: np.ndarray) -> np.ndarray:
    """The median down each column (over axis 0), as `np.median(values, axis=0)`."""
    ordered = np.sort(values, axis=0)
    n = len(ordered)
    middle: np.ndarray = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    return middle
