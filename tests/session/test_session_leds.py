"""The LED language: one meaning per colour and effect, frames drawn as pictures of the board."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from controller.session.led_picture import CELL, draw_frame, house_origin, save_frame
from controller.session.led_plan import (
    ATTACK,
    DESTINATION,
    FROM,
    LEGEND,
    MOVABLE,
    PLACE_DARK,
    REMOVE,
    Guide,
    led_plan,
)
from firmware_bridge.leds import OFF_CELL
from tests.session.conftest import SETTINGS, Table

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_signal_has_its_own_key_and_its_own_look() -> None:
    assert len({s.key for s in LEGEND}) == len(LEGEND)
    assert len({(s.cell.color, s.cell.effect) for s in LEGEND}) == len(LEGEND)
    assert all(s.cell.effect != "off" and s.text for s in LEGEND)


def test_the_documented_language_lists_every_signal() -> None:
    text = (DOCS / "leds.md").read_text(encoding="utf-8")
    for signal in LEGEND:
        assert f"`{signal.key}`" in text and signal.cell.hex() in text


def test_a_frame_always_covers_the_30_houses() -> None:
    frame = led_plan(Guide(phase="move", movable=(3, 5)))
    assert len(frame) == 30
    assert frame[2] == MOVABLE.cell and frame[3] == OFF_CELL


def test_a_lifted_piece_shows_where_it_comes_from_its_destination_and_attacks() -> None:
    frame = led_plan(Guide(phase="move", lifted=(7,), destinations=(9,), attacks=(9,),
                           movable=(3, 7)))
    assert frame[6] == FROM.cell and frame[8] == ATTACK.cell
    assert frame[2] == OFF_CELL  # the other movable pieces go dark while one is in the hand
    frame = led_plan(Guide(phase="move", lifted=(7,), destinations=(10,)))
    assert frame[9] == DESTINATION.cell


def test_the_picture_puts_houses_on_the_boustrophedon_track() -> None:
    assert house_origin(1)[1] == house_origin(10)[1] < house_origin(11)[1]
    assert house_origin(11)[0] == house_origin(10)[0]  # the track turns at the right end
    assert house_origin(20)[0] == house_origin(21)[0] == house_origin(1)[0]
    frame = led_plan(Guide(phase="setup", board="W" + "." * 29, expected="B" + "." * 29))
    image = draw_frame(frame)
    x, y = house_origin(1)
    b, g, r = image[y + CELL - 6, x + CELL // 2]
    assert (r, g, b) == REMOVE.cell.color


@pytest.mark.parametrize("scene", ["lifted", "relocate", "illegal", "setup"])
def test_scenes_draw_as_pictures(tmp_path: Path, scene: str) -> None:
    table = scene_table(scene)
    frame = table.session.led_frame(table.now)
    path = save_frame(tmp_path / f"{scene}.png", frame, table.board, scene)
    image = cv2.imread(str(path))
    assert image is not None and image.shape[1] == 2 * 8 + 10 * CELL
    lit = [cell for cell in frame if cell.effect != "off"]
    assert lit, f"the {scene} scene lights nothing"
    if scene == "relocate":
        assert PLACE_DARK.cell in frame or any(c.color == (255, 255, 255) for c in lit)


def scene_table(scene: str) -> Table:
    """The kendall game a few steps in, at the moment the scene shows."""
    table = Table("kendall")
    if scene == "setup":
        table.show("W.WB.BWB" + "." * 22)
        return table
    table.set_up()
    table.throw(1)
    table.make(table.session.state.legal_moves()[0])
    table.settle()
    table.throw(1)  # B: 11-12 or 8-9 (attack on 9)
    if scene == "lifted":
        table.lift(8)
    elif scene == "relocate":
        table.put(9, table.lift(8))
        table.wait(1)
    elif scene == "illegal":
        table.put(13, table.lift(11))
        table.wait(SETTINGS.illegal_after_s + 0.1)
    return table
