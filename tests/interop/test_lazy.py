"""LazyInfo: an info dict that builds its view at the first use and otherwise acts as a dict."""

import copy
import json
import pickle
import random
from typing import Any

import numpy as np
import pytest

import holesome
from holesome.core.game import Seat, View
from holesome.interop import pettingzoo as hz
from holesome.interop.lazy import LazyDict, LazyEntries, LazyInfo, LazyRest, lazy_rest, pending


class _Counter:
    """A view loader that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> View:
        self.calls += 1
        return {"seat": 3, "cards": [1, 2]}


def test_nothing_is_built_until_the_dict_is_used_then_once() -> None:
    load = _Counter()
    info = LazyInfo(load)
    assert isinstance(info, dict)
    assert load.calls == 0
    assert "view" in info
    assert info["view"] == {"seat": 3, "cards": [1, 2]}
    assert len(info) == 1 and list(info) == ["view"]
    assert load.calls == 1


def test_it_compares_copies_and_serializes_as_the_full_dict() -> None:
    expected = {"view": {"seat": 3, "cards": [1, 2]}}
    assert LazyInfo(_Counter()) == expected
    assert LazyInfo(_Counter()) == LazyInfo(_Counter())
    assert (LazyInfo(_Counter()) != expected) is False
    assert LazyInfo(_Counter()) != {"view": None}
    assert json.loads(json.dumps(LazyInfo(_Counter()))) == expected
    assert dict(LazyInfo(_Counter())) == expected
    assert {**LazyInfo(_Counter())} == expected
    assert LazyInfo(_Counter()).get("view") == expected["view"]
    assert type(copy.deepcopy(LazyInfo(_Counter()))) is LazyDict
    assert copy.copy(LazyInfo(_Counter())) == expected
    assert pickle.loads(pickle.dumps(LazyInfo(_Counter()))) == expected
    assert repr(LazyInfo(_Counter())) == repr(expected)


def test_writes_keep_the_view() -> None:
    info = LazyInfo(_Counter())
    info["note"] = "mine"
    assert info == {"view": {"seat": 3, "cards": [1, 2]}, "note": "mine"}
    info = LazyInfo(_Counter())
    info.update(extra=1)
    assert sorted(info) == ["extra", "view"]


def test_an_aec_step_builds_only_the_views_someone_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    game = holesome.load("donut-dilemma")
    calls: list[Seat | None] = []
    view = game.view

    def counted(state: Any, seat: Seat | None) -> View:
        calls.append(seat)
        return view(state, seat)

    monkeypatch.setattr(game, "view", counted)
    env = hz.env(game)
    env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(30):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert len(calls) <= 31  # one observed seat per step, not ten


def test_an_info_read_late_still_shows_the_state_it_was_handed_out_at() -> None:
    env = hz.env("donut-dilemma", players=3)
    env.reset(seed=1)
    handed = env.infos["player_0"]
    before = env.unwrapped.game.view(env.unwrapped.holesome_state, 0)
    observation, *_ = env.last()
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.infos["player_0"]["view"] != before
    assert handed["view"] == before


def test_lazy_entries_build_each_entry_from_who_and_state_once() -> None:
    calls: list[tuple[Any, Any, str]] = []

    def entry(who: Any, state: Any, key: str) -> str:
        calls.append((who, state, key))
        return f"{key} of {who} at {state}"

    entries = LazyEntries(pending(("a", "b")), entry, 2, "s", {"fixed": 1})
    assert "a" in entries and len(entries) == 3 and calls == []
    assert entries["b"] == "b of 2 at s" and entries["b"] == "b of 2 at s"
    assert calls == [(2, "s", "b")]
    copied = copy.deepcopy(entries)
    assert type(copied) is LazyEntries
    assert copied == {"fixed": 1, "a": "a of 2 at s", "b": "b of 2 at s"}
    assert pickle.loads(pickle.dumps(entries)) == copied
    assert calls == [(2, "s", "b"), (2, "s", "a")]


def _rest(calls: list[str]) -> LazyRest:
    def entry(who: Any, state: Any, key: str) -> str:
        calls.append(key)
        return f"{key} of {who} at {state}"

    return lazy_rest({"plain": 1}, ("a", "b"), entry, 2, "s")


def test_lazy_rest_builds_each_lazy_entry_once_when_read_and_knows_its_keys_before() -> None:
    calls: list[str] = []
    rest = _rest(calls)
    assert isinstance(rest, dict) and rest["plain"] == 1
    assert "a" in rest and "b" in rest and "c" not in rest and len(rest) == 3
    assert calls == []
    assert rest["b"] == "b of 2 at s" and rest.get("b") == "b of 2 at s" and len(rest) == 3
    assert calls == ["b"]
    assert rest.get("c", "none") == "none"
    with pytest.raises(KeyError):
        rest["c"]
    assert list(rest) == ["plain", "b", "a"] and calls == ["b", "a"]


def test_lazy_rest_compares_copies_and_serializes_as_the_full_dict() -> None:
    expected = {"plain": 1, "a": "a of 2 at s", "b": "b of 2 at s"}
    assert _rest([]) == expected and expected == _rest([]) and (_rest([]) != expected) is False
    entries = LazyEntries(pending(("a", "b")), lambda who, _, key: f"{key} of {who} at s", 2, "s", {"plain": 1})
    assert _rest([]) == _rest([]) and _rest([]) == entries and entries == _rest([])
    assert _rest([]) != {"plain": 1}
    assert json.loads(json.dumps(_rest([]))) == expected
    assert dict(_rest([])) == expected and {**_rest([])} == expected
    assert sorted(_rest([]).items()) == sorted(expected.items())
    assert type(copy.deepcopy(_rest([]))) is LazyRest and copy.deepcopy(_rest([])) == expected
    assert copy.copy(_rest([])) == expected
    assert pickle.loads(pickle.dumps(_rest([]))) == expected
    assert repr(_rest([])) == repr({"plain": 1, "a": "a of 2 at s", "b": "b of 2 at s"})


def test_lazy_rest_changes_act_on_the_full_dict() -> None:
    calls: list[str] = []
    rest = _rest(calls)
    del rest["a"]  # built first, then removed: it is not built again
    assert "a" not in rest and len(rest) == 2 and rest == {"plain": 1, "b": "b of 2 at s"}
    with pytest.raises(KeyError):
        rest["a"]
    assert calls == ["a", "b"]
    rest = _rest([])
    rest["a"] = "mine"
    assert rest["a"] == "mine" and rest.pop("b") == "b of 2 at s" and rest == {"plain": 1, "a": "mine"}


def test_a_lazy_rest_made_as_a_dict_is_one_with_nothing_lazy() -> None:
    made = type(_rest([]))({"a": 1}, b=2)  # how some libraries rebuild a dict of the same type
    assert made == {"a": 1, "b": 2} and "a" in made and len(made) == 2 and made.get("c") is None
    with pytest.raises(KeyError):
        made["c"]
