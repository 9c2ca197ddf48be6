"""Reading the physical board against legal moves: the steps hands make, in any order."""

from __future__ import annotations

from controller.rules import Move, Position, get_variant, legal_moves
from controller.rules.movegen import play
from controller.session.matching import Candidate, candidate, guess_move, read_board


def board(pieces: dict[int, str]) -> str:
    return "".join(pieces.get(house, ".") for house in range(1, 31))


def candidates(variant_name: str, squares: str, side: str, throw: int,
               options: dict[str, str] | None = None) -> list[Candidate[Move]]:
    variant = get_variant(variant_name, options)
    position = Position(squares, side)
    found = []
    for move in legal_moves(variant, position, throw):
        outcome = play(variant, position, move, throw)
        found.append(candidate(move, pre=squares, final=outcome.position.squares,
                               from_house=move.from_house, to_house=move.to_house,
                               attack=move.attack, relocations=outcome.relocations))
    return found


# W on 5 may take the lone B on 7 with a 2 (swap: B goes to 5); W on 1 may go to 3.
PRE = board({1: "W", 5: "W", 7: "B", 12: "B"})
AFTER_SWAP = board({1: "W", 5: "B", 7: "W", 12: "B"})


def kinds(boards: list[str], pre: str = PRE, found: list[Candidate[Move]] | None = None,
          ) -> list[str]:
    found = found if found is not None else candidates("kendall", PRE, "W", 2)
    return [read_board(pre, b, found).kind for b in boards]


def test_swap_capture_attacker_lifted_first_then_set_on_its_target() -> None:
    steps = [
        board({1: "W", 7: "B", 12: "B"}),            # attacker in the hand
        board({1: "W", 7: "W", 12: "B"}),            # set on 7 over B (W magnet on top)
        board({1: "W", 7: "W", 12: "B"}),            # B pulled out from under it
        AFTER_SWAP,                                  # B put where the attacker was
    ]
    assert kinds(steps) == ["progress", "relocate", "relocate", "final"]


def test_swap_capture_attacked_piece_lifted_first() -> None:
    steps = [
        board({1: "W", 5: "W", 12: "B"}),            # B lifted first
        board({1: "W", 12: "B"}),                    # both in the hands
        board({1: "W", 5: "B", 12: "B"}),            # B put on 5 before W lands
        AFTER_SWAP,
    ]
    assert kinds(steps) == ["progress", "progress", "progress", "final"]


def test_stacked_pieces_that_cancel_on_the_sensor_are_a_step_not_an_error() -> None:
    stacked = board({1: "W", 12: "B"})  # W set on B: the magnets cancel, house 7 reads empty
    assert kinds([stacked]) == ["progress"]


def test_relocate_says_which_piece_goes_where() -> None:
    found = candidates("kendall", PRE, "W", 2)
    reading = read_board(PRE, board({1: "W", 7: "W", 12: "B"}), found)
    assert reading.kind == "relocate"
    (step,) = reading.candidates[0].owed(board({1: "W", 7: "W", 12: "B"}))
    assert (step.piece, step.house, step.reason) == ("B", 5, "capture")


def test_harsh_capture_sends_the_piece_to_the_first_empty_house() -> None:
    pre = board({1: "W", 2: "B", 5: "W", 7: "B", 12: "B"})
    found = candidates("kr-engineering", pre, "W", 2, {"harsh_captures": "on"})
    mid = board({1: "W", 2: "B", 7: "W", 12: "B"})
    reading = read_board(pre, mid, found)
    assert reading.kind == "relocate"
    (step,) = reading.candidates[0].owed(mid)
    assert (step.piece, step.house) == ("B", 3)
    assert read_board(pre, board({1: "W", 2: "B", 3: "B", 7: "W", 12: "B"}), found).kind == "final"


def test_water_landing_asks_for_the_piece_to_go_on() -> None:
    pre = board({3: "W", 25: "W", 12: "B", 14: "B"})
    found = candidates("jequier", pre, "W", 2)
    on_water = board({3: "W", 27: "W", 12: "B", 14: "B"})
    reading = read_board(pre, on_water, found)
    assert reading.kind == "relocate"
    (step,) = reading.candidates[0].owed(on_water)
    assert (step.from_house, step.house, step.reason) == (27, 1, "water")
    assert read_board(pre, board({1: "W", 3: "W", 12: "B", 14: "B"}), found).kind == "final"


def test_lifting_and_putting_back_is_no_move() -> None:
    lifted = board({5: "W", 7: "B", 12: "B"})
    assert kinds([lifted, PRE]) == ["progress", "pre"]


def test_a_piece_without_a_legal_move_held_in_the_hand_is_lifted_not_illegal() -> None:
    assert kinds([board({1: "W", 5: "W", 7: "B"})]) == ["lifted"]


def test_a_piece_on_a_house_no_move_reaches_is_unknown() -> None:
    assert kinds([board({1: "W", 6: "W", 7: "B", 12: "B"})]) == ["unknown"]


def test_an_extra_piece_from_outside_the_board_is_unknown() -> None:
    assert kinds([board({1: "W", 5: "W", 7: "W", 12: "B"})]) == ["unknown"]


def test_faulty_house_matches_anything_but_a_changed_house_elsewhere_does_not() -> None:
    found = candidates("kendall", PRE, "W", 2)
    flickered = board({1: "W", 5: "W", 12: "B"})
    assert read_board(PRE, flickered, found, frozenset({7})).kind == "pre"


def test_guess_move_names_the_attempt() -> None:
    assert guess_move(PRE, board({1: "W", 6: "W", 7: "B", 12: "B"}), "W") == (5, 6)
    assert guess_move(PRE, board({1: "W", 7: "B", 12: "B"}), "W") == (5, 31)
    assert guess_move(PRE, board({7: "B", 12: "B"}), "W") is None
