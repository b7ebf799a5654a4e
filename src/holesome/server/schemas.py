"""The HTTP API's request and response bodies (pydantic), apart from game states.

Game views, actions and records stay plain JSON here: each game defines its own, and the
server passes them through as the game wrote them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from holesome.server.clocks import ClockKind
from holesome.server.names import NAME_MAX, display_name

DisplayName = Annotated[
    str,
    Field(min_length=1, max_length=4 * NAME_MAX, description=f"A display name, up to {NAME_MAX} characters."),
    AfterValidator(display_name),
]

MAX_SEATS = 16
MAX_CLOCK_SECONDS = 7 * 24 * 3600


class Strict(BaseModel):
    """Unknown fields are an error: a typo should not be silently ignored."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """Who sits in a seat: a human (or an outside program) with a token, or a server-side bot."""

    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, description="The bot's name, for a bot seat (e.g. random).")
    lobby: bool = Field(
        default=True,
        description='In a public game: true lets anyone take this seat from the lobby ("anyone from the lobby"); '
        'false keeps it for whoever holds its invite link ("a friend by link").',
    )
    name: DisplayName | None = Field(default=None, description="The player's display name, for a human seat.")

    @model_validator(mode="after")
    def _bot_named(self) -> SeatSpec:
        if self.kind == "bot" and not self.bot:
            raise ValueError("a bot seat needs a bot name")
        if self.kind == "human" and self.bot is not None:
            raise ValueError("a human seat takes no bot name")
        if self.kind == "bot" and self.name is not None:
            raise ValueError("a bot seat is named by its kind and strength, not by a display name")
        return self


class ClockSpec(Strict):
    """The game's clock: none, `seconds` per move, or `seconds` for each seat's whole game."""

    kind: ClockKind = ClockKind.NONE
    seconds: float = Field(default=0.0, ge=0, le=MAX_CLOCK_SECONDS)

    @model_validator(mode="after")
    def _seconds_given(self) -> ClockSpec:
        if self.kind is not ClockKind.NONE and self.seconds <= 0:
            raise ValueError(f"a {self.kind.value} clock needs seconds > 0")
        return self


class CreateGame(Strict):
    """`POST /api/games`."""

    game: str = Field(description="The game's name, e.g. honey-donut.")
    players: int | None = Field(default=None, ge=1, le=MAX_SEATS, description="Player count (default: the game's).")
    options: dict[str, Any] = Field(default_factory=dict, description="The game's options; each states its bounds.")
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**63,
        description="Mixed with a server secret before it deals anything (see docs/server.md): the record shows "
        "the seed the game was dealt from once it is over.",
    )
    clock: ClockSpec = Field(default_factory=ClockSpec)
    public: bool = Field(default=False, description="List the game in the lobby for anyone to join.")


class SeatInvite(BaseModel):
    """A seat's invitation: its token (None for a bot) and the link that carries it."""

    seat: int
    kind: str
    token: str | None
    url: str | None


class CreatedGame(BaseModel):
    """The answer to `POST /api/games`: tokens are shown this once and never again."""

    id: str
    seats: list[SeatInvite]
    spectator_url: str


class SubmitAction(Strict):
    """`POST /api/games/{id}/actions`: the action as the game writes it, and optionally the step seen."""

    action: Any
    seq: int | None = Field(default=None, ge=0, description="The `seq` the client saw; a mismatch is refused.")


class Naming(Strict):
    """`POST /api/games/{id}/join` (optional) and `PUT /api/games/{id}/name`: the player's display name."""

    name: DisplayName | None = None


class Joined(BaseModel):
    """The answer to joining from the lobby: the seat and its token."""

    id: str
    seat: int
    token: str
    url: str


class LobbyGame(BaseModel):
    """An open game in the lobby."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    open_seats: list[int]
    clock: dict[str, Any]
    status: str
    seq: int = Field(description="Steps played so far.")


class Accepted(BaseModel):
    """An action was logged and applied; `seq` is the step count after it."""

    seq: int
    status: str
