
import numpy as np
import pytest

from vision.synthetic import BAD_SCENES, SyntheticCamera

CAMERA_SEED = 4


def grab(camera: SyntheticCamera) -> np.ndarray:
    frame = camera.read()
    assert frame is not None
    return frame.image.astype(int)


def test_frames_are_bgr_images_with_advancing_time(camera: SyntheticCamera) -> None:
    first, second = camera.read(), camera.read()
    assert first is not None and second is not None
    assert first.image.shape == (480, 640, 3) and first.image.dtype == np.uint8
    assert second.time == pytest.approx(first.time + 1 / 15)


def test_a_throw_moves_then_comes_to_rest(camera: SyntheticCamera) -> None:
    empty = grab(camera)
    camera.throw(2, seed=11)
    frames = []
    while not camera.at_rest:
        frames.append(grab(camera))
    rest = [grab(camera) for _ in range(3)]
    assert np.abs(frames[len(frames) // 2] - rest[0]).mean() > 2
    assert np.abs(rest[1] - rest[2]).mean() < 2
    assert np.abs(rest[0] - empty).mean() > 2


def test_the_same_seed_renders_the_same_throw() -> None:
    images = []
    for _ in range(2):
        cam = SyntheticCamera(seed=9, clock="simulated")
        cam.open()
        cam.throw(3, seed=5)
        while not cam.at_rest:
            cam.read()
        images.append(grab(cam))
    assert np.array_equal(images[0], images[1])


def test_unknown_bad_scene_is_refused(camera: SyntheticCamera) -> None:
    assert "hand" in BAD_SCENES
    with pytest.raises(ValueError):
        camera.throw_bad("earthquake")
