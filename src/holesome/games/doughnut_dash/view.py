"""What a seat may know of a Doughnut Dash state, as JSON, and its prompt in words.

Public: the floor, doughnuts and thieves, every stack, direction cards in hand and played,
revealed directions, who has committed, Sugar Rush hand sizes, the deck size and the discard
pile, this round's and last round's thief paths and events. Private: a seat's own Sugar Rush
cards, its own secret choice, and which cards it drew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holesome.core.ask import NOTHING, Ask
from holesome.core.ask import ask as ask_
from holesome.core.game import CHANCE, Seat, View, score_ending
from holesome.games.doughnut_dash.board import Layout
from holesome.games.doughnut_dash.components import Card, Direction, Doughnut
from holesome.games.doughnut_dash.movement import Path
from holesome.games.doughnut_dash.notation import THIEF_WORDS
from holesome.games.doughnut_dash.scoring import MAX_STACK, doughnut_points, points
from holesome.games.doughnut_dash.state import (
    Action,
    Choose,
    Commit,
    DashState,
    Draw,
    Event,
    Give,
    Go,
    Halt,
    Happening,
    Pass,
    Phase,
    Play,
    Player,
    Ready,
    Rob,
    Sidestep,
    Spin,
    Trail,
)

if TYPE_CHECKING:
    from holesome.games.doughnut_dash.rules import DoughnutDash


def build(game: DoughnutDash, state: DashState, seat: Seat | None) -> View:
    """The view of `seat` (None: a spectator)."""
    layout = game.layout
    names, width = layout.names, layout.width
    floor = game.floor(state)
    outcome = game.outcome(state)
    turn = state.turn
    return {
        "game": game.name,
        "seat": seat,
        "players": game.players,
        "to_act": list(game.to_act(state)),
        "prompt": "" if seat is None else ask(game, state, seat).text(),
        "phase": str(state.phase),
        "round": state.round,
        "first_player": state.first,
        "mover": None if turn is None else turn.seat,
        "board": {
            "height": layout.height,
            "width": layout.width,
            "tile_rows": layout.rows,
            "tile_cols": layout.cols,
            "tiles": [
                {"position": position, "id": tile, "turns": turns, "squares": list(layout.tile_squares[position])}
                for position, (tile, turns) in enumerate(zip(state.tiles, state.turns, strict=True))
            ],
            "squares": [
                {
                    "square": square,
                    "name": names[square],
                    "row": square // width,
                    "col": square % width,
                    "feature": floor.features[square],
                    "partner": floor.partner[square],
                    "doughnut": None if doughnut is None else str(doughnut),
                }
                for square, doughnut in enumerate(state.doughnuts)
            ],
        },
        "thieves": [
            {"seat": owner, "thief": thief, "square": square, "name": names[square]}
            for owner, player in enumerate(state.players)
            for thief, square in enumerate(player.thieves)
        ],
        "seats": [_seat(owner, player, seat) for owner, player in enumerate(state.players)],
        "deck_size": len(state.deck),
        "discards": [str(card) for card in state.discards],
        "draws_due": list(state.draws),
        "ending": state.ending,
        "max_stack": MAX_STACK[game.players],
        "ketchup_left": state.doughnuts.count(Doughnut.KETCHUP),
        "turn": None if turn is None else _turn(game, state),
        "trails": [_trail(trail) for trail in state.trails],
        "last_trails": [_trail(trail) for trail in state.last_trails],
        "events": [_event(event, seat) for event in state.events],
        "score": None if seat is None else game.score(state, seat),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def _seat(owner: Seat, player: Player, seat: Seat | None) -> dict[str, Any]:
    mine = owner == seat
    commit = player.commit
    return {
        "seat": owner,
        "stack": [str(doughnut) for doughnut in player.stack],
        "doughnut_points": doughnut_points(player.stack),
        "hand": [str(direction) for direction in player.hand],
        "played": [str(direction) for direction in player.played],
        "revealed": None if player.revealed is None else str(player.revealed),
        "choosing": commit is not None,
        "committed": commit is not None and commit.is_done,
        "sugar_rush_count": len(player.sugar),
        "sugar_rush": [str(card) for card in player.sugar] if mine else None,
        "choice": _commit(commit) if mine and commit is not None else None,
        "points": points(player.stack, player.sugar) if mine else None,
    }


def _commit(commit: Commit) -> dict[str, Any]:
    return {
        "second_wind": commit.second_wind,
        "last_word": commit.last_word,
        "direction": None if commit.direction is None else str(commit.direction),
    }


def _turn(game: DoughnutDash, state: DashState) -> dict[str, Any]:
    turn = state.turn
    assert turn is not None
    return {
        "seat": turn.seat,
        "about_turn": turn.about_turn,
        "hold_still": turn.hold_still,
        "moved": list(turn.moved),
        "thief": turn.thief,
        "leap": turn.leap,
        "sidestep": None if turn.sidestep is None else str(turn.sidestep),
        "path": None if turn.path is None else _path(turn.path),
        "loop": [] if turn.path is None else list(turn.path.loop),
        "victims": list(turn.victims),
        "victim": turn.victim,
        "tied": list(turn.tied),
    }


def _path(path: Path) -> dict[str, Any]:
    return {
        "start": path.start,
        "heading": str(path.heading),
        "squares": list(path.squares),
        "hops": [str(hop) for hop in path.hops],
        "stop": str(path.stop),
        "loop": list(path.loop),
    }


def _trail(trail: Trail) -> dict[str, Any]:
    return {"seat": trail.seat, "thief": trail.thief, "end": trail.end, **_path(trail.path)}


def _event(event: Event, seat: Seat | None) -> dict[str, Any]:
    hidden = event.kind is Happening.DRAW and event.seat != seat
    return {
        "kind": str(event.kind),
        "seat": event.seat,
        "other": event.other,
        "card": None if hidden or event.card is None else str(event.card),
        "doughnut": None if event.doughnut is None else str(event.doughnut),
        "direction": None if event.direction is None else str(event.direction),
        "square": event.square,
    }


DIRECTION_WORDS = {Direction.N: "North", Direction.E: "East", Direction.S: "South", Direction.W: "West"}


def ask(game: DoughnutDash, state: DashState, seat: Seat) -> Ask:
    """What `seat` is asked to do now, in words; the notation is the hint."""
    if seat == CHANCE or seat not in game.to_act(state):
        return NOTHING
    phase, turn = state.phase, state.turn
    if phase is Phase.CHOOSE:
        return ask_(
            "Choose a direction card in secret (or play Second Wind or Last Word)", hint="n, e, s or w; wind; last"
        )
    if phase is Phase.LAST_WORD:
        return ask_("Last Word: choose your direction now that the others have revealed", hint="n, e, s or w")
    assert turn is not None
    if phase is Phase.TURN:
        return ask_(
            "Your turn: ready a thief to move (first or second), or play a Sugar Rush card",
            hint="first or second; a card's word",
        )
    if phase is Phase.THIEF:
        assert turn.thief is not None
        return ask_(
            f"Send your {THIEF_WORDS[turn.thief]} thief off, or play Leap or Sidestep on it",
            hint="go or teleport; leap; left or right",
        )
    if phase is Phase.LOOP:
        return ask_(
            "Your thief is in an endless loop: choose a square of the loop to stop in", hint="stop and a square"
        )
    if phase is Phase.STEAL:
        return ask_("Choose whom to steal from next", hint="rob and the seat, e.g. rob 2")
    if phase is Phase.GUARD:
        return ask_("", turn.seat, " is stealing from you: play Guard to cancel it, or pass", hint="guard or pass")
    return ask_(
        "Blueberry Violet: choose which opponent with the fewest doughnuts draws a Sugar Rush card",
        hint="give and the seat, e.g. give 2",
    )


def card_name(card: Card) -> str:
    """A Sugar Rush card as printed: `Second Wind`."""
    return str(card).replace("-", " ").title()


def action_words(action: Action, layout: Layout) -> Ask:
    """An action in plain words, with card names, squares and seats as references."""
    match action:
        case Choose(direction):
            return ask_(f"{DIRECTION_WORDS[direction]} card")
        case Play(card):
            return ask_(f"play {card_name(card)}")
        case Sidestep(side):
            return ask_(f"Sidestep to the {side}")
        case Spin(tile, clockwise):
            corner = layout.name(layout.tile_squares[tile][0])
            return ask_(f"Spin the tile at {corner} {'clockwise' if clockwise else 'anticlockwise'}")
        case Ready(thief):
            return ask_(f"ready your {THIEF_WORDS[thief]} thief")
        case Go(teleport):
            return ask_("use the teleport" if teleport else "go")
        case Halt(square):
            return ask_(f"stop on {layout.name(square)}")
        case Rob(victim):
            return ask_("steal from ", victim)
        case Give(other):
            return ask_("", other, " draws")
        case Pass():
            return ask_("pass")
        case Draw(card):
            return ask_(f"draw {card_name(card)}")
    raise TypeError(f"not a doughnut-dash action: {action!r}")


def ending(game: DoughnutDash, state: DashState) -> Ask:
    """The winner's points, and the Ketchup tie-break when points tied."""
    outcome = game.outcome(state)
    if outcome is None:
        return NOTHING
    text = score_ending(outcome)
    best = max(outcome.scores)
    tied = [seat for seat, score in enumerate(outcome.scores) if score == best]
    if len(tied) < 2:
        return text
    ketchup = outcome.details["ketchup"]
    if len(outcome.winners) == 1:
        winner = outcome.winners[0]
        return Ask((*text.parts, ". Tied on points, ", winner, f" won with the most Ketchup ({ketchup[winner]})"))
    return Ask((*text.parts, f". Tied on points and on Ketchup ({ketchup[outcome.winners[0]]}): the win is shared"))
