"""A whole game as a state machine with chance nodes (OpenSpiel-like), with takeback.

Phases: "opening" (players throw alternately until one throws 1, RULES.md 3), "throw" (the side
to move must throw: a chance node), "move" (a throw waits to be used), "over". A throw with no
legal move is handled at once: a pass ends the turn, a loss ends the game.

Every change pushes the previous state on a stack, so `undo()` is a takeback and a search can
apply and undo without copying; `copy()` is shallow and cheap.

Section 8 (fate throws) extends this machine, not the engine: a variant parameter will name the
houses whose piece waits for its fate, `apply_throw` will spend the next throw on that piece
(a phase of its own) and the position flags carry the waiting piece.

>>> from controller.rules.variants import get_variant
>>> game = GameState(get_variant("kendall"))
>>> game.apply_throw(3); game.apply_throw(1)
>>> game.phase, game.side_to_move, [str(m) for m in game.legal_moves()]
('move', 'B', ['10-11'])
>>> game.apply_move(Move.parse("10-11")).position.notation()
'WBWBWBWBW.B................... B'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from controller.rules.errors import IllegalMoveError, PhaseError, RulesError
from controller.rules.judge import Verdict, explain
from controller.rules.movegen import MoveOutcome, legal_moves, play, score
from controller.rules.notation import Move, Position, start_position
from controller.rules.variants import Variant, get_variant, other_side


class _State(NamedTuple):
    """Everything that changes during a game; immutable, so undo is a stack of these."""

    phase: str
    position: Position
    throw: int | None
    moves: tuple[Move, ...]
    opening_throws: tuple[int, ...]
    opening_owed: bool
    winner: str | None
    score: int | None
    last_event: str | None


class GameState:
    """One game of `variant` from the opening throws to the end."""

    def __init__(self, variant: Variant, start: Position | None = None) -> None:
        """A new game at the opening throws, or from `start` (validated) with a throw due."""
        self.variant = variant
        self.start = start
        if start is None:
            self._state = _State(
                "opening", start_position(variant), None, (), (), False, None, None, None
            )
        else:
            start.validate(variant)
            self._state = _State("throw", start, None, (), (), False, None, None, None)
            for side in (start.side, other_side(start.side)):
                if side not in start.squares:
                    points = score(variant, start.squares, side)
                    self._state = self._state._replace(phase="over", winner=side, score=points)
        self._undo: list[_State] = []
        self._actions: list[tuple[str, int | Move | str]] = []

    # -- reading the state ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        """"opening", "throw", "move" or "over"."""
        return self._state.phase

    @property
    def position(self) -> Position:
        """The position now (during the opening: the start array, opening side to move)."""
        return self._state.position

    @property
    def throw(self) -> int | None:
        """The throw waiting to be used by a move (phase "move"), else None."""
        return self._state.throw

    @property
    def side_to_move(self) -> str | None:
        """The side that throws or moves next; None during the opening and when over."""
        return None if self.phase in ("opening", "over") else self._state.position.side

    @property
    def winner(self) -> str | None:
        return self._state.winner

    @property
    def score(self) -> int | None:
        """The winner's points (presets with a score), once the game is over."""
        return self._state.score

    @property
    def opening_throws(self) -> tuple[int, ...]:
        """The opening throws so far; even indexes are the first thrower's."""
        return self._state.opening_throws

    @property
    def opening_thrower(self) -> int | None:
        """0 if the first thrower threw the opening 1, 1 if the second did, None before."""
        throws = self._state.opening_throws
        return (len(throws) - 1) % 2 if throws and throws[-1] == 1 else None

    @property
    def last_event(self) -> str | None:
        """"pass" or "lose" when the last throw had no legal move, else None."""
        return self._state.last_event

    @property
    def actions(self) -> tuple[tuple[str, int | Move | str], ...]:
        """Every throw and move so far: ("throw", value) or ("move", Move)."""
        return tuple(self._actions)

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """Throw values with probabilities when a throw is due, else ()."""
        return self.variant.throw_outcomes() if self.phase in ("opening", "throw") else ()

    def legal_moves(self) -> list[Move]:
        """The legal moves for the waiting throw (only the opening move when it is owed)."""
        return list(self._state.moves)

    def explain(self, from_house: int, to_house: int) -> Verdict:
        """Judge FROM-TO now, including the owed opening move (RULES.md 3)."""
        state = self._state
        if state.phase != "move" or state.throw is None:
            return Verdict(
                False, "no-throw", f"no throw is waiting to be used (phase {state.phase})"
            )
        if state.opening_owed:
            opening = state.moves[0]
            if (from_house, to_house) == (opening.from_house, opening.to_house):
                return Verdict(True, "legal", f"{opening} is the opening move (RULES.md 3)")
            return Verdict(
                False,
                "opening-move",
                f"the opening move {opening} is owed: the first thrower of a 1 moves the piece "
                f"on {opening.from_house} one house (RULES.md 3)",
                (opening.from_house, opening.to_house),
            )
        return explain(self.variant, state.position, state.throw, from_house, to_house)

    # -- changing the state --------------------------------------------------------------
    def apply_throw(self, value: int) -> None:
        """Record a throw; during the opening, a 1 gives its thrower the opening side."""
        state = self._state
        if state.phase not in ("opening", "throw"):
            raise PhaseError(f"no throw is due now: the game is in phase {state.phase}")
        self.variant.check_throw(value)
        self._push(("throw", value))
        if state.phase == "opening":
            self._state = self._opening_throw(state, value)
            return
        moves = legal_moves(self.variant, state.position, value)
        if moves:
            self._state = state._replace(
                phase="move", throw=value, moves=tuple(moves), last_event=None
            )
            return
        position = state.position
        if self.variant.no_move == "lose":
            winner = other_side(position.side)
            self._state = state._replace(
                phase="over",
                winner=winner,
                score=score(self.variant, position.squares, winner),
                last_event="lose",
            )
        else:
            turned = Position(position.squares, other_side(position.side), position.flags)
            self._state = state._replace(position=turned, last_event="pass")

    def skip(self) -> None:
        """The side to throw lets its turn go by (seed 000's throw timeout: "the game will skip
        them for this round"); recorded as `{"skip": side}`, undone like a throw."""
        state = self._state
        if state.phase != "throw":
            raise PhaseError(f"only a side due to throw can be skipped, not in phase {state.phase}")
        side = state.position.side
        self._push(("skip", side))
        turned = Position(state.position.squares, other_side(side), state.position.flags)
        self._state = state._replace(position=turned, last_event="skip")

    def _opening_throw(self, state: _State, value: int) -> _State:
        throws = (*state.opening_throws, value)
        if value != 1:
            return state._replace(opening_throws=throws)
        house = 2 * self.variant.pieces
        opening = Move(house, house + 1, "forward", False)
        return state._replace(
            phase="move", throw=1, moves=(opening,), opening_throws=throws, opening_owed=True
        )

    def apply_move(self, move: Move) -> MoveOutcome:
        """Make `move` (FROM-TO) with the waiting throw; raises `IllegalMoveError` if illegal."""
        state = self._state
        if state.phase != "move" or state.throw is None:
            raise PhaseError(f"no move is due now: the game is in phase {state.phase}")
        for legal in state.moves:
            if legal == move:
                break
        else:
            raise IllegalMoveError(self.explain(move.from_house, move.to_house))
        outcome = play(self.variant, state.position, legal, state.throw)
        position = outcome.position
        if state.opening_owed and self.variant.open9:
            position = replace(position, flags=position.flags | {"open9"})
            outcome = replace(outcome, position=position)
        self._push(("move", legal))
        self._state = state._replace(
            phase="over" if outcome.winner else "throw",
            position=position,
            throw=None,
            moves=(),
            opening_owed=False,
            winner=outcome.winner,
            score=outcome.score,
            last_event=None,
        )
        return outcome

    def undo(self) -> tuple[str, int | Move | str]:
        """Take back the last throw or move; returns it. Raises `PhaseError` at the start."""
        if not self._undo:
            raise PhaseError("nothing to take back: the game has not started")
        self._state = self._undo.pop()
        return self._actions.pop()

    def _push(self, action: tuple[str, int | Move | str]) -> None:
        self._undo.append(self._state)
        self._actions.append(action)

    def copy(self) -> GameState:
        """An independent game in the same state (with the same takeback history)."""
        twin = GameState.__new__(GameState)
        twin.variant = self.variant
        twin.start = self.start
        twin._state = self._state
        twin._undo = list(self._undo)
        twin._actions = list(self._actions)
        return twin

    # -- persistence -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: variant, options, the actions, and the resulting state to check."""
        return {
            "variant": self.variant.name,
            "options": dict(self.variant.options),
            "start": self.start.notation() if self.start else None,
            "actions": [
                {kind: str(a) if kind == "move" else a} for kind, a in self._actions
            ],
            "phase": self.phase,
            "position": self.position.notation(),
            "throw": self.throw,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a game by replaying its actions; raises `RulesError` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise RulesError("a saved game is a JSON object")
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise RulesError("options must be an object of name: on/off")
        variant = get_variant(str(data.get("variant")), options)
        start = data.get("start")
        game = cls(variant, None if start is None else Position.parse(str(start), variant))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise RulesError("actions must be a list")
        for number, action in enumerate(actions, 1):
            try:
                game.apply_action(action)
            except RulesError as error:
                raise RulesError(f"action {number}: {error}") from error
        for key in ("phase", "position", "throw", "winner"):
            if key in data and data[key] != game.to_dict()[key]:
                raise RulesError(
                    f"{key} is {data[key]!r} but the actions lead to {game.to_dict()[key]!r}"
                )
        return game

    def apply_action(self, action: object) -> None:
        """Apply `{"throw": N}` or `{"move": "FROM-TO"}` (the `to_dict` form)."""
        if isinstance(action, Mapping) and set(action) == {"throw"}:
            value = action["throw"]
            if type(value) is not int:
                raise RulesError(f"a throw is a whole number, not {value!r}")
            self.apply_throw(value)
        elif isinstance(action, Mapping) and set(action) == {"move"}:
            self.apply_move(Move.parse(str(action["move"])))
        elif isinstance(action, Mapping) and set(action) == {"skip"}:
            if action["skip"] != self.side_to_move or self.phase != "throw":
                raise RulesError(f"{action['skip']!r} cannot be skipped now")
            self.skip()
        else:
            raise RulesError(
                f'an action is {{"throw": N}} or {{"move": "FROM-TO"}}, not {action!r}'
            )
