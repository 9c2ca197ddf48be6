"""Shared fixtures: a synthetic camera on a simulated clock, so frames come as fast as they are
rendered and every test sees the same throws."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from vision.synthetic import SyntheticCamera


@pytest.fixture
def camera(request: pytest.FixtureRequest) -> Iterator[SyntheticCamera]:
    """Seed 2 unless the test module sets CAMERA_SEED."""
    cam = SyntheticCamera(seed=getattr(request.module, "CAMERA_SEED", 2), clock="simulated", fps=15)
    cam.open()
    yield cam
    cam.close()
