# Developer entry points. Needs only python3; everything else goes into $(VENV).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup play test lint bench attack screenshots clean

setup: $(STAMP)

# (Re)build the venv whenever the project metadata changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

play: $(STAMP)
	$(BIN)/berserk play --vs bot

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -n auto
	$(BIN)/berserk scenario run tests/scenarios

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	@set -e; for f in bench/*.py; do \
		[ -e "$$f" ] || continue; \
		[ "$$f" = bench/attack.py ] && continue; \
		[ "$$f" = bench/heroes_faults.py ] && continue; \
		echo "== $$f"; \
		$(BIN)/python "$$f"; \
	done

# The live attacks over loopback (issue 36), about 10 minutes, and 100 fault-injected duels of «Берсерк. Герои»
# (about 2 minutes); prints counts against their goals.
attack: $(STAMP)
	$(BIN)/python bench/attack.py
	$(BIN)/python bench/heroes_faults.py

# Refresh screenshots/*.svg from the scenes of the snapshot tests (tests/ui/scenes.py).
screenshots: $(STAMP)
	$(BIN)/python -m tests.ui.scenes

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
