# damas: two commands do all set-up on a fresh Debian machine.
#   make run   - the local development server: set up what serving needs, upgrade the SQLite
#                database, load the demo, serve on http://127.0.0.1:5000
#   make test  - also install what the tests need (Chromium, PostgreSQL, ...), run the whole suite
#                on SQLite and on PostgreSQL
VENV   := .venv
BIN    := $(VENV)/bin
PYTHON ?= python3
export FLASK_APP := app.py
export CHROMIUM_PATH ?= /usr/bin/chromium

.PHONY: run serve test setup test-setup system-deps test-deps venv translations test-sqlite test-postgres bench extract-messages

setup: system-deps venv translations

# what only the tests need (Chromium and its driver, PostgreSQL, Redis, poppler)
test-setup: test-deps venv translations

system-deps:
	@bash scripts/system-deps.sh

test-deps:
	@bash scripts/system-deps.sh --test

venv: $(BIN)/.installed

$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.txt
	touch $@

translations: venv
	$(BIN)/pybabel compile -d damas/translations -D messages

# The app refuses to start without SECRET_KEY; for local use `make run` keeps a random one in
# instance/secret_key (git-ignored, made once). An exported SECRET_KEY wins.
LOCAL_KEY := instance/secret_key
WITH_KEY  = SECRET_KEY="$${SECRET_KEY:-$$(cat $(LOCAL_KEY))}"

$(LOCAL_KEY):
	@mkdir -p $(dir $@)
	@umask 077 && $(PYTHON) -c 'import secrets; print(secrets.token_hex(32))' > $@
	@echo "Created a random local SECRET_KEY in $@"

# the local development server (Flask's), on SQLite; the browser for the tests is not installed
run: setup $(LOCAL_KEY)
	@echo "Bringing the local database (SQLite) up to date"
	@# Alembic's log (each migration's docstring) is shown only if the upgrade fails
	@out=$$($(WITH_KEY) $(BIN)/flask db upgrade 2>&1) || { echo "$$out" >&2; exit 1; }
	@echo "Loading the demonstration events, players and users"
	@# the demo's mails (instance/outbox/) link to this server, not to a bare localhost
	@DAMAS_PUBLIC_URL=$${DAMAS_PUBLIC_URL:-http://127.0.0.1:5000} $(WITH_KEY) $(BIN)/flask damas demo
	@echo "Serving on http://127.0.0.1:5000 (Ctrl+C to stop)"
	$(WITH_KEY) $(BIN)/flask run --host 127.0.0.1 --port 5000

# Production: gunicorn (gunicorn.conf.py; WEB_CONCURRENCY workers) on DATABASE_URL (PostgreSQL).
serve: setup
	@test -n "$$SECRET_KEY" || { echo "make serve: set SECRET_KEY (a long random string; see README, Running in production)" >&2; exit 1; }
	@test -n "$$DATABASE_URL" || { echo "make serve: set DATABASE_URL (postgresql://user:password@host/db)" >&2; exit 1; }
	$(BIN)/flask db upgrade
	@# with CACHE_URL on Redis the printed reports are rendered by RQ workers (README, Printed
	@# reports): one for the round sheets, one for everything; stopped with gunicorn
	@case "$$CACHE_URL" in redis://*|rediss://*|unix://*) \
	  $(BIN)/flask damas worker --lane sheets & $(BIN)/flask damas worker & \
	  trap 'kill $$(jobs -p) 2>/dev/null' EXIT INT TERM; $(BIN)/gunicorn -c gunicorn.conf.py ;; \
	*) exec $(BIN)/gunicorn -c gunicorn.conf.py ;; esac

test: test-setup
	@MAKE="$(MAKE)" bash scripts/test-all.sh

# The suite runs in parallel (pytest-xdist): TEST_WORKERS processes (default: one per CPU), each
# test to the next free worker, but a module sharing a served app stays on one worker (built
# once: tests/conftest.py, MODULE_FIXTURES); each worker has its own PostgreSQL databases
# (tests/worker_databases.py). The slowest tests are printed.
TEST_WORKERS ?= auto
PYTEST_ARGS  ?= -q -n $(TEST_WORKERS) --dist loadgroup --durations=15

test-sqlite:
	@echo "== test suite on SQLite =="
	$(BIN)/pytest $(PYTEST_ARGS)

test-postgres:
	@echo "== test suite on PostgreSQL =="
	@url=$$(bash scripts/pg-test-db.sh) && \
	  case "$$url" in postgresql*://*) ;; *) echo "pg-test-db printed no URL: $$url" >&2; exit 1;; esac && \
	  TEST_DATABASE_URL="$$url" TEST_MIGRATIONS_DATABASE_URL="$${url%/*}/damas_migrations" $(BIN)/pytest $(PYTEST_ARGS)

bench: setup
	$(BIN)/python benchmarks/standings.py
	$(BIN)/python benchmarks/pairing.py
	$(BIN)/python benchmarks/pairing.py --sizes 671 --late 2 --rounds 7 --shape huge-over-tiny
	$(BIN)/python benchmarks/public_pages.py --rounds 9
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/reports.py
	$(BIN)/python benchmarks/results_entry.py

extract-messages: venv
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext --no-location --sort-output \
	  -o damas/translations/messages.pot .
	$(BIN)/pybabel update -i damas/translations/messages.pot -d damas/translations -D messages --no-fuzzy-matching
