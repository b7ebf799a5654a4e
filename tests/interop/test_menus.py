"""MenuIds: the ids and masks the adapters hand out are the game's own encodings, however they
are found (by value, by identity, kept per menu), and copies start afresh."""

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

import holesome
from holesome.core.errors import InvalidAction
from holesome.core.game import CHANCE, Game, sample_chance
from holesome.interop import menus
from holesome.interop.common import Seeds
from holesome.interop.episode import Episode
from holesome.interop.menus import MenuIds


def _menus(game: Game[Any, Any], games: int = 3) -> list[tuple[Any, ...]]:
    """The legal menus and chance outcomes met in a few random games."""
    rng = random.Random(7)
    met: list[tuple[Any, ...]] = []
    for seed in range(games):
        state = game.start(seed)
        while seats := game.to_act(state):
            if seats[0] == CHANCE:
                met.append(tuple(outcome for outcome, _ in game.chance_outcomes(state)))
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
                continue
            seat = rng.choice(seats)
            menu = game.legal_actions(state, seat)
            met.append(menu)
            state = game.apply(state, seat, rng.choice(menu))
            if len(met) > 400:
                return met
    return met


def _expected_mask(game: Game[Any, Any], menu: tuple[Any, ...]) -> np.ndarray:
    mask = np.zeros(game.num_actions, np.int8)
    mask[[game.encode(action) for action in menu]] = 1
    return mask


def test_ids_and_masks_are_the_games_encodings(any_game: Game[Any, Any]) -> None:
    ids = MenuIds(any_game)
    for menu in _menus(any_game) * 2:  # twice: the second time from what was kept
        assert ids.ids_in_order(menu) == [any_game.encode(action) for action in menu]
        assert ids(menu) == sorted(any_game.encode(action) for action in menu)
        mask = ids.mask(menu)
        assert mask.dtype == np.int8
        assert np.array_equal(mask, _expected_mask(any_game, menu))


def test_an_equal_action_that_is_another_object_gets_the_same_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menus, "MET", 2)  # start over after two met objects
    game = holesome.load("go-nuts")
    ids = MenuIds(game)
    menu = _menus(game, games=1)[0]
    for _ in range(3):
        twins = tuple(copy.deepcopy(action) for action in menu)
        assert all(twin is not action for twin, action in zip(twins, menu, strict=True))
        assert ids.ids_in_order(twins) == [game.encode(action) for action in menu]


def test_each_mask_is_a_new_array() -> None:
    game = holesome.load("donut-dilemma")
    ids = MenuIds(game)
    for menu in {len(menu): menu for menu in _menus(game, games=1)}.values():  # short and long menus
        first = ids.mask(menu)
        first[:] = 1
        assert np.array_equal(ids.mask(menu), _expected_mask(game, menu))


def test_short_menus_are_kept_only_for_a_game_that_hands_them_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menus, "TRIAL", 8)
    game = holesome.load("go-nuts")
    menu = next(menu for menu in _menus(game, games=1) if 1 < len(menu) < menus.SHARED_MENU)
    again, anew = MenuIds(game), MenuIds(game)
    for _ in range(8):
        again.mask(menu)
        anew.mask(tuple(action for action in menu))  # an equal menu, but a new tuple every time
    for ids in (again, anew):
        assert ids(menu) == sorted(game.encode(action) for action in menu)
        assert np.array_equal(ids.mask(tuple(action for action in menu)), _expected_mask(game, menu))
    assert again._keeping and not anew._keeping


def test_masks_of_menus_not_kept_are_the_games_encodings(
    monkeypatch: pytest.MonkeyPatch, any_game: Game[Any, Any]
) -> None:
    """Each bit set as its id is looked up: by value or identity, for objects met before or not."""
    monkeypatch.setattr(menus, "TRIAL", 8)
    ids = MenuIds(any_game)
    met = _menus(any_game)
    for menu in [menu for menu in met if len(menu) < menus.SHARED_MENU][:8]:
        ids.mask(tuple(action for action in menu))  # a new tuple every time: short menus are not kept
    assert not ids._keeping
    for menu in met:
        twins = tuple(copy.deepcopy(action) for action in menu)  # equal objects, not met before
        for listed in (menu, twins, menu):
            assert np.array_equal(ids.mask(listed), _expected_mask(any_game, menu))


def test_actions_of_ids_and_ids_out_of_range() -> None:
    game = holesome.load("double-dash")
    ids = MenuIds(game)
    assert [ids.action(index) for index in range(game.num_actions)] == list(game.action_space)
    for bad in (-1, game.num_actions):
        with pytest.raises(InvalidAction):
            ids.action(bad)


def test_an_id_becomes_the_object_the_rules_listed(any_game: Game[Any, Any]) -> None:
    ids = MenuIds(any_game)
    for menu in _menus(any_game):
        for action, index in zip(menu, ids.ids_in_order(menu), strict=True):
            assert ids.action(index) == action == any_game.action_space[index]


def test_doughnut_dash_gets_its_own_objects_back() -> None:
    """Its menus and draws hold objects equal to its action space's but not the same ones; handed
    its own, its rules recognise them by identity."""
    game = holesome.load("doughnut-dash")
    ids = MenuIds(game)
    met = _menus(game)
    assert any(action is not game.action_space[game.encode(action)] for menu in met for action in menu)
    for menu in met:
        assert all(ids.action(index) is action for action, index in zip(menu, ids.ids_in_order(menu), strict=True))


def test_copies_start_afresh_and_agree() -> None:
    game = holesome.load("go-nuts")
    ids = MenuIds(game)
    met = _menus(game, games=1)
    for menu in met:
        ids(menu)
    for twin in (pickle.loads(pickle.dumps(ids)), copy.deepcopy(ids)):
        twin_game = twin._game
        assert twin_game is not game
        assert set(twin._ids) == {id(action) for action in twin_game.action_space}  # no identity of another process
        for menu in met:
            same = tuple(twin_game.decode(game.encode(action)) for action in menu)
            assert twin(same) == ids(menu)


def test_an_episode_knows_its_seats_and_outcome_and_rewinds() -> None:
    game = holesome.load("go-nuts", players=3)
    episode = Episode(game, 4)
    rng = random.Random(4)
    episode.roll_chance()
    saved = (episode.state, len(episode.actions))
    while episode.to_act:
        assert episode.to_act == game.to_act(episode.state)
        assert episode.outcome is None
        seat = episode.to_act[0]
        episode.act(seat, rng.choice(game.legal_actions(episode.state, seat)))
        episode.roll_chance()
    assert episode.outcome == game.outcome(episode.state)
    episode.rewind(*saved)
    assert episode.state is saved[0] and len(episode.actions) == saved[1]
    assert episode.to_act == game.to_act(saved[0]) and episode.outcome is None


def test_seeds_after_a_seeded_reset_follow_that_seed() -> None:
    seeds = Seeds()
    assert seeds.next(11) == 11
    drawn = random.Random(11)
    assert [seeds.next(None) for _ in range(3)] == [drawn.randrange(2**31) for _ in range(3)]
    assert seeds.next(11) == 11
    assert seeds.next(None) == random.Random(11).randrange(2**31)
