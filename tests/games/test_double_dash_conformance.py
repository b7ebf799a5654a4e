"""Double Dash! passes the shared conformance checks, on the standard board and a small one."""

import holesome
from holesome.core.conformance import check_game

SMALL_BOARD = ["1111", "....", ".#..", "2222"]


def test_conformance_standard_board() -> None:
    for players in holesome.GAMES["double-dash"].player_counts:
        check_game(holesome.load("double-dash", players), games=3, seed=100, deep_every=10)


def test_conformance_small_board_and_short_draw_limit() -> None:
    game = holesome.load("double-dash", board=SMALL_BOARD, no_capture_limit=6)
    check_game(game, games=8, seed=200, deep_every=3)
