# Two commands do all the set-up: `make decks` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: decks large-print site check test test-quick bench golden clean same-bytes same-look

decks: $(STAMP)
	$(BIN)/deckpress build

# Only the large-print editions, for the accessibility team.
large-print: $(STAMP)
	$(BIN)/deckpress build --edition large-print

# The download catalogue (also written by every build).
site: $(STAMP)
	$(BIN)/deckpress site

check: $(STAMP)
	$(BIN)/deckpress check

# Lint first (a second), then the suite on every core (pytest-xdist: each test where a worker is free) while the
# type check runs beside it: in a fresh clone mypy reads every stub anew, a quarter of a minute mostly waiting on
# the disk. Its report follows the suite's; either failing fails the target.
# Bytecode is written even where the environment says not to: pytest keeps its assertion-rewritten test modules
# there, and each worker would otherwise rewrite every module again (seconds of a core each, every run).
# The suite's scratch folders (a gigabyte in fifty thousand files a run, each build's staging, commit and copies) go
# into memory where the machine has a tmpfs with room, not mounted noexec (a test runs a script of its own there;
# half the suite's system time is the disk's bookkeeping otherwise): one folder a checkout and target (`make
# test-quick` beside `make test` never empties its folder), emptied by pytest as a run starts and taken away after
# a run that passed (a failed run's stays to be looked at).
SCRATCH := $(shell test "$$(df -k --output=avail /dev/shm 2>/dev/null | tail -n 1)" -gt 4000000 2>/dev/null && \
             ! awk '$$2 == "/dev/shm" {print $$4}' /proc/mounts 2>/dev/null | grep -qw noexec && \
             echo /dev/shm/deckpress-tests-$$(id -u)-$$(pwd | cksum | cut -d ' ' -f 1))
SCRATCH_DIR = $(if $(SCRATCH),$(SCRATCH)-$@)
PYTEST = PYTHONDONTWRITEBYTECODE= $(BIN)/pytest $(if $(SCRATCH),--basetemp=$(SCRATCH_DIR))
test: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & types=$$!; \
	$(PYTEST) -n auto --durations=15; suite=$$?; \
	wait $$types; typed=$$?; echo "mypy:"; cat $(VENV)/mypy.log; \
	test $$suite -ne 0 || rm -rf $(SCRATCH_DIR); \
	test $$suite -eq 0 -a $$typed -eq 0

# While editing: lint and the suite without the tests marked slow; `make test` before committing.
test-quick: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(PYTEST) -n auto -m "not slow" && rm -rf $(SCRATCH_DIR)

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Reinstall whenever the project's metadata changes.
$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "deckpress needs Python 3.11 or newer" >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf build/* $(VENV) $(if $(SCRATCH),$(SCRATCH) $(SCRATCH)-test $(SCRATCH)-test-quick)

# Rewrite the golden drawing logs in tests/golden (Pocket Bazaar's, and Hedgerow's face, back and rules page)
# after an intended layout change.
golden: $(STAMP)
	DECKPRESS_UPDATE_GOLDEN=1 $(BIN)/pytest -q tests/test_layout.py tests/test_every_feature.py -k golden

# The catalogue of REF and of the working tree, built three ways and compared byte for byte.
same-bytes: $(STAMP)
	$(BIN)/python scripts/same_bytes.py $(REF)

# The layout reference in layouts/README.md, written from the keys the code declares (a test fails when stale).
.PHONY: layout-docs
layout-docs: $(STAMP)
	$(BIN)/python -m deckpress.layout.reference layouts/README.md docs/designing.md

# The designer's guide: its layout reference, a picture of every icon and pattern the games ship, and pictures of
# shapes, boards, boxes and standees from the example games.
.PHONY: docs
docs: layout-docs
	$(BIN)/python scripts/icon_gallery.py
	$(BIN)/python scripts/pictures.py

# Every page of the catalogue of REF and of the working tree, rendered and compared pixel by pixel.
same-look: $(STAMP)
	$(BIN)/python scripts/same_look.py $(REF)
