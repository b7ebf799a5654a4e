"""Honey Donut (Masahiro Nakajima, 2011): the rules of `../shared/rules/honey-donut.md`.

| players | 2 (seat 0 Red, moves first; seat 1 Blue) |
| actions | `Move(line, dir)`: 18 lines x 2 directions = 36 ids; JSON `{"line": L, "dir": D}` |
| chance | none; hidden information: none (`determinize` is the identity) |
| ends | a King pushed out (win); no legal move (loss); `simple` option: draw at `max_plies` |
| options | `repetition`: `strict` (default) or `simple`; `max_plies` (default 300, `simple` only) |

A state carries its own legal moves and the boards they lead to, computed once when the state
is made: every driver asks for them next, and the `strict` repetition rule needs each child
board anyway. They are derived, so they take no part in equality or JSON.
"""

from __future__ import annotations

import random
from collections.abc import Container
from dataclasses import dataclass, field

from holesome.core.ask import NOTHING, Ask, ask
from holesome.core.codec import DERIVED
from holesome.core.errors import InvalidAction
from holesome.core.frozen import builder
from holesome.core.game import Game, Json, Option, Outcome, Seat, View
from holesome.games.honey_donut.board import (
    CELLS,
    LETTERS,
    MOVES,
    OWN_SHIFTS,
    STARTING_BOARD,
    Board,
    LineShift,
    Move,
    Piece,
    board_from_text,
    board_to_text,
    from_text,
    move_cells,
    to_text,
)

RED, BLUE = 0, 1
COLOURS = ("red", "blue")
MAX_PLIES = 2000
"""The longest game the option `max_plies` may ask for (the default is 300)."""
_OWN = ((int(Piece.RED), int(Piece.RED_KING)), (int(Piece.BLUE), int(Piece.BLUE_KING)))
_KING = (int(Piece.RED_KING), int(Piece.BLUE_KING))
_EMPTY = int(Piece.EMPTY)
_KINGS = ((_KING[RED], _KING[BLUE]), (_KING[BLUE], _KING[RED]))
"""Per mover: its own King, then the opponent's."""
_SEATS = ((RED,), (BLUE,))
"""What `to_act` answers, by the seat to move."""
_PIECE_NAMES = {
    Piece.EMPTY: None,
    Piece.WHITE: "white",
    Piece.RED: "red",
    Piece.RED_KING: "red king",
    Piece.BLUE: "blue",
    Piece.BLUE_KING: "blue king",
}


@dataclass(frozen=True, slots=True)
class HoneyState:
    """A Honey Donut position and what the repetition rules need to remember."""

    board: Board
    mover: Seat
    """The seat to move (or that would move, once the game is over)."""
    ply: int
    last: Move | None
    """The move that made this position, for views and the `simple` rule."""
    previous: Board | None
    """The board before the last move: the `simple` rule forbids moving straight back to it."""
    seen: tuple[frozenset[Board], frozenset[Board]]
    """`strict` rule: boards that occurred with Red, and with Blue, to move."""
    winner: Seat | None
    """Set when a King was pushed out."""
    moves: tuple[Move, ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)
    children: tuple[Board, ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)


_state = builder(HoneyState)
"""Builds a `HoneyState` at a plain class's speed (see `core.frozen`): one per ply of every playout."""


class HoneyDonut(Game[HoneyState, Move]):
    """Two players push lines of a holed hex board; push out the other King to win."""

    name = "honey-donut"
    title = "Honey Donut"
    blurb = (
        "Two players push lines of donuts around a hexagonal tray with a hole in its middle. A pushed line "
        "turns like a ring: the donut shoved off one end comes back at the other. Push the other King off the"
        " board to win. No luck, no secrets: pure strategy."
    )
    version = 1
    player_counts = (2,)
    default_players = 2
    perfect_information = True
    option_specs = (
        Option(
            "repetition",
            "strict",
            "strict: no position may recur with the same side to move; simple: no moving the line straight back",
            choices=("strict", "simple"),
            label="Repeated positions",
        ),
        Option(
            "max_plies",
            300,
            f"under simple repetition, the game is a draw after this many plies, 1 to {MAX_PLIES}",
            kind=int,
            minimum=1,
            maximum=MAX_PLIES,
            label="Moves before a draw",
        ),
    )
    state_type = HoneyState
    action_type = Move

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self._strict = self.options["repetition"] == "strict"
        self._max_plies: int | None = None if self._strict else int(self.options["max_plies"])

    # Rules.

    def start(self, seed: int) -> HoneyState:
        seen = (frozenset({STARTING_BOARD}), frozenset[Board]())
        return self._position(STARTING_BOARD, RED, 0, None, None, seen, None)

    def to_act(self, state: HoneyState) -> tuple[Seat, ...]:
        return _SEATS[state.mover] if state.moves else ()

    def legal_actions(self, state: HoneyState, seat: Seat) -> tuple[Move, ...]:
        return state.moves if seat == state.mover else ()

    def is_legal(self, state: HoneyState, seat: Seat, action: Move) -> bool:
        return seat == state.mover and action in state.moves

    def apply(self, state: HoneyState, seat: Seat, action: Move) -> HoneyState:
        """`Game.apply`, with the move looked up once: its place on the menu is both the
        legality test and where its board is found."""
        if seat == state.mover:
            try:
                index = state.moves.index(action)
            except ValueError:
                pass
            else:
                return self._play(state, seat, action, state.children[index])
        return super().apply(state, seat, action)

    def _apply(self, state: HoneyState, seat: Seat, action: Move) -> HoneyState:
        return self._play(state, seat, action, state.children[state.moves.index(action)])

    def _play(self, state: HoneyState, seat: Seat, action: Move, board: Board) -> HoneyState:
        """The position after `seat` plays `action`, which makes `board`."""
        opponent = 1 - seat  # Honey Donut is strictly two-player
        won = _KING[opponent] not in board
        seen = state.seen
        if self._strict and not won:
            seen = (seen[0] | {board}, seen[1]) if opponent == RED else (seen[0], seen[1] | {board})
        return self._position(board, opponent, state.ply + 1, action, state.board, seen, seat if won else None)

    def outcome(self, state: HoneyState) -> Outcome | None:
        if state.winner is not None:
            return _win(state.winner)
        if self._is_drawn(state):
            return Outcome((0.5, 0.5), (RED, BLUE))
        if not state.moves:
            return _win(1 - state.mover)
        return None

    def determinize(self, state: HoneyState, seat: Seat, rng: random.Random) -> HoneyState:
        return state  # perfect information: nothing to resample

    def playout(self, state: HoneyState, rng: random.Random, max_steps: int = 10_000) -> tuple[float, ...]:
        """Random play to the end on bare boards: the search bots' rollout, several times faster.

        Each ply draws a uniformly random legal move with `random_move`, as the generic
        playout does from `legal_actions`, but without building states or full move lists.
        """
        if not state.moves:
            outcome = self.outcome(state)
            assert outcome is not None
            return outcome.values
        board, mover, previous, ply = state.board, state.mover, state.previous, state.ply
        seen = (set(state.seen[0]), set(state.seen[1])) if self._strict else None
        for _ in range(max_steps):
            if self._max_plies is not None and ply >= self._max_plies:
                break
            drawn = random_move(board, mover, (previous,) if seen is None else seen[1 - mover], rng)
            if drawn is None:
                return _win(1 - mover).values
            _, child = drawn
            if _KING[1 - mover] not in child:
                return _win(mover).values
            if seen is not None:
                seen[1 - mover].add(child)
            board, previous, mover, ply = child, board, 1 - mover, ply + 1
        return (0.5, 0.5)

    def prompt(self, state: HoneyState, seat: Seat) -> str:
        return self.ask(state, seat).text()

    def ask(self, state: HoneyState, seat: Seat) -> Ask:
        if seat not in self.to_act(state):
            return NOTHING
        return ask(
            f"{COLOURS[seat].capitalize()} to move: push a line holding one of your pieces",
            hint="two cell letters, from and toward, e.g. ab",
        )

    def action_words(self, action: Move) -> Ask:
        cells = move_cells(action)
        return ask(f"push from cell {LETTERS[cells[0]]} toward {LETTERS[cells[1]]}")

    def ending(self, state: HoneyState) -> Ask:
        """The King pushed out, the move nobody had, or the draw after `max_plies`."""
        if self.outcome(state) is None:
            return NOTHING
        if state.winner is not None:
            loser = 1 - state.winner
            return ask(
                f"{COLOURS[state.winner].capitalize()} (",
                state.winner,
                f") won: {COLOURS[loser].capitalize()}'s King (",
                loser,
                ") was pushed off the board",
            )
        if self._is_drawn(state):
            return ask(f"A draw: {state.ply} moves were played without a King pushed off (the max_plies limit)")
        loser = state.mover
        return ask(
            f"{COLOURS[1 - loser].capitalize()} (",
            1 - loser,
            f") won: {COLOURS[loser].capitalize()} (",
            loser,
            ") had no legal move left",
        )

    @property
    def action_space(self) -> tuple[Move, ...]:
        return MOVES

    # Conversions.

    def action_to_text(self, action: Move) -> str:
        return to_text(action)

    def parse_action(self, state: HoneyState, seat: Seat, text: str) -> Move:
        move = from_text(text.strip().lower())
        if move is not None and self.is_legal(state, seat, move):
            return move
        return super().parse_action(state, seat, text)

    def to_text(self, state: HoneyState) -> str:
        """A position as text: the board's 18 symbols, a space, and `r` or `b` to move."""
        return f"{board_to_text(state.board)} {COLOURS[state.mover][0]}"

    def from_text(self, text: str) -> HoneyState:
        """A fresh position from `to_text` form (its history holds only itself).

        Raises `InvalidAction` unless each side has two pieces and one King (or has lost it).
        """
        board_text, _, side = text.strip().partition(" ")
        try:
            board = board_from_text(board_text)
        except ValueError as error:
            raise InvalidAction(f"{self.name}: {error}") from None
        if side not in ("r", "b"):
            raise InvalidAction(f"{self.name}: say who moves with r or b after the board, got {side!r}")
        for regular, king in _OWN:
            if board.count(regular) != 2 or board.count(king) > 1:
                raise InvalidAction(f"{self.name}: each side has two pieces and one King: {board_text!r}")
        mover = "rb".index(side)
        kings_out = [seat for seat in (RED, BLUE) if _KING[seat] not in board]
        if len(kings_out) > 1 or board.count(_EMPTY) != len(kings_out):
            raise InvalidAction(f"{self.name}: only a King pushed out leaves a cell empty: {board_text!r}")
        winner = 1 - kings_out[0] if kings_out else None
        seen = (frozenset({board}), frozenset[Board]()) if mover == RED else (frozenset[Board](), frozenset({board}))
        return self._position(board, mover, 0, None, None, seen, winner)

    def state_from_json(self, data: Json) -> HoneyState:
        state = super().state_from_json(data)
        return self._position(state.board, state.mover, state.ply, state.last, state.previous, state.seen, state.winner)

    def view(self, state: HoneyState, seat: Seat | None) -> View:
        outcome = self.outcome(state)
        last = state.last
        return {
            "game": self.name,
            "seat": seat,
            "colour": None if seat is None else COLOURS[seat],
            "ply": state.ply,
            "mover": COLOURS[state.mover],
            "to_act": list(self.to_act(state)),
            "prompt": "" if seat is None else self.prompt(state, seat),
            "repetition": self.options["repetition"],
            "cells": [
                {"cell": LETTERS[index], "q": q, "r": r, "piece": _PIECE_NAMES[Piece(state.board[index])]}
                for index, (q, r) in enumerate(CELLS)
            ],
            "last": None
            if last is None
            else {
                "line": last.line,
                "dir": last.dir,
                "notation": to_text(last),
                "cells": [LETTERS[cell] for cell in move_cells(last)],
            },
            "outcome": None if outcome is None else outcome.to_json(),
        }

    # Helpers.

    def _is_drawn(self, state: HoneyState) -> bool:
        return self._max_plies is not None and state.ply >= self._max_plies and state.winner is None

    def _position(
        self,
        board: Board,
        mover: Seat,
        ply: int,
        last: Move | None,
        previous: Board | None,
        seen: tuple[frozenset[Board], frozenset[Board]],
        winner: Seat | None,
    ) -> HoneyState:
        """A state with its legal moves; none once a King is out or the ply limit is reached."""
        if winner is not None or (self._max_plies is not None and ply >= self._max_plies):
            return _state(board, mover, ply, last, previous, seen, winner)
        # Under `simple` one board is barred: a one-item tuple compares it without hashing the child.
        forbidden = seen[1 - mover] if self._strict else (previous,)
        moves, children = _generate(board, mover, forbidden)
        return _state(board, mover, ply, last, previous, seen, winner, moves, children)


def random_move(
    board: Board, mover: Seat, forbidden: Container[Board | None], rng: random.Random
) -> tuple[Move, Board] | None:
    """A uniformly random legal move of `mover` and the board it makes; None if there is none.

    Candidates are tried in random order until one is legal, which draws every legal move with
    equal chance while usually testing only one or two.
    """
    candidates = list(_candidates(board, mover))
    their_king = _KINGS[mover][1]
    while candidates:
        index = int(rng.random() * len(candidates))
        shift = candidates[index]
        candidates[index] = candidates[-1]
        candidates.pop()
        child = _child(board, shift, their_king, forbidden)
        if child is not None:
            return shift[0], child
    return None


def _generate(
    board: Board, mover: Seat, forbidden: Container[Board | None]
) -> tuple[tuple[Move, ...], tuple[Board, ...]]:
    """The legal moves of `mover` and the board each one makes, in `MOVES` order.

    `forbidden` holds the boards the repetition rule bars (with the opponent to move). The
    candidates never push the mover's own King out (`OWN_SHIFTS` leaves those out), so what is
    left to test is a push of the other King (always legal), a pass and a repeat; `_child`'s
    tests written out in the loop, which every state of every game runs.
    """
    their_king = _KINGS[mover][1]
    moves: list[Move] = []
    children: list[Board] = []
    for move, permute, pushed_from, refilled in _candidates(board, mover):
        child = permute(board)
        if board[pushed_from] == their_king:
            child = (*child[:refilled], _EMPTY, *child[refilled + 1 :])
        elif child == board or child in forbidden:
            continue
        moves.append(move)
        children.append(child)
    return tuple(moves), tuple(children)


def _candidates(board: Board, mover: Seat) -> tuple[LineShift, ...]:
    """The moves of every line through one of `mover`'s three pieces that keep its King on the
    board, in `MOVES` order."""
    regular, own_king = _OWN[mover]
    first = board.index(regular)
    return OWN_SHIFTS[first, board.index(regular, first + 1), board.index(own_king)]


def _child(board: Board, shift: LineShift, their_king: int, forbidden: Container[Board | None]) -> Board | None:
    """The board a candidate move makes, or None if the rules forbid it (a pass, a repeat)."""
    _, permute, pushed_from, refilled = shift
    child = permute(board)
    if board[pushed_from] == their_king:
        return (*child[:refilled], _EMPTY, *child[refilled + 1 :])
    return None if child == board or child in forbidden else child


def _win(winner: Seat) -> Outcome:
    scores = tuple(1.0 if seat == winner else 0.0 for seat in (RED, BLUE))
    return Outcome(scores, (winner,))


__all__ = ["BLUE", "COLOURS", "RED", "HoneyDonut", "HoneyState", "Move", "random_move"]
