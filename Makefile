# The two commands a player or developer needs: `make play` and `make test`.
# Each creates or updates the virtual environment in .venv of this checkout.

# The first interpreter that really runs and is 3.11+ (pyenv shims may exist but fail).
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3 python; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && { echo $$p; break; }; done)
VENV   := .venv
PY     := $(VENV)/bin/python
# What the program needs to run (make play), and on top of it the test and build tools.
STAMP  := $(VENV)/.installed
TESTED := $(VENV)/.installed-test

.PHONY: play test bench exe venv clean

venv: $(TESTED)

# setuptools warns on every editable install that a folder named like the package may shadow
# it (this checkout is that folder, on purpose): a newcomer's first make play showed a box of !!
QUIET_BUILD := PYTHONWARNINGS=ignore

define NEW_VENV
	@test -n "$(PYTHON)" || { echo "Domino Table needs Python 3.11 or newer on PATH (python3.11, python3)"; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Domino Table needs Python 3.11 or newer; found " + sys.version.split()[0])'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
endef

$(STAMP): pyproject.toml
	$(NEW_VENV)
	$(QUIET_BUILD) $(PY) -m pip install --quiet -e .
	@touch $(STAMP)

# One install for the tests (the program and the test tools at once: a fresh clone's make test
# paid for two installs of the program before).
$(TESTED): pyproject.toml
	$(NEW_VENV)
	$(QUIET_BUILD) $(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP) $(TESTED)

play: $(STAMP)
	$(PY) -m game

# Every test, on every core (pytest-xdist).  loadgroup deals out one test at a time, the longest
# first (tests/conftest.py), and keeps a module marked xdist_group on one worker (one build of
# the program in tests/tools/test_build_exe.py, not one a worker).
# PYTEST_ARGS adds to pytest's line, e.g. PYTEST_ARGS=--durations=15 make test
test: $(TESTED)
	$(PY) -m ruff check .
	$(PY) -m mypy rules/ game/
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n auto --dist loadgroup $(PYTEST_ARGS)

bench: $(TESTED)
	$(PY) tools/bench_rules.py

# The standalone program (PyInstaller): dist/domino-table/, then its smoke test.
exe: $(TESTED)
	$(PY) tools/build_exe.py --check

clean:
	rm -rf $(VENV) build dist *.egg-info
