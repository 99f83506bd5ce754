# Two commands: `make run` (the site on the embedded default) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench mutation clean messages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m games.catalogues
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	@echo ""
	@echo "  The Mafia site is starting: open http://127.0.0.1:8000/ and sign up."
	@echo "  (embedded default: SQLite in db.sqlite3, phase timers inside this process; Ctrl-C stops)"
	@echo ""
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(STAMP)
	$(BIN)/python -m pytest

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

clean:
	rm -rf $(VENV) *.egg-info mutants
