"""The session phase by phase: setup, opening, throws, moves, second steps, illegal moves,
takeback, timeouts, the computer's turn, faulty sensors and the end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from controller.rules import GameState, Move, MoveOutcome, legal_moves
from controller.rules.movegen import play
from controller.session import SessionSettings, Throw
from controller.session.led_plan import (
    ATTACK,
    BEAR_OFF,
    CELEBRATION,
    COMPUTER_FROM,
    COMPUTER_TO,
    DESTINATION,
    FAULT,
    FROM,
    ILLEGAL,
    MOVABLE,
    PLACE_DARK,
    PLACE_LIGHT,
    REMOVE,
    TO_THROW_DARK,
)
from firmware_bridge.leds import LedCell
from tests.session.conftest import SETTINGS, Table, move_where, reach

START = "WBWBWBWBWB...................."
AFTER_OPENING = "WBWBWBWBW.B..................."


def open_kendall(table: Table) -> None:
    """Set up, Ann misses, Bob throws the 1 and makes the opening move 10-11."""
    table.set_up()
    table.throw(3)
    table.throw(1)
    table.make(next(iter(table.session.state.legal_moves())))
    table.settle()


def cell(table: Table, house: int) -> LedCell:
    return table.session.led_frame(table.now)[house - 1]


def last(table: Table, kind: str) -> dict[str, Any]:
    return [e for e in table.events if e.type == kind][-1].data


def table_at(
    variant: str, test: Callable[[GameState, Move], bool], options: dict[str, str] | None = None
) -> tuple[Table, GameState, Move]:
    """A table resumed at a random game's position where a move passing `test` is legal."""
    game = reach(variant, lambda g: g.phase == "move" and move_where(
        g, lambda m: test(g, m)) is not None, options)
    move = move_where(game, lambda m: test(game, m))
    assert move is not None
    table = Table(variant, options)
    table.resume(game)
    return table, game, move


def result(game: GameState, move: Move) -> MoveOutcome:
    assert game.throw is not None
    return play(game.variant, game.position, move, game.throw)


# -- setup -------------------------------------------------------------------------------
def test_setup_lights_the_houses_missing_a_piece_or_holding_the_wrong_one(table: Table) -> None:
    assert table.session.phase == "setup"
    table.show("B" + "." * 29)
    assert cell(table, 1) == REMOVE.cell  # a dark piece where a light one belongs
    assert cell(table, 2) == PLACE_DARK.cell
    assert cell(table, 3) == PLACE_LIGHT.cell
    assert cell(table, 11).effect == "off"
    message = table.session.view()["message"]
    assert message["key"] == "setup" and message["params"]["houses"] == list(range(1, 11))
    refused = table.throw(3)
    assert [e.type for e in refused] == ["throw_refused"]
    assert refused[0].data["message"]["key"] == "refused_setup"
    table.set_up()
    assert "board_ready" in table.types()
    assert table.session.phase == "opening"
    assert table.session.view()["message"]["key"] == "opening_throw"


# -- the opening -------------------------------------------------------------------------
def test_opening_throws_alternate_until_a_one_and_its_thrower_owes_the_opening_move(
    table: Table,
) -> None:
    table.set_up()
    table.throw(2)
    view = table.session.view()
    assert view["message"]["params"] == {"player": "Ann", "value": 2, "next_player": "Bob"}
    assert view["phase"] == "opening" and view["position"] is None
    table.throw(1)
    view = table.session.view()
    assert view["players"]["B"]["name"] == "Bob"  # kendall's opening side is B (RULES.md 7)
    assert view["message"]["text"] == (
        "Bob threw a 1, plays the dark pieces and moves the piece on house 10 to house 11."
    )
    assert view["phase"] == "move" and view["side_to_move"] == "B"
    assert view["legal_moves"] == [{"from": 10, "to": 11, "kind": "forward", "attack": False}]
    assert cell(table, 10) == MOVABLE.cell
    table.make(next(iter(table.session.state.legal_moves())))
    table.settle()
    assert table.moves() == ["10-11"]
    assert table.session.view()["message"]["key"] == "extra_throw"  # a 1 throws again
    assert table.session.view()["position"] == AFTER_OPENING + " B"


def test_the_first_thrower_of_a_one_takes_the_opening_side_whatever_side_they_were_listed() -> None:
    table = Table("kr-engineering")  # the opening side is the Jackals, W (seed 000)
    table.set_up()
    table.throw(4)
    table.throw(1)  # Bob, listed as B, throws the 1 and becomes the Jackals
    players = table.session.view()["players"]
    assert players["W"]["name"] == "Bob" and players["B"]["name"] == "Ann"
    throw = [e for e in table.events if e.type == "throw"][-1]
    assert throw.durable and throw.data["players"]["W"]["name"] == "Bob"


def test_the_house_9_opening_move_is_owed_in_open9_presets() -> None:
    table = Table("intuitive")
    table.set_up()
    table.throw(1)  # Ann takes the dark pieces and moves 10-11; a 1 throws again
    table.make(next(iter(table.session.state.legal_moves())))
    table.settle()
    table.throw(2)
    table.make(next(m for m in table.session.state.legal_moves() if m.from_house == 11))
    table.settle()
    table.throw(3)
    assert [str(m) for m in table.session.state.legal_moves()] == ["9-12"]
    table.lift(7)
    table.put(10, "W")
    table.wait(SETTINGS.illegal_after_s + 0.2)
    assert table.session.view()["illegal"]["rule"] == "open9"
    table.lift(10)
    table.put(7, "W")
    table.wait(0.2)
    assert table.session.phase == "move"
    table.slide(9, 12)
    table.settle()
    assert table.moves()[-1] == "9-12"


# -- throws ------------------------------------------------------------------------------
def test_pieces_moved_before_the_throw_are_shown_and_named(table: Table) -> None:
    open_kendall(table)
    table.slide(11, 12)
    table.wait(SETTINGS.illegal_after_s + 0.1)
    view = table.session.view()
    assert view["phase"] == "throw" and view["message"]["key"] == "board_differs"
    assert view["message"]["params"]["houses"] == [11, 12]
    assert cell(table, 11) == PLACE_DARK.cell and cell(table, 12) == REMOVE.cell
    table.slide(12, 11)
    table.wait(0.1)
    assert table.session.view()["message"]["key"] == "throw"


def test_a_throw_while_a_move_is_owed_is_refused_and_changes_nothing(table: Table) -> None:
    table.set_up()
    table.throw(1)
    before = table.session.state.to_dict()
    refused = table.throw(3)
    assert [e.type for e in refused] == ["throw_refused"]
    assert refused[0].data["message"]["key"] == "refused_move_owed"
    assert "owed" in table.session.view()["message"]["text"]
    assert table.session.state.to_dict() == before


def test_a_rethrow_reading_asks_for_a_new_throw(table: Table) -> None:
    table.set_up()
    events = table.session.on_throw(
        Throw(None, source="camera", rethrow_reason="a stick is on its edge"), table.now
    )
    assert [e.type for e in events] == ["rethrow"]
    assert "a stick is on its edge" in table.session.view()["message"]["text"]
    assert table.session.state.opening_throws == ()


def test_electronic_sticks_throw_for_the_side_to_throw(table: Table) -> None:
    table.set_up()
    events = table.session.electronic_throw(table.now)
    assert events[0].type == "throw" and events[0].durable
    assert events[0].data["throw"]["source"] == "electronic"
    assert table.session.state.opening_throws == (events[0].data["throw"]["value"],)


# -- moves -------------------------------------------------------------------------------
def test_a_lifted_piece_shows_its_destination_and_a_move_needs_the_quiet_period(
    table: Table,
) -> None:
    open_kendall(table)
    table.throw(2)  # B: 8-10 or 11-13
    assert {cell(table, 8), cell(table, 11)} == {MOVABLE.cell}
    table.lift(11)
    assert cell(table, 11) == FROM.cell and cell(table, 13) == DESTINATION.cell
    assert table.session.view()["lifted"] == {"house": 11, "destinations": [13], "attacks": []}
    table.put(13, "B")
    table.wait(SETTINGS.quiet_period_s - 0.2)
    assert table.moves() == ["10-11"]
    table.wait(0.3)
    assert table.moves() == ["10-11", "11-13"]
    move = [e for e in table.events if e.type == "move"][-1]
    assert move.durable and move.data["state"]["position"].startswith("WBWBWBWBW...B")


def test_a_piece_passing_over_its_destination_without_stopping_is_no_move(table: Table) -> None:
    open_kendall(table)
    table.throw(2)
    table.lift(11)
    table.put(13, "B")  # on its destination for a moment...
    table.wait(0.2)
    table.lift(13)
    table.put(14, "B")  # ...and on, one house too far
    table.wait(1.0)
    assert table.moves() == ["10-11"] and table.session.phase == "move"
    table.wait(SETTINGS.illegal_after_s)
    assert table.session.phase == "illegal"


def test_an_illegal_move_is_shown_with_the_reason_until_the_board_is_put_back(
    table: Table,
) -> None:
    open_kendall(table)
    table.throw(2)
    table.lift(11)
    table.put(12, "B")
    table.wait(SETTINGS.illegal_after_s - 0.5)
    assert table.session.phase == "move"  # a hand may still be correcting it
    table.wait(0.7)
    view = table.session.view()
    assert view["phase"] == "illegal"
    assert view["illegal"]["houses"] == [11, 12]
    assert view["illegal"]["rule"] != "legal" and view["illegal"]["reason"]
    assert view["message"]["key"] == "illegal"
    assert cell(table, 11) == ILLEGAL.cell and cell(table, 12) == ILLEGAL.cell
    table.wait(10)
    assert table.session.phase == "illegal" and table.moves() == ["10-11"]
    table.lift(12)
    table.put(11, "B")
    assert table.session.phase == "move"
    assert "illegal_cleared" in table.types()
    table.slide(11, 13)
    table.settle()
    assert table.moves() == ["10-11", "11-13"]


def test_an_illegal_move_corrected_straight_to_a_legal_one_is_accepted(table: Table) -> None:
    open_kendall(table)
    table.throw(2)
    table.lift(11)
    table.put(12, "B")
    table.wait(SETTINGS.illegal_after_s + 0.1)
    assert table.session.phase == "illegal"
    table.lift(12)
    table.put(13, "B")
    table.settle()
    assert table.moves() == ["10-11", "11-13"]


def test_a_capture_asks_for_the_attacked_piece_and_waits_for_it() -> None:
    table, _, move = table_at("kendall", lambda g, m: m.attack and m.to_house != 27)
    attacked = table.board[move.to_house - 1]
    piece = table.lift(move.from_house)
    assert cell(table, move.to_house) == ATTACK.cell
    assert table.session.view()["lifted"]["attacks"] == [move.to_house]
    table.put(move.to_house, piece)
    table.wait(5)
    view = table.session.view()
    assert view["phase"] == "relocate"
    assert view["pending"] == {"house": move.from_house, "piece": attacked, "reason": "capture"}
    assert view["message"]["key"] == "relocate_capture"
    assert cell(table, move.from_house) == (PLACE_LIGHT if attacked == "W" else PLACE_DARK).cell
    assert table.throw(3)[0].data["message"]["key"] == "refused_relocate"
    assert table.moves() == []
    table.put(move.from_house, attacked)
    table.settle()
    assert table.moves() == [str(move)]


def test_a_harsh_capture_sends_the_attacked_piece_to_the_start() -> None:
    options = {"harsh_captures": "on"}
    table, game, move = table_at(
        "kr-engineering", lambda g, m: m.attack and m.to_house != 27, options
    )
    outcome = result(game, move)
    table.put(move.to_house, table.lift(move.from_house))
    table.wait(1)
    pending = table.session.view()["pending"]
    house = pending["house"]
    assert house == outcome.relocations[0][2] and pending["reason"] == "capture"
    assert "." not in outcome.position.squares[: house - 1]  # the first empty house from 1
    table.follow_pending(outcome.position.squares)
    table.settle()
    assert table.moves() == [str(move)]


def test_a_piece_landing_in_the_water_is_moved_on_when_the_leds_ask() -> None:
    table, game, move = table_at("kendall", lambda g, m: m.to_house == 27)
    target = result(game, move).relocations[-1][2]
    table.put(27, table.lift(move.from_house))
    table.wait(1)
    view = table.session.view()
    assert view["pending"] == {"house": target, "piece": table.board[26], "reason": "water"}
    assert cell(table, 27) == FROM.cell
    table.put(target, table.lift(27))
    table.settle()
    assert table.moves() == [str(move)]


def test_bearing_off_needs_the_piece_kept_off_longer_than_a_look() -> None:
    table, _, move = table_at("kendall", lambda g, m: m.to_house == 31)
    piece = table.lift(move.from_house)
    assert cell(table, move.from_house) == BEAR_OFF.cell
    assert table.session.view()["message"]["key"] == "lifted_bear_off"
    table.wait(SETTINGS.bear_off_quiet_s - 0.3)
    table.put(move.from_house, piece)
    table.wait(2)
    assert table.moves() == []
    table.lift(move.from_house)
    table.settle()
    assert table.moves() == [str(move)]


def test_a_piece_borne_off_from_30_automatically_is_asked_off_the_board() -> None:
    table, _, move = table_at(
        "kr-engineering", lambda g, m: any(r[2] == 31 for r in result(g, m).relocations)
    )
    table.slide(move.from_house, move.to_house)
    table.wait(1)
    view = table.session.view()
    if view["pending"]["reason"] == "capture":  # the move also captured: put that piece first
        table.put(view["pending"]["house"], view["pending"]["piece"])
        table.wait(1)
        view = table.session.view()
    assert view["pending"]["reason"] == "bear_off" and view["pending"]["house"] == 30
    assert cell(table, 30) == REMOVE.cell
    table.lift(30)
    table.settle()
    assert table.moves() == [str(move)]


# -- passes, the end ----------------------------------------------------------------------
def _blocked(game: GameState) -> int | None:
    """A throw value with no legal move for the side to throw, if there is one."""
    if game.phase != "throw":
        return None
    return next((t for t in game.variant.throw_values
                 if not legal_moves(game.variant, game.position, t)), None)


def test_a_throw_without_a_legal_move_is_announced_as_a_pass() -> None:
    game = reach("intuitive", lambda g: _blocked(g) is not None)
    value = _blocked(game)
    assert value is not None
    side = game.side_to_move
    table = Table("intuitive")
    table.resume(game)
    table.throw(value)
    passed = last(table, "pass")
    assert passed["side"] == side and passed["state"]["phase"] == "throw"
    assert table.session.view()["message"]["key"] == "pass"
    assert table.session.view()["side_to_move"] != side


def test_a_throw_without_a_legal_move_loses_in_kendall() -> None:
    game = reach("kendall", lambda g: _blocked(g) is not None)
    value = _blocked(game)
    assert value is not None
    table = Table("kendall")
    table.resume(game)
    table.throw(value)
    over = last(table, "game_over")
    assert over["winner"] != game.side_to_move
    assert table.session.phase == "over"
    assert table.session.view()["message"]["key"] in ("game_over", "game_over_score")


def test_the_winning_move_ends_the_game_with_the_score_and_a_celebration() -> None:
    table, game, move = table_at("kendall", lambda g, m: result(g, m).winner is not None)
    table.make(move)
    table.settle()
    view = table.session.view()
    assert view["phase"] == "over" and view["winner"] == game.side_to_move
    assert view["score"] is not None and view["message"]["key"] == "game_over_score"
    assert str(view["score"]) in view["message"]["text"]
    frame = table.session.led_frame(table.now)
    assert set(frame) == {CELEBRATION.cell}
    assert table.throw(2)[0].data["message"]["key"] == "refused_over"


# -- takeback ----------------------------------------------------------------------------
def test_takeback_undoes_the_last_move_and_guides_the_pieces_back(table: Table) -> None:
    assert table.session.takeback(table.now)[0].type == "takeback_refused"
    open_kendall(table)
    table.throw(2)
    table.slide(11, 13)
    table.settle()
    table.throw(3)  # W's throw after the move is taken back with it
    events = table.session.takeback(table.now)
    assert events[0].type == "takeback" and events[0].durable
    assert events[0].data["move"] == "11-13"
    view = table.session.view()
    assert view["phase"] == "setup" and view["message"]["key"] == "takeback"
    assert cell(table, 13) == REMOVE.cell and cell(table, 11) == PLACE_DARK.cell
    assert table.throw(2)[0].data["message"]["key"] == "refused_sync"
    table.slide(13, 11)
    table.wait(0.5)
    view = table.session.view()
    assert view["phase"] == "move" and view["throw"]["value"] == 2
    assert table.moves() == ["10-11", "11-13"]  # the board at the old position is no new move
    table.slide(8, 10)
    table.settle()
    assert table.moves() == ["10-11", "11-13", "8-10"]


# -- time --------------------------------------------------------------------------------
def test_a_side_that_does_not_throw_in_time_is_skipped() -> None:
    table = Table(settings=replace(SETTINGS, throw_timeout_s=30))
    table.set_up()
    table.wait(60)
    assert "skip" not in table.types()  # the opening has no sides yet: nobody is skipped
    table.throw(1)
    table.make(next(iter(table.session.state.legal_moves())))
    table.settle()
    assert table.session.state.side_to_move == "B"
    assert cell(table, 2) == TO_THROW_DARK.cell
    table.wait(25)
    assert "skip" not in table.types()
    table.wait(6)
    skip = last(table, "skip")
    assert skip["side"] == "B" and skip["state"]["actions"][-1] == {"skip": "B"}
    assert table.session.state.side_to_move == "W"
    assert table.session.view()["message"]["key"] == "skipped"
    assert GameState.from_dict(skip["state"]).side_to_move == "W"


def test_an_abandoned_game_is_reset_after_the_idle_time() -> None:
    table = Table(settings=replace(SETTINGS, idle_reset_s=300))
    table.set_up()
    table.wait(400)
    assert "idle_reset" not in table.types()  # nothing to reset before the first throw
    table.throw(2)
    table.wait(299)
    assert "idle_reset" not in table.types()
    table.wait(2)
    reset = [e for e in table.events if e.type == "idle_reset"]
    assert len(reset) == 1 and reset[0].durable
    assert table.session.state.actions == ()
    assert table.types()[-1] == "board_ready"  # the pieces still stand at the start
    assert table.session.phase == "opening"


# -- the computer --------------------------------------------------------------------------
COMPUTER_B = {"W": {"name": "Ann", "kind": "human"}, "B": {"name": "Pi", "kind": "computer"}}


def test_the_computer_throws_its_electronic_sticks_after_a_pause() -> None:
    table = Table(players=COMPUTER_B)
    table.set_up()
    table.throw(2)  # Ann misses; the computer throws next
    table.wait(0.5)
    assert table.session.state.opening_throws == (2,)
    table.wait(0.7)
    throws = [e for e in table.events if e.type == "throw"]
    assert len(throws) == 2 and throws[-1].data["throw"]["source"] == "electronic"


def test_the_computer_move_is_shown_and_only_that_move_is_accepted() -> None:
    settings = replace(SETTINGS, computer_throws=False)  # a person throws the sticks for it
    table = Table(players=COMPUTER_B, settings=settings)
    open_kendall(table)  # the computer (B, second thrower) threw the 1 and moved 10-11
    table.throw(2)  # its extra throw: 8-10 or 11-13
    chosen = table.session.view()["computer_move"]
    assert chosen is not None and last(table, "computer_move") == chosen
    assert cell(table, chosen["from"]) == COMPUTER_FROM.cell
    assert cell(table, chosen["to"]) == COMPUTER_TO.cell
    assert table.session.view()["message"]["key"] == "computer_move"
    other = next(m for m in table.session.state.legal_moves()
                 if m.from_house != chosen["from"])
    table.slide(other.from_house, other.to_house)
    table.wait(SETTINGS.illegal_after_s + 0.2)
    assert table.session.view()["illegal"]["rule"] == "computer-move"
    table.slide(other.to_house, other.from_house)
    table.slide(chosen["from"], chosen["to"])
    table.settle()
    assert table.moves()[-1] == f"{chosen['from']}-{chosen['to']}"


# -- faulty sensors ------------------------------------------------------------------------
def test_a_faulty_sensor_is_named_and_never_makes_a_move_by_itself(table: Table) -> None:
    table.set_up()
    table.throw(1)  # Bob owes 10-11
    faults = frozenset({11})
    table.show(START[:9] + "." * 21, faults=faults)  # 10 lifted; 11's sensor is dead
    assert last(table, "sensor_fault") == {"houses": [11]}
    assert cell(table, 11) == FAULT.cell
    view = table.session.view()
    assert view["message"]["key"] == "sensor_fault" and "11" in view["message"]["text"]
    table.wait(5)
    assert table.moves() == [] and table.session.phase == "move"
    events = table.session.confirm(table.now)
    assert next(e.type for e in events) == "move"
    assert table.session.state.position.squares == AFTER_OPENING


def test_confirm_with_nothing_to_accept_says_so(table: Table) -> None:
    table.set_up()
    table.throw(1)
    events = table.session.confirm(table.now)
    assert events[0].type == "confirm_refused"


def test_restore_asks_for_the_journaled_position_first() -> None:
    game = reach("jequier", lambda g: g.phase == "move" and sum(
        kind == "move" for kind, _ in g.actions) > 10)
    table = Table("jequier")
    table.session = table.session.restore(
        table.variant, table.session.players, GameState.from_dict(game.to_dict()),
        now=table.now, rng=table.session.rng, settings=SessionSettings(),
    )
    table.show(START)
    view = table.session.view()
    assert view["phase"] == "setup" and view["position"] == game.position.notation()
    table.show(game.position.squares)
    table.wait(0.5)
    view = table.session.view()
    assert view["phase"] == "move" and view["throw"]["value"] == game.throw
    events = table.session.takeback(table.now)  # history from before the restart
    assert events[0].type == "takeback" and table.session.phase == "setup"
