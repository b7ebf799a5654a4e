"""Double Dash! for learners: the board as planes, then the dice and the turn, sized by the board.

With N = rows x cols spaces (100 on the standard board), the blocks follow one another in this
order. Spaces keep the board's own order (row 1 first), as action ids do; "mine" and "theirs"
are the observer's (a spectator sees Player 1's side), and `first` says which player that is.

| block | floats | meaning |
|---|---|---|
| `mine` | N | my piece stands here |
| `theirs` | N | an opposing piece stands here |
| `black` | N | a black space |
| `origins` | N | a piece the mover may move now (a legal play starts here) |
| `targets` | N | a legal play now ends here |
| `chosen_piece` | N | the piece chosen for the move being made |
| `moved` | N | a move of this turn ended here |
| `last_from` | N | a move of the turn before started here |
| `last_to` | N | a move of the turn before ended here |
| `phase` | 6 | one-hot: start, roll, die, piece, direction, over |
| `movers` | 2 | one-hot: whose turn it is, mine first (none before the start roll is decided) |
| `first` | 1 | I am Player 1 (Player 1's pieces start on row 1) |
| `first_turn` | 1 | this is the mover's first turn (one die) |
| `rolled` | 6 | per pip value 1-6, dice rolled this turn / 2 |
| `left` | 6 | per pip value, dice still to use / 2 |
| `lost` | 6 | per pip value, dice lost (no legal use) / 2 |
| `chosen_die` | 12 | one-hot: the die chosen, pips 1-6, then doubles 1-6 used as one move |
| `pieces` | 2 | pieces left, mine then theirs / the pieces each side starts with |
| `quiet` | 1 | turns in a row without a capture / the no-capture limit |

Left out: the start rolls (only who won them matters, and `movers` shows it), the scores and
outcome (the reward carries them) and the turn count (the game's length is bounded by
captures and the no-capture limit, both above).
"""

from __future__ import annotations

from typing import Any

from holesome.core.game import Game, View
from holesome.games.double_dash.actions import PIPS, StartRoll
from holesome.games.double_dash.board import PIECE_MARKS, Mark
from holesome.games.double_dash.rules import DoubleDash
from holesome.games.double_dash.state import Phase
from holesome.interop.encoders.layout import Layout, turned

PLAYERS = 2
PHASES = tuple(phase.value for phase in Phase)
DICE_PER_TURN = 2
"""The most dice a turn rolls; counts per pip value are divided by it."""
SPACE_PLANES = ("mine", "theirs", "black", "origins", "targets", "chosen_piece", "moved", "last_from", "last_to")


class DoubleDashEncoder:
    """Double Dash views as the layout in the module docstring."""

    low = 0.0
    high = 1.0

    def __init__(self, game: Game[Any, Any]) -> None:
        if not isinstance(game, DoubleDash):
            raise TypeError(f"the Double Dash encoder needs a Double Dash game, not {game.name}")
        self.board = game.layout
        self.start_pieces = tuple(max(1, len(starts)) for starts in game.layout.starts)
        self.squares = {name: square for square, name in enumerate(game.layout.names)}
        self.layout = Layout(
            (
                *((plane, game.layout.size) for plane in SPACE_PLANES),
                ("phase", len(PHASES)),
                ("movers", PLAYERS),
                ("first", 1),
                ("first_turn", 1),
                ("rolled", len(PIPS)),
                ("left", len(PIPS)),
                ("lost", len(PIPS)),
                ("chosen_die", 2 * len(PIPS)),
                ("pieces", PLAYERS),
                ("quiet", 1),
            )
        )
        self.size = self.layout.size

    def encode(self, view: View) -> list[float]:
        """The view as `size` floats in [0, 1]."""
        at = self.layout
        me = view["seat"] if view["seat"] is not None else 0
        vector = [0.0] * self.size
        own, other = PIECE_MARKS[me], PIECE_MARKS[1 - me]
        planes = {own: at.start("mine"), other: at.start("theirs"), Mark.BLACK.value: at.start("black")}
        for square, mark in enumerate("".join(view["board"])):
            if mark in planes:
                vector[planes[mark] + square] = 1.0
        for play in view["plays"]:
            self._mark(vector, "origins", play["from"])
            self._mark(vector, "targets", play["to"])
        if view["chosen"]["piece"] is not None:
            self._mark(vector, "chosen_piece", view["chosen"]["piece"])
        for dash in _dashes(view["current_turn"]):
            self._mark(vector, "moved", dash["to"])
        for dash in _dashes(view["last_turn"]):
            self._mark(vector, "last_from", dash["from"])
            self._mark(vector, "last_to", dash["to"])
        vector[at.start("phase") + PHASES.index(view["phase"])] = 1.0
        if view["mover"] is not None:
            vector[at.start("movers") + turned(view["mover"], me, PLAYERS)] = 1.0
        vector[at.start("first")] = float(me == 0)
        vector[at.start("first_turn")] = float(view["first_turn"])
        dice = view["dice"]
        if dice is not None:
            for block in ("rolled", "left", "lost"):
                for pips in dice[block]:
                    vector[at.start(block) + pips - 1] += 1.0 / DICE_PER_TURN
        die = view["chosen"]["die"]
        if die is not None:
            pips, _, both = die.partition("+")
            vector[at.start("chosen_die") + int(pips) - 1 + (len(PIPS) if both else 0)] = 1.0
        for seat, count in enumerate(view["pieces"]):
            vector[at.start("pieces") + turned(seat, me, PLAYERS)] = count / self.start_pieces[seat]
        vector[at.start("quiet")] = min(1.0, view["quiet_turns"] / max(1, view["no_capture_limit"]))
        return vector

    def _mark(self, vector: list[float], plane: str, space: str) -> None:
        vector[self.layout.start(plane) + self.squares[space]] = 1.0


def _dashes(turn: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A described turn's moves (none for no turn)."""
    return [] if turn is None else list(turn["dashes"])


def is_repeat(game: Game[Any, Any], outcome: Any) -> bool:
    """Whether a chance outcome only repeats the chance step: a tied start roll, rolled again."""
    return isinstance(outcome, StartRoll) and outcome.dice[0] == outcome.dice[1]


def max_game_length(game: Game[Any, Any]) -> int:
    """The most steps a game can take once tied start rolls are folded away (see `is_repeat`).

    With P1 and P2 starting pieces and no-capture limit L:

    - Turns. Every turn with a capture removes at least one piece, and the game ends when a
      side has none, so there are at most P1 + P2 - 1 capturing turns. Before each of them at
      most L - 1 turns in a row pass without a capture (the L-th ends the game in a draw), and
      after the last at most L more. So a game has at most T = (P1 + P2 - 1) x L turns: either
      P1 + P2 - 1 capturing turns (the last one wins) each after L - 1 quiet ones, or
      P1 + P2 - 2 of them and a final run of L quiet turns.
    - Steps. The start roll is one step. A first turn (one die) is a roll, a piece and a
      direction: 3 steps. A later turn is a roll and two moves; a move is a die, a piece and a
      direction, and the die is asked only while two different dice are left, so only the first
      move can take three steps: at most 1 + 3 + 2 = 6 (a double used as one move of 2x takes
      fewer).

    So at most 1 + 3 min(T, 2) + 6 max(T - 2, 0) steps: 11,395 on the standard board (ten
    pieces a side, L = 100). Each count is reached by some turn, so no smaller figure follows
    from these facts; random games run about 1,700 steps.
    """
    assert isinstance(game, DoubleDash)
    starts = game.layout.start_board()
    pieces = starts.count(PIECE_MARKS[0]) + starts.count(PIECE_MARKS[1])
    turns = (pieces - 1) * int(game.options["no_capture_limit"])
    return 1 + 3 * min(turns, 2) + 6 * max(turns - 2, 0)


__all__ = ["DoubleDashEncoder", "is_repeat", "max_game_length"]
