#!/bin/sh
# Issue 17's strength cells: the `hard` bot (one CPU-second a move) in one seat, greedy in all
# the others, seats rotated; one JSON file and one Markdown row per cell.
#
#   scripts/strength_cells.sh GAMES OUT [CELL ...]     CELL is game:players (default: all eight)
#
# Each cell runs `python -m holesome.arena.duel`, which also reports each side's CPU
# milliseconds per decision, so the budget the bot really had is on record. Set SEED to deal other
# games (default 17; a cell of N games plays seeds SEED to SEED+N-1). Set WORKERS to play
# several games at once (default 1), OPPONENT to measure against another bot (default greedy).
set -eu
games=${1:?how many games a cell}
out=${2:?a folder for the results}
shift 2
cells=${*:-"honey-donut:2 go-nuts:2 doughnut-dash:2 double-dash:2 go-nuts:4 doughnut-dash:4 donut-dilemma:5 donut-dilemma:10"}
python=${PYTHON:-.venv/bin/python}
mkdir -p "$out"
for cell in $cells; do
    game=${cell%%:*}
    players=${cell##*:}
    "$python" -m holesome.arena.duel "$game" --players "$players" --ours hard --theirs "${OPPONENT:-greedy}" \
        --games "$games" --workers "${WORKERS:-1}" --seed "${SEED:-17}" --json "$out/$game-$players.json" | tee -a "$out/rows.md"
done
