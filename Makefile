# `make test` and `make serve` set everything up from this repository alone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS := test,ray,rl,openspiel,fast

.PHONY: install test lint typecheck pytest serve bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

test: install lint typecheck pytest

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: install
	$(BIN)/mypy

pytest: install
	scripts/chromium.sh >/dev/null
	$(BIN)/pytest -n auto

serve: install
	$(BIN)/holesome serve --database sqlite:///holesome.db

bench: install
	$(BIN)/holesome bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
