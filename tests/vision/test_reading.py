import json

import pytest

from vision.reading import StickFace, ThrowReading


def _sticks(faces: str) -> tuple[StickFace, ...]:
    return tuple(
        StickFace("flat" if f == "F" else "round", 0.9, (10.0 * i, 20.0), 30.0)
        for i, f in enumerate(faces)
    )


def test_ok_reading_counts_faces_and_serialises_the_design_fields() -> None:
    reading = ThrowReading.ok(_sticks("FFRF"))
    assert (reading.status, reading.flat, reading.round) == ("ok", 3, 1)
    line = json.loads(reading.to_json(image="a.png"))
    assert list(line) == ["image", "status", "flat", "round", "reason", "sticks"]
    assert line["sticks"][0] == {
        "face": "flat",
        "confidence": 0.9,
        "center": [0.0, 20.0],
        "angle": 30.0,
    }


def test_rethrow_has_no_count_and_keeps_a_reason() -> None:
    reading = ThrowReading.rethrow("found 3 sticks, need 4", _sticks("FFR"))
    line = json.loads(reading.to_json())
    assert line["status"] == "rethrow" and line["flat"] is None and line["round"] is None
    assert line["reason"] == "found 3 sticks, need 4"


def test_an_ok_reading_must_account_for_four_sticks() -> None:
    with pytest.raises(ValueError):
        ThrowReading("ok", 2, 1, "", ())
    with pytest.raises(ValueError):
        ThrowReading("rethrow", 2, 2, "why", ())
