"""The game session: sensed boards and throws in, refereed moves, messages and LED frames out.

A pure state machine over the rules core's `GameState`: no threads, no I/O, time is passed in
(`now`, any monotonic clock in seconds), randomness comes from the `rng` given. The service
feeds it every sensed board, every throw and a periodic `tick`, journals the durable events it
returns, then sends `led_frame(now)` to the board and publishes the events and `view()`.

How a move is recognised (see `matching` for the board reading):
- the whole board is compared with the position before the move and with the position each
  legal move produces; nothing is decided while pieces are moving: a board that equals a legal
  move's result is accepted once it has stood still for `quiet_period_s` (`bear_off_quiet_s`
  when the move only takes a piece off the board, since lifting a piece to look at it looks
  the same);
- a lifted piece at once shows its legal destinations; a capture, the water or an automatic
  bear-off owes a second step, asked for by the LEDs (phase `relocate`) and waited for;
- the illegal-move rule: a board that is neither the position before the move, nor a legal
  move's result, nor a recognisable step toward one (pieces in the hand, an attacker set on
  its target, a drowned piece on 27, a piece on 30 on its way off) is called illegal only once
  it has stood still for `illegal_after_s` (longer than the quiet period: a hesitating hand or
  a piece put down one house short and corrected at once is not scolded). Then the houses
  that differ blink red with the rules core's reason until the board is back before the move,
  at a legal result or on a recognisable step again. A board showing only lifted pieces is
  never illegal: it is a hand holding pieces.
- houses whose sensor is faulty match anything, and a move that changes a faulty house is
  never accepted by itself (the confirm button accepts it).

Events (`SessionEvent.type`); durable ones must be journaled before anyone is told:
durable: `throw`, `pass`, `move`, `skip`, `takeback`, `game_over`, `idle_reset`, each with
`state` (the rules core's `GameState.to_dict()` after it) and `players` in its data;
not durable: `rethrow`, `throw_refused`, `computer_move`, `relocate`, `illegal`,
`illegal_cleared`, `board_ready`, `sensor_fault`, `takeback_refused`, `confirm_refused`.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.computer import choose_move
from controller.rules import GameState, Move, PhaseError, ThrowError, Variant, other_side
from controller.session.led_plan import Guide, led_plan
from controller.session.matching import (
    Candidate,
    Reading,
    candidate,
    differing,
    guess_move,
    read_board,
    same_board,
)
from controller.session.messages import message
from controller.session.throws import Throw, electronic_throw
from firmware_bridge.leds import LedFrame

PIECES = frozenset("WB.")
HOUSES = 30
OFF = 31
EVENT_HISTORY = 20
Players = dict[str, dict[str, str]]


@dataclass(frozen=True)
class SessionSettings:
    """Timings of the session, in seconds (0 switches a timeout off).

    `quiet_period_s`: how long a board showing a legal move must stand still to be accepted;
    `illegal_after_s`: how long a board matching nothing must stand still to be called illegal;
    `bear_off_quiet_s`: the quiet period for a move that only takes a piece off the board;
    `throw_timeout_s`: a side that does not throw in time is skipped (seed 000, "Timeout": "If
    they don't roll before the timeout occurs, the game will skip them for this round"); the
    opening has no sides yet, so it is not timed (an abandoned opening is reset when idle);
    `idle_reset_s`: a game nobody touches for this long is reset (kiosk);
    `computer_delay_s`: the computer throws its electronic sticks after this pause, so people
    see the turn change; `computer_throws`: False when a person throws real sticks for it.
    """

    quiet_period_s: float = 0.4
    illegal_after_s: float = 2.0
    bear_off_quiet_s: float = 1.5
    throw_timeout_s: float = 0.0
    idle_reset_s: float = 0.0
    computer_delay_s: float = 1.0
    computer_throws: bool = True


@dataclass(frozen=True)
class SessionEvent:
    """Something that happened: `type`, plain-data `data`, and whether it must be journaled."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    durable: bool = False

    def to_dict(self) -> dict[str, Any]:
        """`{"type", "data"}` as the live event stream carries it (the state left out)."""
        return {"type": self.type, "data": {k: v for k, v in self.data.items() if k != "state"}}


class GameSession:
    """One game on the physical board, from setting up the pieces to the celebration.

    `players` is `{"W": {"name", "kind": "human" | "computer"}, "B": {...}}`. During the
    opening the player given as `W` throws first; whoever throws the first 1 takes the opening
    side (RULES.md 3), so the two may swap sides: durable events carry `players` as they stand.
    """

    def __init__(
        self,
        variant: Variant,
        players: Mapping[str, Mapping[str, str]],
        *,
        now: float,
        rng: random.Random,
        settings: SessionSettings | None = None,
        state: GameState | None = None,
    ) -> None:
        self.variant = variant
        self.players: Players = {side: dict(players[side]) for side in ("W", "B")}
        self.rng = rng
        self.settings = settings or SessionSettings()
        self.state = state if state is not None else GameState(variant)
        self._new_players = {side: dict(p) for side, p in self.players.items()}
        self._sync = True
        self._board: str | None = None
        self._faults: frozenset[int] = frozenset()
        self._board_since = now
        self._activity = now
        self._turn_since = now
        self._throws: list[Throw] = []
        self._throw_count = 0
        self._candidates: list[Candidate[Move]] = []
        self._reading: Reading[Move] = Reading("pre", (), (), ())
        self._illegal: dict[str, Any] | None = None
        self._computer_move: Move | None = None
        self._events: deque[dict[str, Any]] = deque(maxlen=EVENT_HISTORY)
        self._message = message("waiting_board")
        self._prepare_move()

    @classmethod
    def restore(
        cls,
        variant: Variant,
        players: Mapping[str, Mapping[str, str]],
        state: GameState,
        *,
        now: float,
        rng: random.Random,
        settings: SessionSettings | None = None,
    ) -> GameSession:
        """The session of a journaled game after a restart: it first asks the players to put
        the pieces as the journal says (phase `setup` until the board matches)."""
        return cls(variant, players, now=now, rng=rng, settings=settings, state=state)

    # -- inputs ----------------------------------------------------------------------------
    def on_board(
        self, houses: str, now: float, faults: frozenset[int] = frozenset()
    ) -> list[SessionEvent]:
        """Every sensed board (30 chars W/B/.), heartbeats included; `faults` = bad sensors."""
        if len(houses) != HOUSES or not set(houses) <= PIECES:
            raise ValueError(f"a board is {HOUSES} characters W, B or ., got {houses!r}")
        events: list[SessionEvent] = []
        if (houses, faults) != (self._board, self._faults):
            if faults and faults != self._faults:
                events.append(self._event("sensor_fault", {"houses": sorted(faults)}))
            self._board, self._faults = houses, faults
            self._board_since = self._activity = now
            self._read()
        return events + self._advance(now)

    def on_throw(self, throw: Throw, now: float) -> list[SessionEvent]:
        """A throw from the camera, a person or electronic sticks, for whoever must throw.

        Refused (a `throw_refused` event, nothing changes) during setup, while a move is owed,
        and once the game is over. Raises `ValueError` for a value the preset cannot produce.
        """
        self._activity = now
        if throw.value is not None and not throw.is_rethrow:
            try:
                self.variant.check_throw(throw.value)
            except ThrowError as error:
                raise ValueError(str(error)) from error
        refusal = self._throw_refusal()
        if refusal is not None:
            return [self._say_event("throw_refused", refusal, {"value": self.state.throw})]
        if throw.is_rethrow:
            self._turn_since = now
            return [self._say_event("rethrow", "rethrow", {"reason": throw.rethrow_reason})]
        return self._apply_throw(throw, now) + self._advance(now)

    def electronic_throw(self, now: float) -> list[SessionEvent]:
        """Throw the electronic sticks (random, with the real probabilities) for the thrower."""
        return self.on_throw(electronic_throw(self.variant, self.rng, None), now)

    def tick(self, now: float) -> list[SessionEvent]:
        """Let time pass: quiet periods, the illegal-move delay, timeouts, the computer."""
        return self._advance(now)

    def takeback(self, now: float) -> list[SessionEvent]:
        """Undo the last move (and any throw after it); the LEDs guide the pieces back."""
        self._activity = now
        if not any(kind == "move" for kind, _ in self.state.actions):
            return [self._say_event("takeback_refused", "nothing_to_take_back")]
        while True:
            kind, action = self.state.undo()
            if kind == "move":
                break
            if kind == "throw" and self._throws:  # none after a restart: the journal has them
                self._throws.pop()
        self._sync = True
        self._prepare_move()
        self._read()
        self._message = message("takeback", {"move": str(action)})
        return [self._durable("takeback", {"move": str(action)}), *self._advance(now)]

    def confirm(self, now: float) -> list[SessionEvent]:
        """The confirm button: accept what the board shows now, without waiting."""
        self._activity = now
        if self._sync and self._board is not None and self._board_matches():
            return self._end_sync(now)
        reading = self._reading
        if not self._sync and self.state.phase == "move" and reading.kind == "final":
            return self._accept(reading.candidates[0], now)
        return [self._say_event("confirm_refused", "confirm_nothing")]

    # -- what it shows ---------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """setup, opening, throw, move, relocate, illegal or over (the view's `phase`)."""
        if self.state.phase == "over":
            return "over"
        if self._sync:
            return "setup"
        if self._illegal is not None:
            return "illegal"
        if self.state.phase == "move" and self._reading.kind == "relocate":
            return "relocate"
        return self.state.phase

    def view(self) -> dict[str, Any]:
        """The game keys of the brief's `game_view` (all but `game_id` and link/camera)."""
        state = self.state
        throw = None
        if state.phase == "move" and state.throw is not None:
            known = self._throws[-1] if self._throws else None
            if known is None or known.value != state.throw:  # thrown before a restart
                known = Throw(state.throw, None, "manual", None)
            throw = known.to_dict() | {"evidence_url": None}
        return {
            "variant": self.variant.name,
            "options": dict(self.variant.options),
            "players": {side: dict(p) for side, p in self.players.items()},
            "phase": self.phase,
            "position": None if state.phase == "opening" else state.position.notation(),
            "board": self._board,
            "side_to_move": state.side_to_move,
            "throw": throw,
            "legal_moves": [
                {"from": m.from_house, "to": m.to_house, "kind": m.kind, "attack": m.attack}
                for m in state.legal_moves()
            ],
            "lifted": self._lifted_view(),
            "pending": self._pending_view(),
            "illegal": dict(self._illegal) if self._illegal else None,
            "message": self._shown_message(),
            "leds": [
                {"house": house, "color": cell.hex(), "effect": cell.effect}
                for house, cell in enumerate(led_plan(self._guide()), 1)
            ],
            "events": list(self._events),
            "winner": state.winner,
            "score": state.score,
            "computer_move": (
                {"from": self._computer_move.from_house, "to": self._computer_move.to_house}
                if self._computer_move is not None
                else None
            ),
        }

    def _shown_message(self) -> dict[str, Any]:
        """A faulty sensor is said until it heals, unless an illegal move or the end speaks."""
        if self._faults and self.phase not in ("illegal", "over"):
            return message("sensor_fault", {"houses": sorted(self._faults)})
        return self._message

    def led_frame(self, now: float) -> LedFrame:
        """The full LED frame for the game as it stands at `now` (see `led_plan`); every
        pattern is steady or animated by the firmware, so frames change only with the game."""
        return led_plan(self._guide())

    # -- the board -------------------------------------------------------------------------
    def _board_matches(self) -> bool:
        assert self._board is not None
        return same_board(self._board, self.state.position.squares, self._faults)

    def _read(self) -> None:
        """Sort the board against the legal moves (only while a move is owed)."""
        if self._board is None or self._sync or self.state.phase != "move":
            self._reading = Reading("pre", (), (), ())
            return
        pre = self.state.position.squares
        self._reading = read_board(pre, self._board, self._candidates, self._faults)
        if self._illegal is not None:
            self._illegal["houses"] = list(self._reading.changed)

    def _prepare_move(self) -> None:
        """The candidates for the owed move (only the computer's choice on its turn)."""
        state = self.state
        self._computer_move = None
        self._candidates = []
        self._illegal = None
        if state.phase != "move" or state.throw is None:
            return
        moves = state.legal_moves()
        if self._player_kind(state.position.side) == "computer":
            self._computer_move = choose_move(self.variant, state, state.throw)
            moves = [self._computer_move]
        pre = state.position.squares
        for move in moves:
            outcome = state.copy().apply_move(move)
            self._candidates.append(
                candidate(
                    move,
                    pre=pre,
                    final=outcome.position.squares,
                    from_house=move.from_house,
                    to_house=move.to_house,
                    attack=move.attack,
                    relocations=outcome.relocations,
                )
            )

    # -- time ------------------------------------------------------------------------------
    def _advance(self, now: float) -> list[SessionEvent]:
        settings = self.settings
        idle = now - self._activity
        if settings.idle_reset_s and idle >= settings.idle_reset_s and self.state.actions:
            return self._idle_reset(now)
        if self._board is None:
            return []
        quiet = now - self._board_since
        if self._sync:
            if self._board_matches():
                return self._end_sync(now) if quiet >= settings.quiet_period_s else []
            if self._message["key"] in ("waiting_board", "setup", "sync"):
                wrong = list(differing(self._board, self.state.position.squares, self._faults))
                key = "sync" if self.state.actions else "setup"
                self._message = message(key, {"houses": wrong})
            return []
        phase = self.state.phase
        if phase == "move":
            return self._advance_move(now, quiet)
        if phase in ("opening", "throw"):
            self._watch_board_before_throw(quiet)
            return self._advance_throw(now)
        return []

    def _advance_move(self, now: float, quiet: float) -> list[SessionEvent]:
        reading = self._reading
        settings = self.settings
        if reading.kind == "final":
            chosen = reading.candidates[0]
            touches_fault = set(differing(chosen.final, chosen.pre)) & self._faults
            only_lifts = len(reading.lifted) == len(reading.changed)
            wait = settings.bear_off_quiet_s if only_lifts else settings.quiet_period_s
            if quiet >= wait and not touches_fault:
                return self._accept(chosen, now)
        if reading.kind == "unknown":
            if self._illegal is None and quiet >= settings.illegal_after_s:
                return [self._flag_illegal()]
            return []
        events = []
        if self._illegal is not None:
            self._illegal = None
            events.append(self._event("illegal_cleared", {}))
        if reading.kind == "relocate":
            step = reading.candidates[0].owed(self._board or "")[0]
            key = f"relocate_{step.reason}"
            params = {"piece": step.piece, "house": step.house}
            if self._message["key"] != key or self._message["params"] != params:
                events.append(self._say_event("relocate", key, params))
        else:
            self._message = self._move_message()
        return events

    def _watch_board_before_throw(self, quiet: float) -> None:
        """Pieces moved before the throw: say so once they stand still (the LEDs show where)."""
        assert self._board is not None
        wrong = list(differing(self._board, self.state.position.squares, self._faults))
        if wrong and quiet >= self.settings.illegal_after_s:
            self._message = message("board_differs", {"houses": wrong})
        elif not wrong and self._message["key"] == "board_differs":
            self._message = self._turn_message()

    def _advance_throw(self, now: float) -> list[SessionEvent]:
        thrower = self._thrower()
        if self.players[thrower]["kind"] == "computer" and self.settings.computer_throws:
            if now - self._turn_since >= self.settings.computer_delay_s:
                return self.electronic_throw(now)
            return []
        timeout = self.settings.throw_timeout_s
        if timeout and self.state.phase == "throw" and now - self._turn_since >= timeout:
            return self._skip(now)
        return []

    # -- changes of the game ---------------------------------------------------------------
    def _throw_refusal(self) -> str | None:
        if self.state.phase == "over":
            return "refused_over"
        if self._sync:
            return "refused_setup" if not self.state.actions else "refused_sync"
        if self.state.phase == "move":
            return "refused_relocate" if self.phase == "relocate" else "refused_move_owed"
        return None

    def _apply_throw(self, throw: Throw, now: float) -> list[SessionEvent]:
        state = self.state
        self._throw_count += 1
        if throw.throw_id is None:
            throw = Throw(throw.value, throw.flat, throw.source, f"t{self._throw_count}")
        assert throw.value is not None
        opening = state.phase == "opening"
        thrower = self._thrower()
        try:
            state.apply_throw(throw.value)
        except PhaseError:  # the phase was checked above; the rules core has the last word
            return [self._say_event("throw_refused", "refused_move_owed", {"value": None})]
        self._throws.append(throw)
        self._turn_since = now
        data: dict[str, Any] = {"throw": throw.to_dict(), "side": None if opening else thrower}
        if opening:
            data["player"] = self.players[thrower]["name"]
            if state.phase == "move":
                self._take_opening_side(thrower)
        events = [self._durable("throw", data)]
        self._prepare_move()
        self._read()
        if state.last_event == "pass":
            side = other_side(state.position.side)
            params = self._side_params(side) | {"value": throw.value}
            self._message = message("pass", params)
            events.append(self._durable("pass", {"side": side, "value": throw.value}))
        elif state.last_event == "lose":
            assert state.side_to_move is None
            loser = other_side(state.winner or "W")
            self._message = message("lose", self._side_params(loser) | {"value": throw.value})
            events.append(self._game_over())
        elif opening and state.phase == "opening":
            self._message = message(
                "opening_miss",
                {"player": self.players[thrower]["name"], "value": throw.value,
                 "next_player": self.players[self._thrower()]["name"]},
            )
        else:
            self._message = self._move_message()
        if self._computer_move is not None:
            move = self._computer_move
            events.append(self._event("computer_move", {"from": move.from_house,
                                                        "to": move.to_house}))
        return events

    def _take_opening_side(self, thrower: str) -> None:
        """The first to throw a 1 plays the opening side (RULES.md 3): swap seats if needed."""
        side = self.variant.opening_side
        if thrower != side:
            self.players = {"W": self.players["B"], "B": self.players["W"]}

    def _accept(self, chosen: Candidate[Move], now: float) -> list[SessionEvent]:
        state = self.state
        side = state.position.side
        outcome = state.apply_move(chosen.move)
        self._turn_since = now
        self._prepare_move()
        self._read()
        move = chosen.move
        data = {
            "move": str(move), "from": move.from_house, "to": move.to_house,
            "kind": move.kind, "attack": move.attack, "side": side,
            "relocations": [list(r) for r in outcome.relocations],
            "extra_throw": outcome.extra_throw,
        }
        self._message = message("moved", self._side_params(side) | {"move": str(move)})
        events = [self._durable("move", data)]
        if state.phase == "over":
            events.append(self._game_over())
        else:
            self._message = self._turn_message(outcome.extra_throw)
        return events

    def _game_over(self) -> SessionEvent:
        state = self.state
        winner = state.winner
        assert winner is not None
        params = self._side_params(winner)
        if state.score is not None:
            self._message = message("game_over_score", params | {"score": state.score})
        else:
            self._message = message("game_over", params)
        return self._durable("game_over", {"winner": winner, "score": state.score})

    def _skip(self, now: float) -> list[SessionEvent]:
        side = self.state.position.side
        self.state.skip()
        self._turn_since = now
        params = self._side_params(side) | {"seconds": round(self.settings.throw_timeout_s)}
        self._message = message("skipped", params)
        return [self._durable("skip", {"side": side})]

    def _idle_reset(self, now: float) -> list[SessionEvent]:
        self.state = GameState(self.variant)
        self.players = {side: dict(p) for side, p in self._new_players.items()}
        self._throws = []
        self._sync = True
        self._activity = self._turn_since = now
        self._prepare_move()
        self._read()
        self._message = message("idle_reset")
        return [self._durable("idle_reset", {})]

    def _end_sync(self, now: float) -> list[SessionEvent]:
        self._sync = False
        self._turn_since = now
        self._read()
        self._message = (
            self._move_message() if self.state.phase == "move" else self._turn_message()
        )
        return [self._event("board_ready", {})]

    def _flag_illegal(self) -> SessionEvent:
        state = self.state
        assert self._board is not None and state.throw is not None
        side = state.position.side
        houses = list(self._reading.changed)
        attempt = guess_move(state.position.squares, self._board, side)
        if self._computer_move is not None:
            rule = "computer-move"
            reason = f"The computer chose {self._computer_move}: please make that move."
        elif attempt is not None and not state.explain(*attempt).legal:
            verdict = state.explain(*attempt)
            rule, reason = verdict.rule, verdict.reason[:1].upper() + verdict.reason[1:] + "."
        else:
            rule = "no-legal-move-matches"
            reason = f"The board matches no legal move with the throw {state.throw}."
        self._illegal = {"reason": reason, "rule": rule, "houses": houses}
        self._message = message("illegal", {"reason": reason, "houses": houses})
        return self._event("illegal", dict(self._illegal))

    # -- helpers ---------------------------------------------------------------------------
    def _thrower(self) -> str:
        """The seat (`W` or `B` as players are listed) that throws or moves now."""
        state = self.state
        if state.phase == "opening":
            return "W" if len(state.opening_throws) % 2 == 0 else "B"
        return state.position.side

    def _player_kind(self, side: str) -> str:
        return self.players[side].get("kind", "human")

    def _side_params(self, side: str) -> dict[str, Any]:
        return {"side": side, "player": self.players[side].get("name", side)}

    def _turn_message(self, extra: bool = False) -> dict[str, Any]:
        state = self.state
        if state.phase == "opening":
            return message("opening_throw", {"player": self.players[self._thrower()]["name"],
                                             "side": self.variant.opening_side})
        if state.phase == "over":
            return self._message
        side = state.position.side
        if self._player_kind(side) == "computer" and self.settings.computer_throws:
            return message("computer_throws", {"side": side})
        return message("extra_throw" if extra else "throw", self._side_params(side))

    def _move_message(self) -> dict[str, Any]:
        state = self.state
        if state.phase != "move":
            return self._turn_message()
        side = state.position.side
        if self._computer_move is not None:
            move = self._computer_move
            return message("computer_move", {"side": side, "value": state.throw,
                                             "from": move.from_house, "to": move.to_house})
        lifted = self._lifted_view()
        if lifted is not None and OFF in lifted["destinations"]:
            return message("lifted_bear_off", {"house": lifted["house"]})
        if lifted is not None and self._reading.kind != "final":
            if lifted["destinations"]:
                return message("lifted", {"house": lifted["house"],
                                          "destinations": lifted["destinations"]})
            return message("lifted_no_move", {"house": lifted["house"], "value": state.throw})
        if not any(kind == "move" for kind, _ in state.actions):
            (move,) = state.legal_moves()  # the opening move (RULES.md 3)
            return message("opening_won", self._side_params(side) | {
                "from": move.from_house, "to": move.to_house})
        return message("move", self._side_params(side) | {"value": state.throw})

    def _lifted_view(self) -> dict[str, Any] | None:
        state = self.state
        if self._sync or state.phase != "move" or self._board is None:
            return None
        pre = state.position.squares
        side = state.position.side
        own = [h for h in self._reading.lifted if pre[h - 1] == side]
        if not own:
            return None
        house = own[0]
        moves = [c for c in self._candidates if c.from_house == house]
        return {
            "house": house,
            "destinations": [c.to_house for c in moves],
            "attacks": [c.to_house for c in moves if c.attack],
        }

    def _pending_view(self) -> dict[str, Any] | None:
        if self.phase != "relocate" or self._board is None:
            return None
        step = self._reading.candidates[0].owed(self._board)[0]
        return {"house": step.house, "piece": step.piece, "reason": step.reason}

    def _guide(self) -> Guide:
        phase = self.phase
        state = self.state
        expected = state.position.squares
        lifted = self._lifted_view()
        pending = None
        if phase == "relocate" and self._board is not None:
            step = self._reading.candidates[0].owed(self._board)[0]
            pending = (step.piece, step.from_house, step.to_house)
        computer = None
        if self._computer_move is not None and self._reading.kind in ("pre", "lifted"):
            move = self._computer_move
            computer = (move.from_house, move.to_house, move.attack)
        destinations = [h for h in (lifted or {}).get("destinations", []) if h <= HOUSES]
        return Guide(
            phase=phase,
            board=self._board,
            expected=expected,
            faults=self._faults,
            side=state.side_to_move,
            movable=tuple(sorted({m.from_house for m in state.legal_moves()})),
            lifted=(lifted["house"],) if lifted else (),
            destinations=tuple(destinations),
            attacks=tuple(lifted["attacks"]) if lifted else (),
            bear_off=lifted is not None and any(h > HOUSES for h in lifted["destinations"]),
            computer_move=computer,
            pending=pending,
            illegal=tuple(self._illegal["houses"]) if self._illegal else (),
        )

    def _event(self, kind: str, data: dict[str, Any]) -> SessionEvent:
        event = SessionEvent(kind, data)
        self._events.append(event.to_dict())
        return event

    def _say_event(
        self, kind: str, key: str, params: dict[str, Any] | None = None
    ) -> SessionEvent:
        self._message = message(key, params)
        return self._event(kind, {"message": self._message})

    def _durable(self, kind: str, data: dict[str, Any]) -> SessionEvent:
        full = dict(data)
        full["players"] = {side: dict(p) for side, p in self.players.items()}
        full["state"] = self.state.to_dict()
        event = SessionEvent(kind, full, durable=True)
        self._events.append(event.to_dict())
        return event
