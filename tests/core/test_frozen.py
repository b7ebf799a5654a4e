"""`core.frozen.builder`: a fast constructor whose instances are ordinary frozen dataclass instances,
and the states every game builds with it (or without it) pickle and deep-copy to equal states."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

import holesome
from holesome.core.frozen import builder, replacer
from holesome.core.frozen import replace as fast_replace
from holesome.core.game import CHANCE, sample_chance


@dataclass(frozen=True, slots=True)
class Sample:
    count: int
    names: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)


def test_built_instances_are_the_frozen_class_equal_and_immutable() -> None:
    build = builder(Sample)
    made = build(3, ("a",), notes=("n",))
    assert type(made) is Sample
    assert made == Sample(3, ("a",), ("other",)) and hash(made) == hash(Sample(3, ("a",)))
    assert build(3) == Sample(3) and build(3).names == ()
    with pytest.raises(FrozenInstanceError):
        made.count = 4  # type: ignore[misc]
    assert replace(made, count=4) == Sample(4, ("a",))
    assert pickle.loads(pickle.dumps(made)) == made and copy.deepcopy(made) == made


def test_builder_refuses_classes_it_cannot_build() -> None:
    @dataclass(slots=True)
    class Loose:
        count: int

    @dataclass(frozen=True)
    class NoSlots:
        count: int

    for cls in (Loose, NoSlots):
        with pytest.raises(TypeError, match="frozen dataclass with slots"):
            builder(cls)


def test_replace_changes_only_the_fields_named_and_leaves_the_original_alone() -> None:
    original = Sample(3, ("a",), ("n",))
    for changed in (fast_replace(original, names=("b",)), replacer(Sample)(original, names=("b",))):
        assert type(changed) is Sample and changed == Sample(3, ("b",)) and changed.notes == ("n",)
    assert original == Sample(3, ("a",)) and original.names == ("a",)
    with pytest.raises(TypeError):
        fast_replace(original, colour="red")


def test_replace_falls_back_to_dataclasses_for_other_classes() -> None:
    @dataclass(frozen=True)
    class Plain:
        count: int

        def __post_init__(self) -> None:
            if self.count < 0:
                raise ValueError("negative")

    assert fast_replace(Plain(1), count=2) == Plain(2)
    with pytest.raises(ValueError, match="negative"):
        fast_replace(Plain(1), count=-1)


@pytest.mark.parametrize("name", list(holesome.GAMES))
def test_states_along_a_random_game_pickle_and_deep_copy(name: str) -> None:
    game = holesome.load(name)
    rng = random.Random(5)
    state = game.start(5)
    for _ in range(120):
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state
        seats = game.to_act(state)
        if not seats:
            break
        if seats[0] == CHANCE:
            state = game.apply(state, CHANCE, sample_chance(game, state, rng))
        else:
            seat = seats[rng.randrange(len(seats))]
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
