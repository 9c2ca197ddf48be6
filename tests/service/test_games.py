"""Whole games through the real pipeline: virtual board firmware behind a pty, `BoardLink`,
the session, the journal, with a scripted person making human mistakes at the board."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from senet_player import ScriptedPlayer, StartService, near_end, wait_view

from controller.journal import Action, Journal, Step
from controller.rules import PRESETS, GameState, get_variant

PLAYERS = {"W": {"name": "Ana", "kind": "human"}, "B": {"name": "Ben", "kind": "human"}}


def journal_game(path: Path, game_id: str, state: GameState, computer: str | None = None) -> None:
    """Put a game in the journal as if the service had played it up to `state`."""
    players = {side: dict(player) for side, player in PLAYERS.items()}
    if computer is not None:
        players[computer] = {"name": "Computer", "kind": "computer"}
    journal = Journal(path)
    journal.create_game(
        game_id, state.variant.name, dict(state.variant.options), players,
        GameState(state.variant).to_dict(), "opening",
    )
    actions = [
        Action("throw", value=value) if kind == "throw" else Action("move", move=value)
        for action in state.to_dict()["actions"]
        for kind, value in action.items()
    ]
    journal.commit(game_id, Step(actions=actions, state=state.to_dict(), phase=state.phase))
    journal.close()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_near_end_game_is_played_to_its_end_for_every_preset(
    tmp_path: Path, start_service: StartService, preset: str
) -> None:
    rng = random.Random(preset)
    variant = get_variant(preset)
    state = near_end(variant, rng)
    journal_game(tmp_path / "journal.sqlite3", "near-end", state)
    service = start_service(camera="synthetic", variant=preset)
    wait_view(service, lambda v: v["phase"] in ("throw", "move"), what="the resumed game")
    view = service.game_view()
    assert view["game_id"] == "near-end"
    assert view["position"] == state.position.notation()
    board = service.sim_rig.board
    board.flicker(0.03)
    player = ScriptedPlayer(service, rng, noise=0.4, luck=0.8, camera_throws=1)
    final = player.play(max_turns=80)
    board.flicker(0.0)
    assert final["winner"] in ("W", "B")
    assert player.moves_made >= 1
    sources = {e["data"]["throw"]["source"] for e in service.game_view()["events"]
               if e["type"] == "throw"} | {t["source"] for t in Journal(
                   tmp_path / "journal.sqlite3").throws("near-end")}
    assert "camera" in sources
    game = Journal(tmp_path / "journal.sqlite3").latest_game()
    assert game is not None and game.game_id == "near-end"
    assert (game.phase, game.winner) == ("over", final["winner"])
    replayed = GameState.from_dict(game.state or {})
    assert replayed.winner == final["winner"]
    assert replayed.position.notation() == final["position"]


def test_a_person_moves_the_computers_pieces_as_the_leds_show(
    tmp_path: Path, start_service: StartService
) -> None:
    rng = random.Random("computer")
    variant = get_variant("kendall")
    state = near_end(variant, rng)
    journal_game(tmp_path / "journal.sqlite3", "against-computer", state, computer="B")
    service = start_service(camera="none", variant="kendall")
    player = ScriptedPlayer(service, rng, noise=0.3, luck=0.8)
    final = player.play(max_turns=60)
    assert final["winner"] in ("W", "B")
    computer_moves = [e for e in final["events"] if e["type"] == "computer_move"]
    record = service.game_record("against-computer")
    moved_by_b = [(e["from"], e["to"]) for e in record if e["type"] == "move" and e["side"] == "B"]
    assert computer_moves, "the computer moved in the game's last events"
    assert all((c["data"]["from"], c["data"]["to"]) in moved_by_b for c in computer_moves)


def test_an_illegal_move_is_shown_until_the_piece_is_put_back(
    start_service: StartService,
) -> None:
    service = start_service(camera="none", variant="kendall")
    wait_view(service, lambda v: v["phase"] == "opening", what="the opening")
    service.throw(value=1)
    board = service.sim_rig.board
    board.lift(10)
    board.place(13, "B")  # the opening move is 10-11
    view = wait_view(service, lambda v: v["phase"] == "illegal", timeout=6, what="illegal")
    assert view["illegal"]["houses"] == [10, 13]
    assert "opening move" in view["illegal"]["reason"]
    assert board.wait_leds(
        lambda leds: leds[12].color == (255, 0, 0) and leds[12].effect == "blink", timeout=3
    )
    time.sleep(0.5)
    assert service.game_view()["position"] == view["position"], "never accepted"
    board.lift(13)
    board.place(11, "B")
    view = wait_view(service, lambda v: v["phase"] == "throw", what="the legal move")
    assert view["position"] == "WBWBWBWBW.B................... B"
