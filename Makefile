# The two commands of the README: `make run` and `make test`. Everything else
# they need (the virtualenv, packages, the database, a browser) they set up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
FLASK := $(BIN)/flask --app scorekeeper
UV := $(BIN)/uv
# The app's one command (scorekeeper/cli.py), as a club server installs it.
TAROT := $(BIN)/tarot
TRANSLATIONS := scorekeeper/translations
MO := $(TRANSLATIONS)/fr/LC_MESSAGES/messages.mo

WORKERS ?= 4
# The tests run on both cores: one test process per core, each its own app and databases.
# Tests are shared out one by one, but those of an xdist_group stay in one process (the
# tests of a module that builds its world once).
JOBS ?= 2
PYTEST := $(BIN)/pytest -n $(JOBS) --dist loadgroup

.PHONY: run serve test test-postgres check lint install browser db clean translations bench \
	lock lock-check dist node assets assets-check js-lint js-test js

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv first, pinned with its hashes (requirements-uv.txt, which `make lock` writes)...
$(UV): requirements-uv.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements-uv.txt
	touch $@

# ...then every runtime and development dependency exactly as uv.lock pins them, each
# checked against its hashes, and the app itself (editable). Refused when uv.lock does
# not say what pyproject.toml asks for. uv's cache (~/.cache/uv) makes a fresh clone's
# install a matter of seconds on a machine that installed once.
$(VENV)/.installed: pyproject.toml uv.lock setup.py | $(UV)
	UV_PROJECT_ENVIRONMENT=$(VENV) $(UV) sync --locked --extra dev --quiet
	touch $@

install: $(VENV)/.installed $(MO)

# The French catalog, compiled from the committed .po (the .mo is never committed).
$(MO): $(TRANSLATIONS)/fr/LC_MESSAGES/messages.po $(VENV)/.installed
	$(BIN)/pybabel compile --statistics -i $< -o $@

# For developers: after changing the words in the code or templates, extract them
# again and merge them into the .po, then translate what is new.
translations: $(VENV)/.installed
	$(BIN)/pybabel extract -F $(TRANSLATIONS)/babel.cfg -k _l -k lazy_gettext \
		--project=scorekeeper -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) -l fr

# After a change of the dependencies in pyproject.toml: pin them again (uv.lock keeps every
# version it can), and uv's own pin with its hashes. Then `make install`, and commit both.
lock: | $(UV)
	$(UV) lock
	$(UV) export --frozen --extra dev --no-hashes --no-emit-project --no-header | grep '^uv==' | \
		$(UV) pip compile - --generate-hashes --universal --quiet \
		--custom-compile-command 'make lock' --output-file requirements-uv.txt

# CI's check that the lock is the one pyproject.toml asks for (and uv's pin is the lock's).
lock-check: | $(UV)
	@$(UV) lock --check --quiet || { echo "uv.lock does not match pyproject.toml: run 'make lock', commit uv.lock"; exit 1; }
	@grep -qx "$$($(UV) export --frozen --extra dev --no-hashes --no-emit-project --no-header | grep '^uv==') \\\\" requirements-uv.txt \
		|| { echo "requirements-uv.txt does not pin the uv of uv.lock: run 'make lock'"; exit 1; }

# The release's files: dist/*.tar.gz, dist/*.whl, and dist/requirements.txt, the runtime
# pins with their hashes that a club installs first (docs/deploy.md, CONTRIBUTING.md).
dist: install
	rm -rf dist
	$(UV) build --out-dir dist
	$(UV) export --frozen --no-emit-project --output-file dist/requirements.txt --quiet

db: install
	$(TAROT) upgrade

# The development server; the database upgraded first.
run: install
	$(TAROT) run --host $(HOST) --port $(PORT)

# A club server: gunicorn (gunicorn.conf.py), settings from the environment (DATABASE_URL,
# SECRET_KEY, PREFERRED_URL_SCHEME, PROXY_FIX), logs on stdout; the database upgraded first.
serve: install
	$(TAROT) serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

# Debian's Chromium for the browser tests, installed when missing and we are root.
# Without it (and outside CI) the browser tests skip with a message.
browser:
	@if ! command -v chromium >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The scripts' tools (package.json, pinned in package-lock.json): esbuild bundles static/src
# into static/js (committed: `make run` and the wheel need no Node), eslint reads the
# sources, Node's own test runner runs their unit tests (tests/js), axe-core checks pages
# in the browser tests. Debian's Node.js and npm, installed when missing and we are root.
NODE_MODULES := node_modules/.installed
ESBUILD := node_modules/.bin/esbuild
# Each page's one script (static/src/pages), and the modules a script loads later with
# import("./name.js"), each a file of its own that no page loads first (the service worker
# keeps them all): list them in LATER. Such a module is static/src/name.js, or a folder of
# modules, static/src/name/ (its entry: index.js), bundled into one file all the same.
LATER := sentence scoring
ENTRIES := static/src/pages/*.js $(foreach m,$(LATER),$(or $(wildcard static/src/$(m).js),$(m)=static/src/$(m)/index.js))
BUNDLE = $(ESBUILD) $(ENTRIES) --bundle --format=esm --target=es2020 --charset=utf8 \
	--entry-names=[name] $(LATER:%=--external:./%.js) --log-level=warning

node:
	@if ! command -v npm >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's nodejs and npm for the scripts' tools"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	fi

$(NODE_MODULES): package.json package-lock.json | node
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# After changing a script of static/src: bundle again, and commit static/js with it.
assets: $(NODE_MODULES)
	rm -rf static/js
	$(BUNDLE) --outdir=static/js

# static/js is what static/src bundles to (the scripts a release serves are their sources').
assets-check: $(NODE_MODULES)
	@rm -rf .assets-check && $(BUNDLE) --outdir=.assets-check
	@diff -r static/js .assets-check >/dev/null || { rm -rf .assets-check; \
		echo "static/js is not what static/src bundles to: run 'make assets', commit static/js"; exit 1; }
	@rm -rf .assets-check

js-lint: $(NODE_MODULES)
	node_modules/.bin/eslint static/src tests/js eslint.config.js

js-test: $(NODE_MODULES)
	node --test --test-reporter=spec tests/js/*.test.js

js: js-lint js-test assets-check

# The quick tests with branch coverage of the app (pyproject.toml's [tool.coverage.run]):
# its total is the README's figure to watch; no threshold fails the run. Then the slow and
# the browser tests, without: tracing every line doubles the CPU time of the tests (the
# quick tests: 1 min 46 s of CPU without, 3 min 30 s with), and CI must stay under 10 min.
test: install browser lock-check js
	$(PYTEST) -m "not slow and not browser" --cov --cov-report=
	@echo "Branch coverage of scorekeeper/ (the quick tests): $$($(BIN)/coverage report --format=total) %"
	$(PYTEST) -m "slow or browser"

# The tests that touch the database, on the PostgreSQL server of TEST_DATABASE_URL. Of the
# browser tests, only those of phones racing (marked `phones`): what a page shows does not
# depend on the database, and `make test` has driven every page already.
test-postgres: install browser
	@test -n "$(TEST_DATABASE_URL)" || { echo "Set TEST_DATABASE_URL=postgresql://…"; exit 2; }
	$(PYTEST) -m "db and (not browser or phones)"

# The inner loop: lint and every test that is neither slow nor a browser's, on both cores.
check: lint
	$(PYTEST) -q -m "not slow and not browser"

# Benchmarks, not tests: they print a table and write bench-results.json. With a club
# server's settings (limits on, `make serve`'s workers). `make bench BENCH=--skip-long`
# leaves out the afternoon curve (some ten minutes); `BENCH=saves` runs one benchmark.
bench: install browser
	WORKERS=$(WORKERS) $(BIN)/python -m tests.bench $(BENCH)

# Lint: ruff (complexity 10 at most), ruff format, mypy --strict, and no module of the
# app over 400 lines (migrations aside).
lint: install js-lint assets-check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	@find scorekeeper -name '*.py' -not -path '*/migrations/*' -exec wc -l {} + | \
		awk '$$2 != "total" && $$1 > 400 { print "over 400 lines: " $$2 " (" $$1 ")"; bad = 1 } \
		END { exit bad }'

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis dist build node_modules
