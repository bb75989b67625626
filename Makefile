# gupai-learn: two commands for a newcomer.
#   make lab   set up .venv and open the lessons in JupyterLab (127.0.0.1)
#   make test  set up .venv and run the whole suite (lint, types, unit, property, nbval, browser)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.stamp-installed
# JupyterLab refuses to run as root unless told to (containers, CI machines)
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lessons bench

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev,bench]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/python -m jupyterlab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=. $(AS_ROOT) \
		lessons/00.00-Start.ipynb

test: $(STAMP)
	bash tools/ensure_browser.sh
	$(BIN)/ruff check gupai_learn tests tools
	$(BIN)/mypy gupai_learn
	$(BIN)/python -m pytest tests lessons --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg

# helpers for developers (not needed to learn or to test)
lessons: $(STAMP)
	$(BIN)/python tools/run_lessons.py

bench: $(STAMP)
	$(BIN)/python -m gupai_learn.bench
