"""Every text the kiosk shows exists in all six languages, with the same placeholders."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from controller.session.led_plan import LEGEND
from controller.session.messages import MESSAGES
from vision.synthetic import BAD_SCENES

LANG = Path(__file__).resolve().parents[2] / "controller" / "kiosk" / "lang"
LANGUAGES = ("en", "fr", "de", "it", "hu", "ar")
TRANSLATED = LANGUAGES[1:]


def strings(lang: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((LANG / f"{lang}.json").read_text(encoding="utf-8"))
    return loaded


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_language_files_are_the_six_languages() -> None:
    assert sorted(path.stem for path in LANG.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_interface_text_is_translated(lang: str) -> None:
    english, other = strings("en"), strings(lang)
    missing = sorted(set(english) - set(other))
    assert missing == [], f"{lang} lacks {missing}"
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), (lang, key)
        assert other[key].strip(), (lang, key)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_session_is_translated(lang: str) -> None:
    other = strings(lang)
    for key, english in MESSAGES.items():
        assert f"msg.{key}" in other, f"{lang} lacks the message {key!r}"
        assert placeholders(other[f"msg.{key}"]) == placeholders(english), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_led_signal_and_bad_scene_has_a_label(lang: str) -> None:
    other = strings(lang)
    assert [f"legend.{s.key}" for s in LEGEND if f"legend.{s.key}" not in other] == []
    assert [f"scene.{scene}" for scene in BAD_SCENES if f"scene.{scene}" not in other] == []

