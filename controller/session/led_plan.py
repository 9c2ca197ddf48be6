"""The LED colour language, and the pure function from the session's state to a full LED frame.

One meaning per colour-and-effect pair, the same in every phase, so players learn it once; the
kiosk draws its legend from `LEGEND` (keys translate like messages, see `docs/leds.md`). The
frame is always complete: every house not named below is off.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.session.matching import differing
from firmware_bridge.leds import LedCell, LedFrame, make_frame

HOUSES = 30


@dataclass(frozen=True)
class Signal:
    """One word of the LED language: its key, how it looks, and what it means in English."""

    key: str
    cell: LedCell
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"key": self.key, "color": self.cell.hex(), "effect": self.cell.effect,
                "text": self.text}


MOVABLE = Signal("movable", LedCell((255, 170, 0), "steady"),
                 "A piece that can move with this throw.")
FROM = Signal("from", LedCell((0, 190, 255), "steady"),
              "The house the lifted piece comes from.")
DESTINATION = Signal("destination", LedCell((0, 255, 0), "steady"),
                     "A legal destination for the lifted piece.")
ATTACK = Signal("attack", LedCell((255, 60, 0), "blink"),
                "A legal destination that attacks the piece standing there.")
BEAR_OFF = Signal("bear_off", LedCell((0, 255, 0), "blink"),
                  "The lifted piece may leave the board: keep it off to bear it off.")
COMPUTER_FROM = Signal("computer_from", LedCell((0, 190, 255), "blink"),
                       "The computer moves the piece on this house...")
COMPUTER_TO = Signal("computer_to", LedCell((0, 255, 0), "pulse"),
                     "...to this house (off the board when its own house pulses green).")
PLACE_LIGHT = Signal("place_light", LedCell((255, 255, 255), "pulse"),
                     "Put a light piece on this house.")
PLACE_DARK = Signal("place_dark", LedCell((150, 0, 255), "pulse"),
                    "Put a dark piece on this house.")
REMOVE = Signal("remove", LedCell((255, 0, 150), "blink"),
                "Take the piece off this house.")
ILLEGAL = Signal("illegal", LedCell((255, 0, 0), "blink"),
                 "Illegal move: put these houses back as they were.")
TO_THROW_LIGHT = Signal("to_throw_light", LedCell((70, 70, 70), "steady"),
                        "The light side throws next (its pieces glow softly).")
TO_THROW_DARK = Signal("to_throw_dark", LedCell((40, 0, 80), "steady"),
                       "The dark side throws next (its pieces glow softly).")
FAULT = Signal("fault", LedCell((0, 0, 255), "blink"),
               "The sensor under this house is faulty.")
CELEBRATION = Signal("celebration", LedCell((255, 215, 0), "pulse"),
                     "The game is over: the whole board pulses gold for the winner.")

LEGEND: tuple[Signal, ...] = (
    MOVABLE, FROM, DESTINATION, ATTACK, BEAR_OFF, COMPUTER_FROM, COMPUTER_TO, PLACE_LIGHT,
    PLACE_DARK, REMOVE, ILLEGAL, TO_THROW_LIGHT, TO_THROW_DARK, FAULT, CELEBRATION,
)
"""Every signal, in the order the kiosk legend lists them."""

PLACE = {"W": PLACE_LIGHT, "B": PLACE_DARK}
TO_THROW = {"W": TO_THROW_LIGHT, "B": TO_THROW_DARK}


@dataclass(frozen=True)
class Guide:
    """What the LEDs must say, taken from the session at one moment.

    `expected` is the position the board should show (the start layout during setup, the game's
    position when pieces must be put back); `pending` is the owed second step as (piece, from
    house or None, to house or None); `computer_move` is (from, to, attack).
    """

    phase: str
    board: str | None = None
    expected: str | None = None
    faults: frozenset[int] = frozenset()
    side: str | None = None
    movable: tuple[int, ...] = ()
    lifted: tuple[int, ...] = ()
    destinations: tuple[int, ...] = ()
    attacks: tuple[int, ...] = ()
    bear_off: bool = False
    computer_move: tuple[int, int, bool] | None = None
    pending: tuple[str, int | None, int | None] | None = None
    illegal: tuple[int, ...] = ()


def _put_back(board: str, expected: str, faults: frozenset[int]) -> dict[int, LedCell]:
    """Houses to fix: a missing piece asks for its colour; a wrong or extra piece is removed."""
    cells = {}
    for house in differing(board, expected, faults):
        if board[house - 1] == ".":
            cells[house] = PLACE[expected[house - 1]].cell
        else:
            cells[house] = REMOVE.cell
    return cells


def _move_guidance(guide: Guide) -> dict[int, LedCell]:
    cells: dict[int, LedCell] = {}
    if guide.computer_move is not None:
        start, end, attack = guide.computer_move
        if end > HOUSES:
            cells[start] = COMPUTER_TO.cell
        else:
            cells[start] = COMPUTER_FROM.cell
            cells[end] = ATTACK.cell if attack else COMPUTER_TO.cell
        return cells
    if guide.lifted:
        for house in guide.lifted:
            cells[house] = BEAR_OFF.cell if guide.bear_off else FROM.cell
        for house in guide.destinations:
            cells[house] = DESTINATION.cell
        for house in guide.attacks:
            cells[house] = ATTACK.cell
        return cells
    return {house: MOVABLE.cell for house in guide.movable}


def _relocation(guide: Guide) -> dict[int, LedCell]:
    if guide.pending is None:
        return {}
    piece, start, end = guide.pending
    cells = {}
    if start is not None and guide.board is not None and guide.board[start - 1] == piece:
        cells[start] = FROM.cell if end is not None else REMOVE.cell
    if end is not None:
        cells[end] = PLACE[piece].cell
    return cells


def led_plan(guide: Guide) -> LedFrame:
    """The full LED frame for one moment of the game (pure: same guide, same frame)."""
    cells: dict[int, LedCell] = {}
    board, expected = guide.board, guide.expected
    if guide.phase == "over":
        cells = dict.fromkeys(range(1, HOUSES + 1), CELEBRATION.cell)
    elif guide.phase == "illegal":
        cells = {house: ILLEGAL.cell for house in guide.illegal}
    elif board is not None and expected is not None and guide.phase in ("setup", "opening",
                                                                        "throw"):
        cells = _put_back(board, expected, guide.faults)
        if not cells and guide.side is not None:
            cells = {h: TO_THROW[guide.side].cell
                     for h, piece in enumerate(board, 1) if piece == guide.side}
    elif guide.phase == "move":
        cells = _move_guidance(guide)
    elif guide.phase == "relocate":
        cells = _relocation(guide)
    for house in guide.faults:
        cells[house] = FAULT.cell
    return make_frame(cells)
