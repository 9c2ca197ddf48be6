"""What the session tells the players: a key, its parameters, and the English text.

The kiosk translates by key (`MESSAGES` is the English catalogue it starts from); parameters are
plain data (ints, strings, lists of houses, sides as `W`/`B`), so a translation can word them
its own way. The English text is filled in here for logs, the command line and the API.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

SIDE_NAMES = {"W": "light", "B": "dark"}

MESSAGES: dict[str, str] = {
    "waiting_board": "Waiting for the board to report its houses.",
    "setup": "Set up the start position: the lit houses need a piece or hold the wrong one "
    "({houses}).",
    "sync": "Put the pieces back as the game stands: houses {houses} differ.",
    "opening_throw": "Opening: {player} throws. The first to throw a 1 plays the {side} pieces "
    "and moves first.",
    "opening_miss": "{player} threw {value}, not a 1; {next_player} throws next.",
    "opening_won": "{player} threw a 1, plays the {side} pieces and moves the piece on house "
    "{from} to house {to}.",
    "throw": "{player} ({side}) to throw.",
    "extra_throw": "{player} ({side}) throws again.",
    "computer_throws": "The computer ({side}) throws.",
    "move": "{player} ({side}) threw {value}: move one of the lit pieces.",
    "computer_move": "The computer ({side}) threw {value} and moves house {from} to house {to}: "
    "please move its piece.",
    "lifted": "The piece from house {house} can go to house {destinations}.",
    "lifted_bear_off": "The piece from house {house} may leave the board: keep it off.",
    "lifted_no_move": "The piece from house {house} cannot move with {value}; put it back.",
    "relocate_capture": "Now put the captured {piece} piece on house {house}.",
    "relocate_water": "House 27 is the water: move the piece on to house {house}.",
    "relocate_bear_off": "Take the {piece} piece on house {house} off the board: it is borne off.",
    "relocate_move": "Now move the {piece} piece to house {house}.",
    "illegal": "Illegal move: {reason} Put the pieces back (houses {houses}).",
    "board_differs": "The board differs from the game on houses {houses}: put the pieces as lit.",
    "moved": "{player} ({side}) moved {move}.",
    "pass": "{player} ({side}) threw {value} and cannot move: the turn passes.",
    "lose": "{player} ({side}) threw {value} and cannot move, and loses the game.",
    "rethrow": "The sticks could not be read ({reason}): throw again.",
    "refused_move_owed": "A move with the throw {value} is owed: make it before throwing again.",
    "refused_setup": "Set up the board before throwing.",
    "refused_sync": "Put the pieces back as lit before throwing.",
    "refused_over": "The game is over; start a new game to throw again.",
    "refused_relocate": "Finish the move first: the lit house still needs its piece.",
    "skipped": "{player} ({side}) did not throw within {seconds} s and is skipped.",
    "takeback": "Move {move} taken back: put the pieces back as lit.",
    "nothing_to_take_back": "There is no move to take back.",
    "sensor_fault": "The sensor under house {houses} is faulty: please check the board.",
    "confirm_nothing": "Nothing to confirm: the board does not show a legal move.",
    "game_over": "{player} ({side}) wins the game.",
    "game_over_score": "{player} ({side}) wins the game with {score} points.",
    "idle_reset": "The game was left idle and has been reset.",
}


def _english(value: Any) -> str:
    if isinstance(value, str) and value in SIDE_NAMES:
        return SIDE_NAMES[value]
    if isinstance(value, Sequence) and not isinstance(value, str):
        items = [str(item) for item in value]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]
    return str(value)


def message(key: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """`{"key", "params", "text"}` for a catalogue key; `KeyError` for an unknown key."""
    params = dict(params or {})
    text = MESSAGES[key].format_map({name: _english(value) for name, value in params.items()})
    return {"key": key, "params": params, "text": text}
