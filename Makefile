# Two commands: `make run` (the site on the embedded default) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench mutation clean messages lock

# Every dependency comes from requirements.lock (exact versions and their hashes);
# the project itself is then installed over it without resolving anything again.
$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m games.catalogues
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	@echo ""
	@echo "  The Mafia site is starting: open http://127.0.0.1:8000/ and sign up."
	@echo "  (embedded default: SQLite in db.sqlite3, phase timers inside this process; Ctrl-C stops)"
	@echo ""
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# Two pytest-xdist workers per core: the site's tests wait on sockets, browsers and
# timers more than they compute (TEST_WORKERS=0: one process). The fault tests share
# one worker (their processes start once). PYTEST_ARGS: paths or options, e.g. tests/site.
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(2 * (os.cpu_count() or 1))")
test: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

# The English and Russian catalogues (locale/*/LC_MESSAGES/*.po) from the site's own
# words, with no system gettext: new strings are added untranslated, gone ones dropped.
messages: $(STAMP)
	$(BIN)/python manage.py site_messages

bench: $(STAMP)
	$(BIN)/python bench/phase_close.py

# The mutation run over roles/ (bench/mutation.py; hours for every module, so not in CI).
# MUTATION_ARGS picks modules and a sample, e.g. MUTATION_ARGS="--core --sample 40 --seed 19".
MUTATION_ARGS ?= --core
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,mutation]'
	nice -n 19 $(BIN)/python bench/mutation.py $(MUTATION_ARGS)

# Re-resolve requirements.lock from pyproject.toml's ranges (newest versions within
# them) with pip-tools in a venv of its own; review the diff and run the suite.
LOCK_VENV := .venv-lock
lock:
	test -x $(LOCK_VENV)/bin/pip-compile || ($(PYTHON) -m venv $(LOCK_VENV) && \
	  $(LOCK_VENV)/bin/python -m pip install --quiet 'pip-tools>=7.4,<8')
	$(LOCK_VENV)/bin/pip-compile --quiet --upgrade --generate-hashes --allow-unsafe \
	  --strip-extras --extra dev --no-emit-index-url --no-emit-find-links \
	  -o requirements.lock pyproject.toml

clean:
	rm -rf $(VENV) $(LOCK_VENV) *.egg-info mutants
