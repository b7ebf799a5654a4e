"""The factory floor: a torus of 2x2 tiles, its squares, and precomputed tables.

Squares are numbered row by row from the North-West corner: square = row * width + col. In
notation a square is its column letter and row number, `a1` at the North-West corner. Leaving
an edge re-enters at the opposite edge with the same heading, so `step[heading][square]` is a
plain table lookup. Tile positions in the grid are numbered the same way, from 0.

A tile's four squares are listed NW, NE, SW, SE; a quarter-turn clockwise carries what stands
on NW to NE, NE to SE, SE to SW and SW to NW.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from operator import itemgetter
from typing import Any

from holesome.core.frozen import builder
from holesome.games.doughnut_dash.components import DIRECTIONS, TILE_BY_ID, Direction, Feature, feature_kind

TILE_SIDE = 2
"""A tile is 2x2 squares."""
QUARTER_TURNS = 4
_CLOCKWISE_SOURCE = (2, 0, 3, 1)
"""After a clockwise quarter-turn, tile square i holds what tile square _CLOCKWISE_SOURCE[i] held."""
_ANTICLOCKWISE_SOURCE = (1, 3, 0, 2)

_DELTAS = {Direction.N: (-1, 0), Direction.E: (0, 1), Direction.S: (1, 0), Direction.W: (0, -1)}
_CORNERS = ("nw", "ne", "se", "sw")
_SEATED_CORNERS = {2: ("nw", "se"), 3: ("nw", "ne", "se"), 4: ("nw", "ne", "se", "sw")}
"""Where the seats sit, clockwise, by player count."""


@dataclass(frozen=True)
class Layout:
    """A grid of `rows` x `cols` tiles, and the tables every move uses."""

    rows: int
    cols: int

    @property
    def height(self) -> int:
        return self.rows * TILE_SIDE

    @property
    def width(self) -> int:
        return self.cols * TILE_SIDE

    @property
    def size(self) -> int:
        return self.height * self.width

    @property
    def tiles(self) -> int:
        return self.rows * self.cols

    def square(self, row: int, col: int) -> int:
        """The square at (row, col), wrapping around both axes."""
        return (row % self.height) * self.width + col % self.width

    def coords(self, square: int) -> tuple[int, int]:
        return divmod(square, self.width)

    def name(self, square: int) -> str:
        """Notation for a square: column letter, then row number from 1 (`a1` is North-West)."""
        row, col = self.coords(square)
        return f"{chr(ord('a') + col)}{row + 1}"

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Every square's notation, by square number."""
        return tuple(self.name(square) for square in range(self.size))

    @cached_property
    def step(self) -> dict[Direction, tuple[int, ...]]:
        """The square one step away in each heading, across the torus."""
        return {
            heading: tuple(self.square(row + dr, col + dc) for row in range(self.height) for col in range(self.width))
            for heading, (dr, dc) in _DELTAS.items()
        }

    @cached_property
    def tile_squares(self) -> tuple[tuple[int, int, int, int], ...]:
        """Each tile position's squares NW, NE, SW, SE."""
        result = []
        for tile_row in range(self.rows):
            for tile_col in range(self.cols):
                row, col = tile_row * TILE_SIDE, tile_col * TILE_SIDE
                result.append(
                    (
                        self.square(row, col),
                        self.square(row, col + 1),
                        self.square(row + 1, col),
                        self.square(row + 1, col + 1),
                    )
                )
        return tuple(result)

    @cached_property
    def tile_of(self) -> tuple[int, ...]:
        """The tile position each square lies on."""
        owner = [0] * self.size
        for tile, squares in enumerate(self.tile_squares):
            for square in squares:
                owner[square] = tile
        return tuple(owner)

    def start_squares(self, players: int) -> tuple[tuple[int, int], ...]:
        """Each seat's two starting squares: its corner, and the central square furthest from it."""
        mid_low, mid_high = self.height // 2 - 1, self.height // 2
        col_low, col_high = self.width // 2 - 1, self.width // 2
        last_row, last_col = self.height - 1, self.width - 1
        places = {
            "nw": ((0, 0), (mid_high, col_high)),
            "ne": ((0, last_col), (mid_high, col_low)),
            "se": ((last_row, last_col), (mid_low, col_low)),
            "sw": ((last_row, 0), (mid_low, col_high)),
        }
        return tuple(
            (self.square(*places[corner][0]), self.square(*places[corner][1])) for corner in _SEATED_CORNERS[players]
        )


def parse_layout(text: str) -> Layout:
    """`"4x4"` -> a grid of 4 rows of 4 tiles; ValueError if the text is not `RxC`."""
    rows, sep, cols = text.lower().partition("x")
    if not sep or not rows.isdigit() or not cols.isdigit():
        raise ValueError(f"a layout is tile rows x columns, like 4x4; got {text!r}")
    return _layout(int(rows), int(cols))


@cache
def _layout(rows: int, cols: int) -> Layout:
    return Layout(rows, cols)


def rotation(size: int, squares: tuple[int, int, int, int], clockwise: bool) -> tuple[int, ...]:
    """A quarter-turn of one tile as a permutation of the board: result[square] = where its content was."""
    source = list(range(size))
    order = _CLOCKWISE_SOURCE if clockwise else _ANTICLOCKWISE_SOURCE
    for corner, square in enumerate(squares):
        source[square] = squares[order[corner]]
    return tuple(source)


def turned(features: tuple[str | None, ...], turns: int) -> tuple[str | None, ...]:
    """A tile's features (NW, NE, SW, SE) after `turns` clockwise quarter-turns."""
    result = features
    for _ in range(turns % QUARTER_TURNS):
        result = tuple(result[source] for source in _CLOCKWISE_SOURCE)
    return result


@dataclass(frozen=True, slots=True)
class Terrain:
    """The features of every square, with each teleport's partner square (None if it has none)."""

    features: tuple[str | None, ...]
    kinds: tuple[Feature | None, ...]
    partner: tuple[int | None, ...]


_terrain = builder(Terrain)


@lru_cache(maxsize=4096)
def terrain(layout: Layout, tiles: tuple[int, ...], turns: tuple[int, ...]) -> Terrain:
    """The floor that tiles (by id, per grid position) turned `turns` quarter-turns make.

    Every game starts on a new floor and each Spin makes another, so this runs a few times a
    game: the tiles' turned features are laid out tile by tile, then put in square order by one
    permutation (`_square_order`); teleports pair up by colour from each tile's own list.
    """
    parts = [_turned_tile(tile, turn % QUARTER_TURNS) for tile, turn in zip(tiles, turns, strict=True)]
    in_square_order = _square_order(layout)
    features: tuple[str | None, ...] = in_square_order([feature for part in parts for feature in part[0]])
    kinds: tuple[Feature | None, ...] = in_square_order([kind for part in parts for kind in part[1]])
    partner: list[int | None] = [None] * layout.size
    by_colour: dict[str | None, list[int]] = {}
    for squares, part in zip(layout.tile_squares, parts, strict=False):
        for corner, colour in part[2]:
            by_colour.setdefault(colour, []).append(squares[corner])
    for pair in by_colour.values():
        if len(pair) == 2:
            partner[pair[0]], partner[pair[1]] = pair[1], pair[0]
    return _terrain(features, kinds, tuple(partner))


def spun(floor: Terrain, moved: itemgetter[Any], target: tuple[int, ...]) -> Terrain:
    """The floor once one tile has turned, from the floor before: the same as `terrain` for the new
    turns, without laying out every tile again. `moved` picks, for each square, the contents of the
    square they came from (as for the doughnuts); `target[square]` is where that square's went, so
    a teleport's partner is where the old partner went."""
    partners: tuple[int | None, ...] = moved(floor.partner)
    return _terrain(
        moved(floor.features),
        moved(floor.kinds),
        tuple([None if partner is None else target[partner] for partner in partners]),
    )


@cache
def _square_order(layout: Layout) -> itemgetter[Any]:
    """Picks, for each square in order, its place in a list of the tiles' squares laid out tile by tile."""
    place = [0] * layout.size
    for tile, squares in enumerate(layout.tile_squares):
        for corner, square in enumerate(squares):
            place[square] = tile * len(squares) + corner
    return itemgetter(*place)


@cache
def _turned_tile(
    tile: int, turns: int
) -> tuple[tuple[str | None, ...], tuple[Feature | None, ...], tuple[tuple[int, str], ...]]:
    """A tile's features and their kinds (NW, NE, SW, SE) after `turns` clockwise quarter-turns,
    and its teleports as (corner, feature: the colour)."""
    features = turned(TILE_BY_ID[tile].features, turns)
    kinds = tuple(feature_kind(feature) for feature in features)
    teleports = tuple(
        (corner, feature)
        for corner, (feature, kind) in enumerate(zip(features, kinds, strict=True))
        if kind is Feature.TELEPORT and feature is not None
    )
    return features, kinds, teleports


__all__ = ["DIRECTIONS", "Layout", "Terrain", "parse_layout", "rotation", "spun", "terrain", "turned"]
