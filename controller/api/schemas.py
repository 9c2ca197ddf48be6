"""What goes in and what comes out of the API, as pydantic models.

Inputs (`...In`) are strict: unknown fields are refused, ranges are checked, so a bad request
gets a 422 naming the field. Outputs (`...Out`) describe the service's dicts for the OpenAPI
schema; they allow extra keys, so a service that adds a field does not break the API.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from controller.rules import Variant

House = Annotated[int, Field(ge=1, le=30, description="a house of the board, 1-30")]
Side = Literal["W", "B"]


class StrictIn(BaseModel):
    """Base of request bodies: unknown fields are an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


class Out(BaseModel):
    """Base of response bodies: fields the service adds later pass through."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# ---- errors -------------------------------------------------------------------------------


class ErrorOut(BaseModel):
    """Every refused request: one sentence saying what is wrong."""

    detail: str = Field(examples=["house 31 is not on the board (1-30)"])


class FieldErrorOut(BaseModel):
    loc: str = Field(description="where the bad value is, e.g. `body.house`")
    msg: str


class ValidationErrorOut(BaseModel):
    """A request whose shape or values are wrong (422); `errors` lists the fields at fault when
    the request does not fit the schema."""

    detail: str
    errors: list[FieldErrorOut] = []


# ---- game view ----------------------------------------------------------------------------


class PlayerIn(StrictIn):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    kind: Literal["human", "computer"] = "human"


class PlayerOut(Out):
    name: str
    kind: Literal["human", "computer"]


class ThrowOut(Out):
    id: str | int | None = None
    value: int | None = None
    flat: int | None = None
    source: str
    evidence_url: str | None = None


class MoveOut(Out):
    from_house: int = Field(alias="from")
    to: int
    kind: str
    attack: bool


class LiftedOut(Out):
    house: int
    destinations: list[int]
    attacks: list[int]


class PendingOut(Out):
    house: int | None = None
    piece: str | None = None
    reason: str


class IllegalOut(Out):
    reason: str
    rule: str | None = None
    houses: list[int]


class MessageOut(Out):
    key: str
    params: dict[str, Any] = {}
    text: str


class LedOut(Out):
    house: int
    color: str = Field(description="`#rrggbb`")
    effect: Literal["off", "steady", "blink", "pulse"]


class EventOut(Out):
    type: str
    data: dict[str, Any] = {}


class ComputerMoveOut(Out):
    from_house: int = Field(alias="from")
    to: int


class GameViewOut(Out):
    """The game as the kiosk shows it (also the payload of `game` events on the WebSocket)."""

    game_id: str | None
    variant: str
    options: dict[str, Any]
    players: dict[str, PlayerOut]
    phase: Literal["setup", "opening", "throw", "move", "relocate", "illegal", "over"]
    position: str | None = Field(description="RULES.md 9 notation: `SQUARES SIDE [FLAGS]`")
    board: str | None = Field(description="the physical board as sensed, 30 of W, B or .")
    side_to_move: Side | None
    throw: ThrowOut | None
    legal_moves: list[MoveOut]
    lifted: LiftedOut | None
    pending: PendingOut | None
    illegal: IllegalOut | None
    message: MessageOut
    leds: list[LedOut]
    events: list[EventOut]
    winner: Side | None
    score: int | None
    computer_move: ComputerMoveOut | None


# ---- requests that change the game --------------------------------------------------------


class NewGameIn(StrictIn):
    variant: str | None = Field(None, description="preset name; the configured one when left out")
    options: dict[str, str] = Field(default_factory=dict, description="preset options by name")
    players: dict[Side, PlayerIn] | None = Field(
        None, description="`W` and `B`; two humans when left out"
    )


class EitherIn(StrictIn):
    """A body that takes exactly one of two fields, named by `either`."""

    either: ClassVar[tuple[str, str]]

    @model_validator(mode="after")
    def exactly_one(self) -> Self:
        first, second = self.either
        if (getattr(self, first) is None) == (getattr(self, second) is None):
            raise ValueError(f"give either `{first}` or `{second}`, not both or neither")
        return self


class ThrowIn(EitherIn):
    """A throw entered by hand: either the move value or the number of flat faces up."""

    either = ("value", "flat")
    value: Annotated[int, Field(ge=1, le=6, description="the move value")] | None = None
    flat: Annotated[int, Field(ge=0, le=4, description="sticks showing the flat face")] | None = (
        None
    )


class SimBoardIn(StrictIn):
    action: Literal["lift", "place"]
    house: House
    piece: Side | None = Field(None, description="the piece to place (`place` only)")

    @model_validator(mode="after")
    def piece_for_place(self) -> SimBoardIn:
        if self.action == "place" and self.piece is None:
            raise ValueError("`place` needs `piece`: W or B")
        return self


class SimThrowIn(EitherIn):
    either = ("flat", "scene")
    flat: Annotated[int, Field(ge=0, le=4)] | None = None
    scene: Annotated[str, Field(min_length=1, max_length=40)] | None = Field(
        None, description="a bad scene of the synthetic camera instead of a throw"
    )


class RefereeCheckIn(StrictIn):
    variant: str
    options: dict[str, str] = Field(default_factory=dict)
    position: str = Field(description="`SQUARES SIDE [FLAGS]`", max_length=80)
    throw: Annotated[int, Field(ge=1, le=6)]
    move: str = Field(description="`FROM-TO`, e.g. `10-12` (31 = borne off)", max_length=10)


class VerdictOut(BaseModel):
    legal: bool
    rule: str = Field(description="a stable key of the rule that decides, e.g. `blockade`")
    reason: str = Field(description="a sentence a referee can read out, citing RULES.md")
    houses: list[int] = Field(description="the houses the reason is about")


# ---- read-only resources ------------------------------------------------------------------


class KioskOut(BaseModel):
    """What the kiosk page may offer without a token."""

    can_start_games: bool
    sim: bool


class PartOut(Out):
    """A part of the product (board link, camera, GPIO): its state and why it is degraded."""

    state: str
    reason: str | None = None


class CameraOut(PartOut):
    """The camera, as any part, and what its stick calibration warns of."""

    warning: str | None = Field(
        default=None,
        description="the calibration found the faces clipped white: lower the exposure",
    )


class GameSummaryLineOut(Out):
    game_id: str | None = None
    variant: str | None = None
    phase: str | None = None
    side_to_move: Side | None = None
    winner: Side | None = None
    score: int | None = None


class StatusOut(Out):
    """Is everything up: version, uptime, board link, camera, the game in one line."""

    version: str
    uptime_s: float
    sim: bool
    board: PartOut
    camera: CameraOut
    gpio: PartOut
    manual_throws: bool = Field(description="throws must be entered by hand (no camera)")
    degraded: bool
    game: GameSummaryLineOut
    kiosk: KioskOut


class OptionOut(BaseModel):
    name: str
    default: bool
    text: str = Field(description="the option's rule text, citing its source")


class VariantOut(BaseModel):
    name: str
    seed: str = Field(description="the source document the preset follows")
    description: str
    rules: list[str] = Field(description="the preset's rule text, one sentence per item")
    options: list[OptionOut]
    chosen_options: dict[str, str]
    parameters: Variant = Field(description="every parameter of RULES.md 7, options applied")


class GameSummaryOut(Out):
    game_id: str
    variant: str
    options: dict[str, Any] = {}
    players: dict[str, Any] = {}
    started: Any = None
    updated: Any = None
    phase: str | None = None
    winner: Side | None = None
    score: int | None = None


class RecordEntryOut(Out):
    """One line of a JSON Lines game record: the header, a `throw` or a `move`."""


class SettingsOut(Out):
    """The settings new games use: `{"game": {variant, options, names, computer, ...}}`."""

    game: dict[str, Any]


class SettingsIn(StrictIn):
    """Settings to change, as in the configuration file's `[game]` table."""

    game: dict[str, Any] = Field(
        examples=[{"variant": "jequier", "light_name": "Nefertari"}],
        description="keys of the `[game]` section; the service refuses unknown keys and bad values",
    )


class SimInfoOut(BaseModel):
    enabled: bool
    scenes: list[str] = Field(description="the bad scenes `POST /api/sim/throw` can show")


class LegendEntryOut(BaseModel):
    key: str = Field(description="translation key")
    color: str = Field(description="`#rrggbb`")
    effect: Literal["off", "steady", "blink", "pulse"]
    text: str = Field(description="what it means, in English")
