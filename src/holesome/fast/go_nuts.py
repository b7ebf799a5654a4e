"""Go Nuts for Donuts!'s compiled batched path: states packed into rows, the rules in
`go_nuts_kernels`, whole random or greedy games in `go_nuts_games`, every player count (2-6)
and the game's only configuration (it has no options).

The card data (powers, scoring rules and numbers) and the action ids are read from the loaded
game here and handed to the kernels as two small arrays, so the compiled rules follow
`cards.toml` and `game.encode` as the pure engine does.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.util import find_spec
from itertools import accumulate
from typing import Any

import numpy as np

from holesome.core.game import Game
from holesome.fast.base import CompiledGame
from holesome.fast.packed import PackedGame
from holesome.games.go_nuts import GoNuts, GoNutsState
from holesome.games.go_nuts.actions import CHOOSE, CLEAR, DONE, FORFEIT, OPPONENT, PICK, Retrieve
from holesome.games.go_nuts.cards import KINDS, deck_counts

ENDGAME_DECK = 4
"""The longest deck from which `CompiledGoNuts.endgame` solves the rest of a two-seat game: some
three rounds, solved in 0.1 CPU-seconds or less (at most 27,000 positions in 20 random games);
from five cards it took up to 0.8 s, from six up to 3 s."""


def build(game: Game[Any, Any], mix: float = 0.0) -> CompiledGame | None:
    """The compiled path for a loaded Go Nuts game (any player count); None without numba.
    With `mix` above 0 its seats choose greedily (`CompiledGoNuts`)."""
    if not isinstance(game, GoNuts) or find_spec("numba") is None:
        return None
    return CompiledGoNuts(game, mix)


class CompiledGoNuts(PackedGame):
    """Go Nuts over packed rows (see `go_nuts_kernels` for the row's fields).

    With `mix` 0 its games are uniformly random. Above 0, its seats pick and choose greedily at
    that temperature (`go_nuts_games`). Random seats collide on a third of their picks in a
    two-seat game and take whatever they land on; judged by such games, a leaf hardly tells a
    good table from a bad one.
    """

    def __init__(self, game: GoNuts, mix: float = 0.0) -> None:
        from holesome.fast import go_nuts_games
        from holesome.fast import go_nuts_kernels as k

        super().__init__(game)
        self.k = k
        self.games = go_nuts_games
        self.mix = mix
        self.deck = np.array(deck_counts(game.players), np.int64)
        if len(KINDS) > k.MAX_KINDS or self.deck.sum() > k.MAX_PILE:
            raise ValueError("cards.toml holds more kinds or cards than the compiled rows have room for")
        self.cards = _card_table(k, self.deck)
        self.ids = np.zeros(k.ID_ENTRIES, np.int64)
        self.ids[k.I_PICK] = game.encode(PICK[1])
        self.ids[k.I_CLEAR] = game.encode(CLEAR[1])
        self.ids[k.I_CHOOSE] = game.encode(CHOOSE[0])
        self.ids[k.I_OPPONENT] = game.encode(OPPONENT[0])
        self.ids[k.I_RETRIEVE] = min(game.encode(a) for a in game.action_space if isinstance(a, Retrieve))
        self.ids[k.I_DONE] = game.encode(DONE)
        self.ids[k.I_FORFEIT] = game.encode(FORFEIT)

    def pack(self, state: GoNutsState) -> np.ndarray:
        k = self.k
        s = np.zeros(k.WIDTH, np.int64)
        s[k.PLAYERS] = len(state.hands)
        s[k.OVER] = state.over
        s[k.CURSOR] = state.cursor
        s[k.TOP_SEAT : k.TOP_CARD + 1] = (-1, -1) if state.top is None else (state.top.seat, state.top.card)
        s[k.ROW : k.ROW + k.MAX_SLOTS] = -1
        for slot, card in enumerate(state.row):
            s[k.ROW + slot] = -1 if card is None else card
        for seat, picked in enumerate(state.picks):
            s[k.PICKS + seat] = picked or 0
        s[k.POWER : k.PILE_SIZE] = -1
        s[k.CHOSEN_COUNT] = s[k.DRAWN_COUNT] = 0
        task = state.task
        if task is not None:
            s[k.POWER], s[k.TAKER], s[k.TASK_CARD] = getattr(k, f"P_{task.power.name}"), task.taker, task.card
            s[k.CHOSEN_COUNT], s[k.DRAWN_COUNT] = len(task.chosen), len(task.drawn)
            s[k.CHOSEN : k.CHOSEN + len(task.chosen)] = task.chosen
            s[k.DRAWN : k.DRAWN + len(task.drawn)] = task.drawn
            for seat, card in enumerate(task.passes):
                s[k.PASSES + seat] = -1 if card is None else card
        s[k.PILE_SIZE] = len(state.discard)
        s[k.PILE : k.PILE + len(state.discard)] = state.discard
        s[k.DECK : k.DECK + len(state.deck)] = state.deck
        for seat, hand in enumerate(state.hands):
            start = k.HANDS + seat * k.MAX_KINDS
            s[start : start + len(hand)] = hand
        return s

    def _menu(self, row: np.ndarray, seat: int, out: np.ndarray) -> int:
        return int(self.k.menu(row, self.cards, self.ids, seat, out))

    def _to_act(self, row: np.ndarray, out: np.ndarray) -> int:
        return int(self.k.to_act(row, self.cards, self.ids, out, np.empty(self.capacity, np.int64)))

    def _chances(self, row: np.ndarray, out: np.ndarray) -> int:
        seats = np.empty(self.k.MAX_SEATS, np.int64)
        if self._to_act(row, seats) != 1 or seats[0] != self.k.CHANCE:
            return 0
        return int(self.k.chances(row, len(KINDS), out))

    def _play(
        self,
        rows: np.ndarray,
        seed: int,
        max_steps: int,
        record: np.ndarray,
        lengths: np.ndarray,
        values: np.ndarray,
    ) -> None:
        self.games.play(rows, self.cards, self.ids, self.capacity, seed, max_steps, record, lengths, values, self.mix)

    def endgame(self, state: GoNutsState, limit: int) -> Endgame | None:
        """The exact values of a two-seat position's choices (`go_nuts_endgame.table`), or None
        where the game has more seats, the deck holds more than `ENDGAME_DECK` cards, a seat
        knows its top card, or solving it would take more than `limit` positions; None too where
        every choice is worth the same (the game is decided whatever is picked), where the
        search, whose leaves count points, plays on better than any pick would."""
        if len(state.hands) != 2 or state.top is not None or state.deck_size > ENDGAME_DECK:
            return None
        from holesome.fast import go_nuts_endgame as solver
        from holesome.fast.matrix_game import TOLERANCE

        mine = np.empty(self.capacity, np.int64)
        theirs = np.empty(self.capacity, np.int64)
        values = np.empty((self.capacity, self.capacity))
        solved, rows, columns = solver.table(
            self.pack(state), self.cards, self.ids, self.capacity, limit, solver.new_memo(), mine, theirs, values
        )
        table = values[:rows, : max(columns, 1)]
        if not solved or table.max() - table.min() <= TOLERANCE:
            return None
        return Endgame(tuple(int(i) for i in mine[:rows]), tuple(int(i) for i in theirs[:columns]), table)

    def _deal(self, games: int, seed: int) -> np.ndarray:
        rows = np.zeros((games, self.k.WIDTH), np.int64)
        self.k.deal(rows, self.game.players, self.deck, seed)
        return rows


@dataclass(frozen=True)
class Endgame:
    """A position's choices valued exactly, for seat 0 (seat 1's values are one minus them).

    Where both seats pick, `values[i, j]` is for seat 0's id `rows[i]` against seat 1's
    `columns[j]`; where one seat chooses, `columns` is empty and `values[i, 0]` is for its
    `rows[i]`.
    """

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    values: np.ndarray

    def policy(self, seat: int) -> dict[int, float]:
        """`seat`'s optimal play, by action id: an equilibrium mix where both seats pick, else
        the best choices, evenly."""
        from holesome.fast.matrix_game import TOLERANCE, matrix_game

        if self.columns:
            payoffs = self.values if seat == 0 else 1.0 - self.values.T
            strategy = np.empty(len(payoffs))
            matrix_game(payoffs, strategy)
            ids = self.rows if seat == 0 else self.columns
            total = strategy.sum()
            return {action: float(weight / total) for action, weight in zip(ids, strategy, strict=True)}
        mine = self.values[:, 0] if seat == 0 else 1.0 - self.values[:, 0]
        best = [action for action, worth in zip(self.rows, mine, strict=True) if worth >= mine.max() - TOLERANCE]
        return {action: (1.0 / len(best) if action in best else 0.0) for action in self.rows}


def _card_table(k: Any, deck: np.ndarray) -> np.ndarray:
    """One line per kind up to the last one the deck holds: its power and scoring (`C_*` columns),
    and where its Retrieve ids start. A kind the deck lacks never reaches a hand, the row or the
    pile, so the kernels' loops over the kinds stop there (the two-player deck holds 9 of 23)."""
    dealt = KINDS[: int(np.flatnonzero(deck)[-1]) + 1]
    cards = np.zeros((len(dealt), k.CARD_COLUMNS), np.int64)
    retrieve = [0, *accumulate(int(copies) for copies in deck)]
    for kind in dealt:
        scoring = kind.scoring
        line = cards[kind.id]
        line[k.C_POWER] = k.P_NONE if kind.power is None else getattr(k, f"P_{kind.power.name}")
        line[k.C_RULE] = getattr(k, f"R_{scoring.rule.name}")
        line[k.C_POINTS] = scoring.points
        line[k.C_MOST] = scoring.most
        line[k.C_TIED] = scoring.tied
        line[k.C_LIMIT] = scoring.limit
        line[k.C_NEGATIVE] = scoring.is_negative
        line[k.C_RETRIEVE] = retrieve[kind.id]
        line[k.C_TABLE_SIZE] = len(scoring.table)
        line[k.C_TABLE : k.C_TABLE + len(scoring.table)] = scoring.table
    return cards
