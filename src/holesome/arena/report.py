"""The arena's report folder: a Markdown summary and Matplotlib plots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, no screen
import matplotlib.pyplot as plt

from holesome.arena.stats import Summary


def write_report(summary: Summary, folder: Path) -> list[Path]:
    """Write `summary.md` and the plots into `folder`; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    data = summary.to_json()
    files = [
        _bar(folder / "win_rate_by_bot.png", data["bots"], "win rate by bot", summary.players),
        _bar(
            folder / "win_rate_by_seat.png",
            {f"seat {int(s) + 1}": v for s, v in data["seats"].items()},
            "win rate by seat",
            summary.players,
        ),
        _bar(folder / "first_seat_advantage.png", data["first_seat"], "win rate from seat 1", summary.players),
        _scores(folder / "score_distribution.png", summary),
    ]
    markdown = folder / "summary.md"
    markdown.write_text(_markdown(data, files), encoding="utf-8")
    return [markdown, *files]


def _bar(path: Path, rows: dict[str, Any], title: str, players: int) -> Path:
    names = list(rows)
    rates = [rows[name]["win_rate"] for name in names]
    errors = [
        [rate - rows[name]["win_rate_ci95"][0] for name, rate in zip(names, rates, strict=True)],
        [rows[name]["win_rate_ci95"][1] - rate for name, rate in zip(names, rates, strict=True)],
    ]
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.bar(names, rates, yerr=errors, capsize=4, color="#c98b4f")
    axes.axhline(1 / players, color="grey", linestyle="--", label="fair share")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def _scores(path: Path, summary: Summary) -> Path:
    names = sorted(summary.bots)
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.boxplot([summary.bots[name].scores for name in names], tick_labels=names)
    axes.set_ylabel("score")
    axes.set_title("score distribution by bot")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def _markdown(data: dict[str, Any], files: list[Path]) -> str:
    lines = [
        f"# Arena: {data['game']}, {data['players']} players",
        "",
        f"{data['matches']} matches, seats rotated every game; mean length {data['mean_length']:.1f} steps.",
        "Shared wins count as fractions. Intervals are 95% (Wilson for win rates, 1.96 sigma for ratings).",
        "",
        "| bot | seat-games | wins | win rate | 95% interval | mean score | rating (openskill mu) |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    for name, row in data["bots"].items():
        low, high = row["win_rate_ci95"]
        lines.append(
            f"| {name} | {row['games']} | {row['wins']:g} | {row['win_rate']:.1%} | {low:.1%}-{high:.1%} "
            f"| {row['mean_score']:.2f} | {row['rating']:.2f} ± {1.96 * row['rating_sigma']:.2f} |"
        )
    lines += ["", "| seat | games | win rate | 95% interval |", "|---|---:|---:|---|"]
    for seat, row in data["seats"].items():
        low, high = row["win_rate_ci95"]
        lines.append(f"| {int(seat) + 1} | {row['games']} | {row['win_rate']:.1%} | {low:.1%}-{high:.1%} |")
    lines += ["", *(f"![{path.stem}]({path.name})" for path in files), ""]
    return "\n".join(lines)
