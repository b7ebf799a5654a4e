"""Donut Dilemma's compiled batched path: states packed into rows, the rules in
`donut_dilemma_kernels`, for every player count (3-10) and every option (`start`, `garnets`,
`rounds`).

The numbers of `components.toml`, the ring of bakeries, the Rainbow bounds of each round and the
action ids are read from the loaded game and handed to the kernels as one array (`tab`).
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

import numpy as np

from holesome.core.game import Game
from holesome.fast.base import CompiledGame
from holesome.fast.packed import PackedGame
from holesome.games.donut_dilemma import DilemmaState, Done, DonutDilemma, Move, Plain, Skip, Special
from holesome.games.donut_dilemma.components import BAKERIES, COMPONENTS, NUMBERS, Donut
from holesome.games.donut_dilemma.menus import largest_allowances

_BAKERY = {bakery: number for number, bakery in enumerate(BAKERIES)}
"""Each bakery's number in the rows (A-E order)."""


def build(game: Game[Any, Any]) -> CompiledGame | None:
    """The compiled path for a loaded Donut Dilemma game (any players and options); None without numba."""
    if not isinstance(game, DonutDilemma) or find_spec("numba") is None:
        return None
    return CompiledDonutDilemma(game)


class CompiledDonutDilemma(PackedGame):
    """Donut Dilemma over packed rows (see `donut_dilemma_kernels` for the row's fields)."""

    def __init__(self, game: DonutDilemma) -> None:
        from holesome.fast import donut_dilemma_kernels as k

        super().__init__(game)
        self.k = k
        if len(BAKERIES) != k.BAKERIES:
            raise ValueError(f"the compiled rules know {k.BAKERIES} bakeries, not {len(BAKERIES)}")
        self.dealt = game.explicit_starts is None
        self.stride = k.seat_fields(max(largest_allowances(game.rounds)))
        self.width = k.SEATS + game.players * self.stride
        self.tab = _table(k, game)
        self.fields = {Donut.GLAZED: k.S_GLAZED, Donut.STRAWBERRY: k.S_STRAWBERRY, Donut.JELLY: k.S_JELLY}
        """The seat-block field counting each special kind baked where its baker ends."""
        self.first = self.pack(game.start(0))

    def pack(self, state: DilemmaState) -> np.ndarray:
        k, game = self.k, self.game
        assert isinstance(game, DonutDilemma)
        row = [0] * self.width
        row[k.PLAYERS], row[k.ROUNDS], row[k.ROUND], row[k.STRIDE] = game.players, game.rounds, state.round, self.stride
        scores = state.scores
        for seat, submission in enumerate(state.pending):
            at = k.SEATS + seat * self.stride
            row[at + k.S_BAKERY] = _BAKERY[state.bakeries[seat]]
            row[at + k.S_GARNETS] = state.garnets[seat]
            row[at + k.S_ALLOWANCE] = state.allowances[seat]
            row[at + k.S_SCORE] = scores[seat]
            row[at + k.S_MOVE] = -1 if submission.move is None else _BAKERY[submission.move]
            row[at + k.S_PLAIN] = -1 if submission.plain is None else submission.plain
            row[at + k.S_DONE] = submission.done
            row[at + k.S_SPECIALS] = len(submission.specials)
            for special in submission.specials:
                donut = special.donut
                if donut is Donut.RAINBOW:
                    row[at + k.S_RAINBOW + row[at + k.S_RAINBOWS]] = special.number
                    row[at + k.S_RAINBOWS] += 1
                elif donut is Donut.COFFEE and special.at is not None:
                    row[at + k.S_COFFEE + _BAKERY[special.at]] += 1
                else:
                    row[at + self.fields[donut]] += 1
        return np.array(row, np.int64)

    def _menu(self, row: np.ndarray, seat: int, out: np.ndarray) -> int:
        return int(self.k.menu(row, self.tab, seat, out))

    def _to_act(self, row: np.ndarray, out: np.ndarray) -> int:
        return int(self.k.to_act(row, out))

    def _chances(self, row: np.ndarray, out: np.ndarray) -> int:
        return 0

    def _play(
        self,
        rows: np.ndarray,
        seed: int,
        max_steps: int,
        record: np.ndarray,
        lengths: np.ndarray,
        values: np.ndarray,
    ) -> None:
        self.k.play(rows, self.tab, self.capacity, seed, max_steps, record, lengths, values)

    def _deal(self, games: int, seed: int) -> np.ndarray:
        rows = np.zeros((games, self.width), np.int64)
        self.k.deal(rows, self.first, self.dealt, seed)
        return rows


def _table(k: Any, game: DonutDilemma) -> np.ndarray:
    """The action ids, the numbers, the ring and each round's largest Rainbow, as `T_*` entries."""
    tab = np.zeros(k.T_RAINBOW_MAX + game.rounds, np.int64)
    tab[k.T_MOVE] = game.encode(Move(BAKERIES[0]))
    tab[k.T_PLAIN] = game.encode(Plain(0))
    tab[k.T_GLAZED] = game.encode(Special(Donut.GLAZED))
    tab[k.T_RAINBOW] = game.encode(Special(Donut.RAINBOW, 0))
    tab[k.T_STRAWBERRY] = game.encode(Special(Donut.STRAWBERRY))
    tab[k.T_COFFEE] = game.encode(Special(Donut.COFFEE, at=BAKERIES[0]))
    tab[k.T_JELLY] = game.encode(Special(Donut.JELLY))
    tab[k.T_DONE] = game.encode(Done())
    tab[k.T_SKIP] = game.encode(Skip())
    tab[k.T_PLAIN_MAX] = NUMBERS.plain_max
    tab[k.T_LIMIT] = NUMBERS.bakery_limit
    tab[k.T_BASE_SPECIALS] = NUMBERS.base_specials
    tab[k.T_JELLY_EXTRA] = NUMBERS.jelly_extra_specials
    tab[k.T_GLAZED_POINTS] = NUMBERS.glazed_points
    tab[k.T_STRAWBERRY_POINTS] = NUMBERS.strawberry_points_per_baker
    tab[k.T_COFFEE_POINTS] = NUMBERS.coffee_points_per_baker
    for here, bakery in enumerate(BAKERIES):
        for end in COMPONENTS.moves[bakery]:
            tab[k.T_RING + here * k.BAKERIES + BAKERIES.index(end)] = 1
    tab[k.T_RAINBOW_MAX : k.T_RAINBOW_MAX + game.rounds] = game.menus.rainbow_max
    return tab
