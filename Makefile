# The two commands of the README: `make run` and `make test`. Everything else
# they need (the virtualenv, packages, the database, a browser) they set up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
FLASK := $(BIN)/flask --app scorekeeper

.PHONY: run test lint install browser db clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[dev]'
	touch $@

install: $(VENV)/.installed

db: install
	$(FLASK) init-db

run: db
	$(FLASK) run --host $(HOST) --port $(PORT)

# Debian's Chromium for the browser tests, installed when missing and we are root.
# Without it (and outside CI) the browser tests skip with a message.
browser:
	@if ! command -v chromium >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

test: install browser
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
