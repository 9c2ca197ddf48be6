"""The order statistics a frame is measured with give numpy's values, from one sort."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vision.order import column_medians, median, quantile

VALUES = hnp.arrays(
    np.float32,
    hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=12),
    elements=st.floats(-1e3, 1e3, width=32),
)


@given(VALUES, st.floats(0, 1))
def test_quantile_is_numpys_linear_quantile(values: np.ndarray, q: float) -> None:
    assert np.isclose(quantile(values, q), np.quantile(values, q), rtol=1e-5, atol=1e-3)
    assert np.isclose(median(values), np.median(values), rtol=1e-5, atol=1e-3)


@given(VALUES)
def test_column_medians_are_numpys_medians_down_the_columns(values: np.ndarray) -> None:
    np.testing.assert_allclose(column_medians(values), np.median(values, axis=0), 1e-5, 1e-3)
