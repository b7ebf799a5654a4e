"""What a seat may know of a Doughnut Dash state, as JSON, and its prompt in words.

Public: the floor, doughnuts and thieves, every stack, direction cards in hand and played,
revealed directions, who has committed, Sugar Rush hand sizes, the deck size and the discard
pile, this round's and last round's thief paths and events. Private: a seat's own Sugar Rush
cards, its own secret choice, and which cards it drew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holesome.core.game import CHANCE, Seat, View
from holesome.games.doughnut_dash.components import Doughnut
from holesome.games.doughnut_dash.movement import Path
from holesome.games.doughnut_dash.notation import THIEF_WORDS
from holesome.games.doughnut_dash.scoring import MAX_STACK, doughnut_points, points
from holesome.games.doughnut_dash.state import Commit, DashState, Event, Happening, Phase, Player, Trail

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
        "prompt": "" if seat is None else prompt(game, state, seat),
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


def prompt(game: DoughnutDash, state: DashState, seat: Seat) -> str:
    """What `seat` is asked to do now, in words."""
    if seat == CHANCE or seat not in game.to_act(state):
        return ""
    phase, turn = state.phase, state.turn
    if phase is Phase.CHOOSE:
        return "Choose a direction card in secret (or play Second Wind or Last Word)"
    if phase is Phase.LAST_WORD:
        return "Last Word: choose your direction now that the others have revealed"
    assert turn is not None
    if phase is Phase.TURN:
        return "Your turn: ready a thief to move (first or second), or play a Sugar Rush card"
    if phase is Phase.THIEF:
        assert turn.thief is not None
        return f"Send your {THIEF_WORDS[turn.thief]} thief off (go), or play Leap or Sidestep on it"
    if phase is Phase.LOOP:
        return "Your thief is in an endless loop: choose a square of the loop to stop in"
    if phase is Phase.STEAL:
        return "Choose whom to steal from next"
    if phase is Phase.GUARD:
        return f"Seat {turn.seat} is stealing from you: play Guard to cancel it, or pass"
    return "Blueberry Violet: choose which opponent with the fewest doughnuts draws a Sugar Rush card"
