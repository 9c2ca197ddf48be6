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


def test_the_drawn_split_draws_a_floor_and_a_light_of_its_own_for_every_set_up() -> None:
    """The drawn split stands for conditions the catalogue does not name: each set-up's floor
    and light are drawn anew (none is a catalogue tray's floor or light), the same each time
    the set-up is built, so that a reading found there can be looked at again."""
    cases = evaluation.setups("drawn", 12)
    built = [case.setup() for case in cases]
    assert [case.setup() for case in cases] == built
    floors = {setup.tray.floor for setup in built}
    assert len(floors) == len(built)
    assert not floors & {tray.floor for tray in scenes.TRAYS.values()}
    named = {scenes.make_setup("dark", "linen", light, 1).lighting for light in scenes.LIGHTS}
    assert not {s.lighting.ambient for s in built} & {lighting.ambient for lighting in named}
    assert {len(setup.lighting.lights) for setup in built} == {1, 2}


def test_the_sky_split_lights_its_trays_by_a_warm_lamp_and_a_blue_sky() -> None:
    """The sky split stands for a room lit by a lamp and a window: each set-up keeps the tune
    split's sticks and tray, and is lit by one lamp low over the tray, warmer than the light
    in the shade (bluer against green, less red), the same each time it is built."""
    cases = evaluation.setups("sky", 12)
    built = [case.setup() for case in cases]
    assert [case.setup() for case in cases] == built
    for case, setup in zip(cases, built, strict=True):
        assert (setup.look.name, setup.tray.name) == (case.style, case.tray)
        (lamp,) = setup.lighting.lights
        sky = setup.lighting.ambient
        assert 25 <= lamp.elevation <= 50
        assert sky[2] / sky[1] > lamp.color[2] / lamp.color[1]
        assert sky[0] / sky[1] < lamp.color[0] / lamp.color[1]
