"""Doughnut Dash's compiled batched path: states packed into rows, the rules in
`doughnut_dash_kernels` and `doughnut_dash_board`, whole random or greedy games in
`doughnut_dash_games`, for 2-4 players on every layout the game allows (4x4, 2x8, 8x2: all 64
squares).

The floor's tables (steps across the torus, tiles, Spin's permutations, the tile set's features),
the action ids and the numbers of the data files are read from the loaded game here and handed
to the kernels as two arrays (`floor` and `tab`).
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

import numpy as np

from holesome.core.game import Game
from holesome.fast.base import CompiledGame
from holesome.fast.packed import PackedGame
from holesome.games.doughnut_dash import (
    Card,
    Choose,
    DashState,
    Direction,
    Doughnut,
    DoughnutDash,
    Give,
    Go,
    Halt,
    Pass,
    Phase,
    Play,
    Ready,
    Rob,
    Side,
    Sidestep,
    Spin,
)
from holesome.games.doughnut_dash.board import rotation
from holesome.games.doughnut_dash.components import (
    CARD_POINTS,
    DIRECTIONS,
    DOUGHNUT_COUNTS,
    DOUGHNUT_POINTS,
    REMOVED,
    TILES,
    Feature,
    feature_kind,
)
from holesome.games.doughnut_dash.scoring import MAX_STACK
from holesome.games.doughnut_dash.thievery import KETCHUP_LEFT_TO_END

_PHASES = {
    Phase.CHOOSE: "CHOOSE",
    Phase.LAST_WORD: "LAST_WORD_PHASE",
    Phase.TURN: "TURN",
    Phase.THIEF: "THIEF_PHASE",
    Phase.LOOP: "LOOP_PHASE",
    Phase.STEAL: "STEAL",
    Phase.GUARD: "GUARD_PHASE",
    Phase.BLUEBERRY: "BLUEBERRY",
    Phase.OVER: "OVER",
}
"""The kernels' name for each phase's code."""
_FEATURES = {None: "NONE", Feature.FIXED: "FIXED", Feature.REFLECT: "REFLECT", Feature.TELEPORT: "TELEPORT"}
_COLOURS = {feature: number for number, feature in enumerate(sorted({f for t in TILES for f in t.features if f}))}
"""A code for each feature name; teleports pair up by equal codes."""
TERRAINS_KEPT = 4096
"""Floors (ways the tiles lie) kept packed, for packing many states of the same games fast."""
_PLAYED = (Card.ABOUT_TURN, Card.HOLD_STILL, Card.SECOND_WIND, Card.LAST_WORD, Card.LEAP, Card.GUARD)
"""The kinds played by `Play(kind)` (Spin and Sidestep have actions of their own)."""


def build(game: Game[Any, Any], mix: float = 0.0) -> CompiledGame | None:
    """The compiled path for a loaded Doughnut Dash game (2-4 players, every layout), its seats
    greedy at `mix` above 0 (`CompiledDoughnutDash`); None without numba, or for a floor other
    than 16 tiles of 64 squares numbered 1 to 16."""
    if not isinstance(game, DoughnutDash) or find_spec("numba") is None:
        return None
    from holesome.fast import doughnut_dash_board as board

    numbers = sorted(tile.id for tile in TILES)
    if game.layout.size != board.SQUARES or numbers != list(range(1, board.TILES + 1)):
        return None
    return CompiledDoughnutDash(game, mix)


class CompiledDoughnutDash(PackedGame):
    """Doughnut Dash over packed rows (see `doughnut_dash_board` for the row's fields).

    With `mix` 0 its games are uniformly random; above 0, its seats choose their directions and
    teleports greedily at that temperature (`doughnut_dash_games`).
    """

    def __init__(self, game: DoughnutDash, mix: float = 0.0) -> None:
        from holesome.fast import doughnut_dash_board as board
        from holesome.fast import doughnut_dash_games
        from holesome.fast import doughnut_dash_kernels as k

        super().__init__(game)
        self.b, self.k = board, k
        self.games = doughnut_dash_games
        self.mix = mix
        self.cards: dict[Card, int] = {card: getattr(k, f"K_{card.name}") for card in Card}
        self.doughnuts: dict[Doughnut, int] = {doughnut: getattr(k, doughnut.name) for doughnut in Doughnut}
        if [self.cards[card] for card in sorted(Card)] != list(range(len(Card))):
            raise ValueError("the kernels must code the Sugar Rush kinds in the order chance lists them")
        self.rules = game
        self.codes: dict[Doughnut | None, int] = {None: -1}
        for doughnut, code in self.doughnuts.items():
            self.codes[doughnut] = code
        self._terrains: dict[tuple[tuple[int, ...], tuple[int, ...]], np.ndarray] = {}
        self.floor = _floor(board, game)
        self.tab = _table(k, game, self.cards, self.doughnuts)
        removed = REMOVED.get(game.players, {})
        self.bag = np.array(
            [
                self.doughnuts[kind]
                for kind, count in DOUGHNUT_COUNTS.items()
                for _ in range(count - removed.get(kind, 0))
            ],
            np.int64,
        )
        self.first = self.pack(game.start(0))

    def pack(self, state: DashState) -> np.ndarray:
        b, k = self.b, self.k
        s = np.zeros(b.WIDTH, np.int64)
        s[b.PLAYERS], s[b.FIRST], s[b.ENDING] = len(state.players), state.first, state.ending
        s[b.PHASE] = getattr(k, _PHASES[state.phase])
        s[b.DRAW_COUNT] = len(state.draws)
        s[b.DRAWS : b.DRAWS + b.MAX_DRAWS] = -1
        s[b.DRAWS : b.DRAWS + len(state.draws)] = state.draws
        self._pack_turn(state, s)
        for card in state.deck:
            s[b.DECK + self.cards[card]] += 1
        for card in state.discards:
            s[b.DISCARDS + self.cards[card]] += 1
        s[b.TILE : b.TILE + b.TILES] = state.tiles
        s[b.TURNS : b.TURNS + b.TILES] = state.turns
        s[b.FEATURE : b.DOUGHNUT] = self._terrain(state)
        s[b.DOUGHNUT : b.DOUGHNUT + b.SQUARES] = [self.codes[doughnut] for doughnut in state.doughnuts]
        for seat, player in enumerate(state.players):
            at = b.SEAT_BLOCKS + seat * b.SEAT_WIDTH
            s[at + b.P_THIEVES : at + b.P_THIEVES + 2] = player.thieves
            s[at + b.P_HAND] = sum(1 << DIRECTIONS.index(direction) for direction in player.hand)
            for card in player.sugar:
                s[at + b.P_SUGAR + self.cards[card]] += 1
            commit = player.commit
            s[at + b.P_COMMIT] = commit is not None
            s[at + b.P_SECOND_WIND] = commit is not None and commit.second_wind
            s[at + b.P_LAST_WORD] = commit is not None and commit.last_word
            s[at + b.P_DIRECTION] = _direction(None if commit is None else commit.direction)
            s[at + b.P_REVEALED] = _direction(player.revealed)
            s[at + b.P_STACK_SIZE] = len(player.stack)
            s[at + b.P_STACK : at + b.P_STACK + len(player.stack)] = [self.codes[d] for d in player.stack]
        return s

    def _terrain(self, state: DashState) -> np.ndarray:
        """The features, teleport colours and partners of every square (the row's blocks from
        `FEATURE` to `DOUGHNUT`), made once for each way the tiles lie."""
        key = (state.tiles, state.turns)
        found = self._terrains.get(key)
        if found is None:
            if len(self._terrains) >= TERRAINS_KEPT:
                self._terrains.clear()
            b, terrain = self.b, self.rules.floor(state)
            kinds = [getattr(b, _FEATURES[feature_kind(feature)]) for feature in terrain.features]
            colours = [_colour(feature) for feature in terrain.features]
            partners = [-1 if partner is None else partner for partner in terrain.partner]
            found = self._terrains[key] = np.array([*kinds, *colours, *partners], np.int64)
        return found

    def _pack_turn(self, state: DashState, s: np.ndarray) -> None:
        b = self.b
        s[b.MOVER] = s[b.THIEF] = s[b.SIDESTEP] = s[b.VICTIM] = -1
        s[b.VICTIMS : b.VICTIMS + b.SEATS] = -1
        s[b.TIED : b.TIED + b.SEATS] = -1
        s[b.LOOP : b.LOOP + b.SQUARES] = -1
        turn = state.turn
        if turn is None:
            return
        s[b.MOVER], s[b.ABOUT_TURN], s[b.HOLD_STILL] = turn.seat, turn.about_turn, turn.hold_still
        s[b.MOVED] = sum(1 << thief for thief in turn.moved)
        s[b.THIEF] = -1 if turn.thief is None else turn.thief
        s[b.LEAP] = turn.leap
        s[b.SIDESTEP] = {None: -1, Side.LEFT: 3, Side.RIGHT: 1}[turn.sidestep]
        s[b.VICTIM] = -1 if turn.victim is None else turn.victim
        s[b.VICTIM_COUNT] = len(turn.victims)
        s[b.VICTIMS : b.VICTIMS + len(turn.victims)] = turn.victims
        s[b.TIED_COUNT] = len(turn.tied)
        s[b.TIED : b.TIED + len(turn.tied)] = turn.tied
        loop = () if turn.path is None else turn.path.loop
        s[b.LOOP_COUNT] = len(loop)
        s[b.LOOP : b.LOOP + len(loop)] = loop

    def _menu(self, row: np.ndarray, seat: int, out: np.ndarray) -> int:
        return int(self.k.menu(row, self.tab, seat, out))

    def _to_act(self, row: np.ndarray, out: np.ndarray) -> int:
        return int(self.k.to_act(row, out))

    def _chances(self, row: np.ndarray, out: np.ndarray) -> int:
        return int(self.k.chances(row, out))

    def _play(
        self,
        rows: np.ndarray,
        seed: int,
        max_steps: int,
        record: np.ndarray,
        lengths: np.ndarray,
        values: np.ndarray,
    ) -> None:
        self.games.play(rows, self.tab, self.floor, self.capacity, seed, max_steps, record, lengths, values, self.mix)

    def _deal(self, games: int, seed: int) -> np.ndarray:
        rows = np.zeros((games, self.b.WIDTH), np.int64)
        self.b.deal(rows, self.first, self.floor, self.bag.copy(), seed)
        return rows


def _colour(feature: str | None) -> int:
    """A teleport's colour code (equal for the two of a pair); -1 for any other square."""
    return _COLOURS[feature] if feature is not None and feature_kind(feature) is Feature.TELEPORT else -1


def _direction(direction: Direction | None) -> int:
    return -1 if direction is None else DIRECTIONS.index(direction)


def _floor(b: Any, game: DoughnutDash) -> np.ndarray:
    """The layout's tables and the tile set's features, as `F_*` blocks."""
    layout = game.layout
    floor = np.zeros(b.FLOOR_SIZE, np.int64)
    for heading, direction in enumerate(DIRECTIONS):
        floor[b.F_STEP + heading * b.SQUARES : b.F_STEP + (heading + 1) * b.SQUARES] = layout.step[direction]
    for position, squares in enumerate(layout.tile_squares):
        floor[b.F_TILE_SQUARES + position * 4 : b.F_TILE_SQUARES + position * 4 + 4] = squares
        for way, clockwise in enumerate((True, False)):
            at = b.F_SPIN + (position * 2 + way) * b.SQUARES
            floor[at : at + b.SQUARES] = rotation(layout.size, squares, clockwise)
    for tile in TILES:
        for corner, feature in enumerate(tile.features):
            at = b.F_FEATURES + (tile.id - 1) * 8 + corner * 2
            floor[at] = getattr(b, _FEATURES[feature_kind(feature)])
            floor[at + 1] = _colour(feature)
    floor[b.F_CLOCKWISE : b.F_CLOCKWISE + 4] = rotation(4, (0, 1, 2, 3), clockwise=True)
    return floor


def _table(k: Any, game: DoughnutDash, cards: dict[Card, int], doughnuts: dict[Doughnut, int]) -> np.ndarray:
    """The action ids and the numbers of the data files, as `T_*` entries."""
    tab = np.zeros(k.TAB_SIZE, np.int64)
    tab[k.T_CHOOSE] = game.encode(Choose(DIRECTIONS[0]))
    tab[k.T_PLAY : k.T_PLAY + len(Card)] = -1
    for card in _PLAYED:
        tab[k.T_PLAY + cards[card]] = game.encode(Play(card))
    tab[k.T_SIDESTEP] = game.encode(Sidestep(Side.LEFT))
    tab[k.T_SPIN] = game.encode(Spin(0, True))
    tab[k.T_READY] = game.encode(Ready(0))
    tab[k.T_GO] = game.encode(Go(teleport=False))
    tab[k.T_HALT] = game.encode(Halt(0))
    tab[k.T_ROB] = game.encode(Rob(0))
    tab[k.T_GIVE] = game.encode(Give(0))
    tab[k.T_PASS] = game.encode(Pass())
    for card, points in CARD_POINTS.items():
        tab[k.T_CARD_POINTS + cards[card]] = points
    for doughnut, points in DOUGHNUT_POINTS.items():
        tab[k.T_DOUGHNUT_POINTS + doughnuts[doughnut]] = points
    tab[k.T_MAX_STACK] = MAX_STACK[game.players]
    tab[k.T_KETCHUP_TO_END] = KETCHUP_LEFT_TO_END
    return tab
