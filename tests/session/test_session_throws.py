"""Throws from the camera, by hand and from electronic sticks; the message catalogue."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from controller.rules import get_variant
from controller.session.messages import MESSAGES, message
from controller.session.throws import Throw, camera_throw, electronic_throw, manual_throw
from vision.reading import ThrowReading


def test_a_manual_throw_by_value_or_by_flat_faces_follows_the_preset() -> None:
    kendall, intuitive, advanced = (get_variant(n) for n in ("kendall", "intuitive",
                                                             "advanced-7"))
    assert manual_throw(kendall, value=6).value == 6
    assert manual_throw(kendall, flat=0).value == 6  # no flat face up counts 6 (seed 002)
    assert manual_throw(intuitive, flat=4).value == 6  # intuitive counts the round faces
    assert manual_throw(intuitive, flat=1).value == 3
    assert manual_throw(advanced, flat=4).value == 5  # advanced-7: none counting is 5
    assert manual_throw(kendall, value=3, flat=3).flat == 3


@pytest.mark.parametrize(
    ("value", "flat", "words"),
    [(5, None, "not 5"), (None, 5, "0-4"), (2, 3, "make 3, not 2"), (None, None, "needs")],
)
def test_a_manual_throw_that_cannot_be_is_refused_with_a_reason(
    value: int | None, flat: int | None, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        manual_throw(get_variant("kendall"), value=value, flat=flat)


def test_a_camera_reading_becomes_a_throw_or_a_rethrow() -> None:
    kendall = get_variant("kendall")
    read = camera_throw(kendall, ThrowReading("ok", 2, 2, "", ()), "cam-1")
    assert (read.value, read.flat, read.source, read.throw_id) == (2, 2, "camera", "cam-1")
    unread = camera_throw(kendall, ThrowReading.rethrow("a stick left the tray"), "cam-2")
    assert unread.is_rethrow and unread.value is None
    assert unread.rethrow_reason == "a stick left the tray"


def test_electronic_sticks_have_the_real_probabilities() -> None:
    kendall = get_variant("kendall")
    rng = random.Random(42)
    counts = Counter(electronic_throw(kendall, rng, None).value for _ in range(16000))
    for value, chance in kendall.throw_outcomes():
        assert abs(counts[value] / 16000 - chance) < 0.012, (value, counts)


def test_a_throw_checks_its_own_fields() -> None:
    with pytest.raises(ValueError, match="source"):
        Throw(3, source="dice")
    with pytest.raises(ValueError, match="needs a value"):
        Throw(None)
    assert Throw(3).to_dict() == {"id": None, "value": 3, "flat": None, "source": "manual"}


def test_messages_word_sides_and_house_lists_in_english() -> None:
    said = message("illegal", {"reason": "Blocked.", "houses": [4, 7, 9]})
    assert said["text"] == "Illegal move: Blocked. Put the pieces back (houses 4, 7 and 9)."
    assert said["params"]["houses"] == [4, 7, 9]
    assert message("throw", {"player": "Ann", "side": "B"})["text"] == "Ann (dark) to throw."
    with pytest.raises(KeyError):
        message("no_such_message")


def test_every_message_has_text_without_stray_braces() -> None:
    for key, text in MESSAGES.items():
        assert text and text.count("{") == text.count("}"), key
