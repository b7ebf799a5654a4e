"""The registry of games: one explicit table from name to the class that plays it.

Add a game by writing its package under `holesome/games/` and one line here. A game's package
is imported the first time its class is looked up, so a command that plays one game (or only
lists the names) does not load the other four.
"""

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from holesome.core.game import Game

_CLASSES: dict[str, tuple[str, str]] = {
    "honey-donut": ("holesome.games.honey_donut", "HoneyDonut"),
    "go-nuts": ("holesome.games.go_nuts", "GoNuts"),
    "doughnut-dash": ("holesome.games.doughnut_dash", "DoughnutDash"),
    "double-dash": ("holesome.games.double_dash", "DoubleDash"),
    "donut-dilemma": ("holesome.games.donut_dilemma", "DonutDilemma"),
}
"""Each game's name, and the package and class that play it."""


class Registry(Mapping[str, type[Game[Any, Any]]]):
    """Game classes by name, in the order above; each package is imported on first lookup."""

    def __init__(self, classes: Mapping[str, tuple[str, str]]) -> None:
        self._classes = dict(classes)

    def __getitem__(self, name: str) -> type[Game[Any, Any]]:
        package, class_name = self._classes[name]
        game: type[Game[Any, Any]] = getattr(import_module(package), class_name)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._classes)

    def __len__(self) -> int:
        return len(self._classes)

    def __contains__(self, name: object) -> bool:
        return name in self._classes


GAMES: Mapping[str, type[Game[Any, Any]]] = Registry(_CLASSES)

__all__ = ["GAMES", "Registry"]
