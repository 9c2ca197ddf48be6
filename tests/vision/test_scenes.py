"""The synthetic scenes the reader is measured on: every bad kind can be made on every
set-up, whatever the camera shows of the tray."""

from __future__ import annotations

import numpy as np

from vision import evaluation, scenes


def test_a_stick_out_of_the_picture_lies_over_the_rim_where_the_whole_tray_is_in_view() -> None:
    """Tune set-up 429's camera shows the whole tray and its rim, so no stick in the tray can
    reach past the picture's edge: the scene asked for puts one across the rim instead, as
    the evaluation needs one of each bad kind on every set-up."""
    setup = evaluation.case_of("tune", 429).setup()
    scene = scenes.bad_scene(setup, "out_of_frame", 10429009)
    assert len(scene.sticks) == 4
    assert all(scenes.in_view(setup.camera, stick, 0) for stick in scene.sticks)
    half = np.array(setup.tray.size) / 2
    beyond = [s for s in scene.sticks if (np.abs(scenes.stick_ends(s)) > half).any()]
    assert len(beyond) == 1 and beyond[0].lift > 0
