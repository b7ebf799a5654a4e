"""Every option of every game is bounded where it is parsed, and its help states the bound."""

from __future__ import annotations

import pytest

import holesome
from holesome.core.errors import InvalidOption
from holesome.core.game import MAX_OPTION_TEXT, Option
from holesome.games import GAMES

SPECS = [(name, spec) for name, game in GAMES.items() for spec in game.option_specs]


@pytest.mark.parametrize(("name", "spec"), SPECS, ids=[f"{name}-{spec.name}" for name, spec in SPECS])
def test_every_option_refuses_a_value_past_its_bound(name: str, spec: Option) -> None:
    if spec.kind is int:
        assert spec.maximum is not None and str(spec.maximum) in spec.help
        too_big: object = spec.maximum + 1
        bound = f"at most {spec.maximum}"
    elif spec.kind is list:
        too_big = [0] * (spec.max_length + 1)
        bound = f"at most {spec.max_length} items"
    else:
        too_big = "x" * (spec.max_length + 1)
        bound = f"at most {spec.max_length} characters"
    with pytest.raises(InvalidOption, match=bound):
        holesome.load(name, None, **{spec.name: too_big})


def test_the_attacks_of_issue_19_are_refused_by_the_engines_themselves() -> None:
    attacks: list[tuple[str, dict[str, object], str]] = [
        ("donut-dilemma", {"rounds": 1_000_000_000}, "at most 20"),
        ("donut-dilemma", {"rounds": 400}, "at most 20"),
        ("double-dash", {"board": ["1" * 5] + ["." * 5] * 1998 + ["2" * 5]}, "at most 26 items"),
        ("honey-donut", {"max_plies": 10**30}, "at most 2000"),
        ("honey-donut", {"max_plies": "9" * (MAX_OPTION_TEXT + 1)}, "too long"),
    ]
    for name, options, bound in attacks:
        with pytest.raises(InvalidOption, match=bound):
            holesome.load(name, None, **options)
    with pytest.raises(InvalidOption, match="from 0 to 20"):
        holesome.load("donut-dilemma", 3, garnets=[100_000, 0, 0])


def test_the_largest_allowed_games_still_build() -> None:
    assert holesome.load("donut-dilemma", rounds=20, garnets=[20] * 10).options["rounds"] == 20
    rows = ["1" * 26] + ["." * 26] * 24 + ["2" * 26]
    assert holesome.load("double-dash", board=rows).options["board"] == rows
    assert holesome.load("honey-donut", max_plies=2000).options["max_plies"] == 2000
