"""A short game on the kiosk page in Chromium: pieces lifted and put down by touching the
board (the sim panel's hands on the virtual board), throws entered by the referee, and what
the page shows at each step."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REFEREE_TOKEN
from playwright.sync_api import Page, expect

WAIT_MS = 15_000


def house(number: int) -> str:
    return f'#board .house[data-house="{number}"]'


def piece_on(page: Page, number: int, piece: str) -> None:
    """Wait until the board shows `piece` (W, B or .) on a house."""
    expect(page.locator(house(number))).to_have_attribute("data-piece", piece, timeout=WAIT_MS)


def phase(page: Page, name: str) -> None:
    """Wait until the game is in phase `name`."""
    expect(page.locator("body")).to_have_attribute("data-phase", name, timeout=WAIT_MS)


def throw(page: Page, url: str, flat: int) -> None:
    """The referee enters a throw (flat faces up); the page shows it live."""
    phase(page, "throw")
    response = page.request.post(
        f"{url}/api/game/throw",
        data={"flat": flat},
        headers={"Authorization": f"Bearer {REFEREE_TOKEN}"},
    )
    assert response.ok, response.text()
    expect(page.locator("#throw-detail")).to_contain_text(f"Flat sides up: {flat}")


def move(page: Page, origin: int, target: int, piece: str) -> None:
    """Lift a piece and put it down elsewhere, by touching the two houses."""
    page.click(house(origin))
    piece_on(page, origin, ".")
    page.click(house(target))
    piece_on(page, target, piece)


def test_a_short_game_on_the_kiosk(page: Page, kiosk_url: str, shots: Path) -> None:
    page.goto(f"{kiosk_url}/?lang=en")
    page.wait_for_selector("body[data-ready=true]", timeout=WAIT_MS)
    expect(page.locator("#board .house")).to_have_count(30)
    for number in (15, 26, 27, 28, 29, 30):
        expect(page.locator(f"{house(number)} .symbol svg")).to_have_count(1)
    expect(page.locator("#sim-panel")).to_be_visible()
    expect(page.locator("#legend li")).to_have_count(15)
    # the board is up; the camera is switched off in this test's configuration
    expect(page.locator("#health-board")).to_have_class(re.compile(r"\bup\b"), timeout=WAIT_MS)
    expect(page.locator("#health-camera")).to_have_class(re.compile(r"\bdown\b"))
    for number in range(1, 11):
        piece_on(page, number, "W" if number % 2 else "B")
    expect(page.locator("#message")).to_contain_text("Opening", timeout=WAIT_MS)

    # Kendall: the first to throw a 1 takes the dark pieces and moves 10 to 11 (RULES.md 3).
    phase(page, "opening")
    page.request.post(
        f"{kiosk_url}/api/game/throw",
        data={"flat": 1},
        headers={"Authorization": f"Bearer {REFEREE_TOKEN}"},
    )
    expect(page.locator("#throw-value")).to_have_text("1")
    expect(page.locator("#turn-side")).to_have_text("Dark", timeout=WAIT_MS)
    page.click(house(10))
    expect(page.locator(house(11))).to_have_class(re.compile(r"\bdestination\b"))
    expect(page.locator("#lifted")).to_contain_text("Piece lifted from house 10")
    expect(page.locator("#legend li.lit")).not_to_have_count(0)
    page.screenshot(path=str(shots / "kiosk-lifted.png"))
    page.click(house(11))
    piece_on(page, 11, "B")
    expect(page.locator("#message")).to_contain_text("throws again", timeout=WAIT_MS)

    # A 1 throws again (seed 002); a 2 ends the dark turn.
    throw(page, kiosk_url, 2)
    move(page, 11, 13, "B")
    expect(page.locator("#turn-side")).to_have_text("Light", timeout=WAIT_MS)
    throw(page, kiosk_url, 3)
    move(page, 9, 12, "W")
    expect(page.locator("#turn-side")).to_have_text("Dark", timeout=WAIT_MS)

    # An illegal move is shown until the piece is put back.
    throw(page, kiosk_url, 2)
    move(page, 13, 14, "B")
    expect(page.locator("#message")).to_have_class(re.compile(r"\billegal\b"), timeout=WAIT_MS)
    expect(page.locator(house(14))).to_have_class(re.compile(r"\billegal\b"))
    page.screenshot(path=str(shots / "kiosk-illegal.png"))
    move(page, 14, 13, "B")
    expect(page.locator("#message")).not_to_have_class(re.compile(r"\billegal\b"), timeout=WAIT_MS)
    move(page, 13, 15, "B")
    expect(page.locator("#turn-side")).to_have_text("Light", timeout=WAIT_MS)
    page.screenshot(path=str(shots / "kiosk-game.png"))
