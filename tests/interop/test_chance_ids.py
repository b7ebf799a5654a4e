"""ChanceIds: OpenSpiel's chance outcomes are the same whether a table's pairs were kept or
worked out afresh, tables are kept only for a game that hands them out again, and every answer
is the caller's own list."""

import pickle
import random
from typing import Any

import pytest

import holesome
from holesome.core.game import CHANCE, Game, sample_chance
from holesome.interop import chance_ids
from holesome.interop.chance_ids import ChanceIds
from holesome.interop.encoders import profile_for
from holesome.interop.menus import MenuIds


def _tables(game: Game[Any, Any], games: int) -> list[tuple[tuple[Any, float], ...]]:
    """The chance tables met in a few random games, as the game handed them out."""
    rng = random.Random(5)
    met = []
    for seed in range(games):
        state = game.start(seed)
        while seats := game.to_act(state):
            if seats[0] == CHANCE:
                met.append(game.chance_outcomes(state))
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            else:
                state = game.apply(state, seats[0], rng.choice(game.legal_actions(state, seats[0])))
    return met


def _chance_ids(game: Game[Any, Any]) -> ChanceIds:
    return ChanceIds(game, MenuIds(game), profile_for(game).is_repeat)


@pytest.mark.parametrize(("name", "keeps"), [("double-dash", True), ("go-nuts", False), ("doughnut-dash", False)])
def test_kept_pairs_equal_fresh_ones_over_whole_games(monkeypatch: pytest.MonkeyPatch, name: str, keeps: bool) -> None:
    monkeypatch.setattr(chance_ids, "TRIAL", 32)
    game = holesome.load(name)
    tables = _tables(game, games=2)[:400]
    assert len(tables) > 32
    ids = _chance_ids(game)
    fresh = _chance_ids(game)
    for table in tables:
        got = ids(table)
        assert got == fresh.pairs(table)
        got.clear()  # the caller's own list: what is kept does not change
    assert ids.keeping is keeps
    assert all(ids(table) == fresh.pairs(table) for table in tables[-50:])


def test_pairs_are_the_games_encodings_ascending_with_repeats_left_out() -> None:
    game = holesome.load("double-dash")
    is_repeat = profile_for(game).is_repeat
    assert is_repeat is not None
    ids = _chance_ids(game)
    for table in _tables(game, games=1)[:50]:
        possible = [(outcome, chance) for outcome, chance in table if not is_repeat(game, outcome)]
        total = sum(chance for _, chance in possible)
        expected = sorted((game.encode(outcome), chance / total) for outcome, chance in possible)
        got = ids(table)
        assert [outcome for outcome, _ in got] == [outcome for outcome, _ in expected]
        assert [chance for _, chance in got] == pytest.approx([chance for _, chance in expected])


def test_copies_start_afresh_and_agree() -> None:
    game = holesome.load("double-dash")
    ids = _chance_ids(game)
    tables = _tables(game, games=1)[:20]
    for table in tables:
        ids(table)
    twin = pickle.loads(pickle.dumps(ids))
    assert not twin._kept
    twin_game = twin._game
    for table in tables:
        same = tuple((twin_game.decode(game.encode(outcome)), chance) for outcome, chance in table)
        assert twin(same) == ids(table)


def test_chances_adding_up_to_one_are_taken_as_the_game_gave_them() -> None:
    game = holesome.load("go-nuts")
    ids = _chance_ids(game)
    tables = _tables(game, games=2)
    assert any(sum(chance for _, chance in table) != 1.0 for table in tables)  # off by rounding
    for table in tables:
        assert ids.pairs(table) == sorted((game.encode(outcome), chance) for outcome, chance in table)


def test_chances_that_do_not_add_up_to_one_are_scaled() -> None:
    game = holesome.load("go-nuts")
    ids = _chance_ids(game)
    (first, _), (second, _) = _tables(game, games=1)[0][:2]
    assert ids.pairs(((second, 6.0), (first, 2.0))) == sorted([(game.encode(first), 0.25), (game.encode(second), 0.75)])
    nearly = ids.pairs(((first, 0.5), (second, 0.5 + 1e-9)))  # off by more than rounding
    assert [chance for _, chance in nearly] != [0.5, 0.5 + 1e-9]
    assert sum(chance for _, chance in nearly) == pytest.approx(1.0, abs=1e-15)


def test_a_table_listing_the_last_ones_outcomes_gets_its_own_chances_and_order() -> None:
    game = holesome.load("go-nuts")
    ids = _chance_ids(game)
    (first, _), (second, _) = _tables(game, games=1)[0][:2]
    one, two = game.encode(first), game.encode(second)
    assert ids.pairs(((first, 0.25), (second, 0.75))) == sorted([(one, 0.25), (two, 0.75)])
    assert ids.pairs(((first, 0.5), (second, 0.5))) == sorted([(one, 0.5), (two, 0.5)])  # the same outcomes
    assert ids.pairs(((second, 0.75), (first, 0.25))) == sorted([(one, 0.25), (two, 0.75)])  # another order
    assert ids.pairs(((second, 0.5), (first, 0.5))) == sorted([(one, 0.5), (two, 0.5)])
