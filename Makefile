# gupai-learn: two commands for a newcomer.
#   make lab   set up .venv and open the lessons in JupyterLab (127.0.0.1)
#   make test  set up .venv and run the whole suite (lint, types, unit, property, nbval, browser)
#   make lite  build the JupyterLite site in _site/ (the lessons in a browser, no server; the
#              build needs npm); make lite-serve shows it on http://127.0.0.1:8000/ (or PORT=)

PYTHON ?= python3
PORT   ?= 8888
VENV   := .venv
# the learner's working copy of the lessons (git-ignored): runs and edits never touch lessons/
WORK   := my-lessons
SETTINGS := $(VENV)/share/jupyter/lab/settings
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.stamp-installed
# JupyterLab refuses to run as root unless told to (containers, CI machines)
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lessons bench lite lite-serve

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(PIP_INSTALL_FLAGS) -e '.[lab,stats,test,dev,bench,dask]'
	touch $(STAMP)

lab: $(STAMP)
	mkdir -p $(SETTINGS) $(WORK)
	cp binder/overrides.json $(SETTINGS)/overrides.json
	cp -n lessons/*.ipynb $(WORK)/    # new lessons are added; a learner's copies are kept
	cp lessons/syllabus.toml $(WORK)/   # the map of lessons (and of your stars) is always the latest
	$(BIN)/jupyter trust $(WORK)/*.ipynb >/dev/null
	@token=$$($(BIN)/python -c "import secrets; print(secrets.token_hex(16))"); \
	echo; echo "  Open the lessons: http://127.0.0.1:$(PORT)/lab/tree/00.00-Start.ipynb?token=$$token"; \
	echo; $(BIN)/python -m jupyterlab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) \
		--ServerApp.root_dir=$(WORK) --ServerApp.default_url=/lab/tree/00.00-Start.ipynb \
		--IdentityProvider.token=$$token $(AS_ROOT) $(WORK)/00.00-Start.ipynb

# The suite starts over a hundred Python processes that import the package (lesson kernels, the browser
# tests' kernels, subprocesses). Where the shell turns bytecode writing off (PYTHONDONTWRITEBYTECODE)
# each would compile it again, about 0.4 s apiece; the test run writes it once instead, into the
# git-ignored __pycache__ folders (the lessons under nbval: 107 s -> 89 s on two cores).
# A venv set up by make test is installed without compiling every module up front: pip's
# compiling was 54 s of a 93 s install here, while the tests import a small part of what is
# installed (each compiled once, on its first import: about 12 s for the ones I timed). make lab
# installs as pip does.
test: PIP_INSTALL_FLAGS := --no-compile
test: $(STAMP)
	bash tools/ensure_browser.sh
	$(BIN)/ruff check gupai_learn tests tools
	$(BIN)/mypy gupai_learn   # strict for the typed seams: pyproject.toml's [tool.mypy] overrides
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest tests lessons -n 2 --dist loadscope \
		--no-loadscope-reorder \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg --durations=25

# helpers for developers (not needed to learn or to test)
lessons: $(STAMP)
	$(BIN)/python tools/run_lessons.py

bench: $(STAMP)
	$(BIN)/python -m gupai_learn.bench

# the static JupyterLite site (downloads go to .lite-cache/ once; tools/lite/build.py says
# which package is missing when offline)
lite: $(STAMP)
	$(BIN)/python tools/lite/build.py

# PORT= given on the command line (or in the environment) wins, as for make lab; else 8000
LITE_PORT = $(if $(filter command line environment,$(origin PORT)),$(PORT),8000)

lite-serve:
	$(BIN)/python tools/lite/serve.py $(LITE_PORT)
