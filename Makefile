# The two commands a newcomer needs: `make run` and `make test`. Nothing to do by hand first.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck pytest migrate demo worker beat install clean benchmarks messages mutation load chaos scale-out walk fuzz

# Python 3.13 from .python-version: a python3.13 on PATH, else pyenv's 3.13.0.
$(PY):
	@py="$$(command -v python3.13 || true)"; \
	if [ -z "$$py" ] || ! "$$py" -c 'import sys; assert sys.version_info[:2] == (3, 13)' 2>/dev/null; then \
	  root="$$(pyenv root 2>/dev/null || echo $$HOME/.pyenv)"; py="$$root/versions/$$(cat .python-version)/bin/python"; \
	fi; \
	[ -x "$$py" ] || { echo "Python $$(cat .python-version) not found (install it with pyenv)"; exit 1; }; \
	echo "creating $(VENV) with $$py"; "$$py" -m venv $(VENV)

$(STAMP): $(PY) requirements.txt requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $(STAMP)

install: $(STAMP)

MO := locale/ja/LC_MESSAGES/django.mo
$(MO): locale/ja/LC_MESSAGES/django.po
	msgfmt --check-format -o $@ $<

messages: $(MO)

migrate: install $(MO)
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

run: demo
	@echo "Serving on http://$(HOST):$(PORT)/ (Celery runs tasks eagerly; no Redis needed)"
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/vulture

typecheck: install
	$(VENV)/bin/mypy .
	$(VENV)/bin/mypy --strict judging/engine tournaments/pairing cardpool/legality

# Coverage (pytest-cov, branch coverage of config, core, cardpool, tournaments and judging; the
# settings are [tool.coverage.*] in pyproject.toml) is measured and printed on every pass.
# COV_FLOOR is the total measured by a local `make test` in the lowest configuration: SQLite, no
# PostgreSQL, no Redis, no Chromium (their tests skip), rounded down. It may only rise.
# .ci/run's second pass (PostgreSQL + Redis) sets SERVICES_PASS=1: tests/conftest.py deselects the
# pure, property and browser tests there (they ran in the SQLite pass, so they run once), which
# leaves the pure packages' own tests out. That pass measures the Django apps only (the pure
# packages are omitted from its report) and holds them to COV_FLOOR_APPS: the same apps' figure
# in the lowest configuration, rounded down, which the services pass (more tests on the apps) met
# or beat in every run so far. Measured: 93.57 % in the lowest configuration (the apps 93.98 %);
# the services pass 94.42 %.
COV_FLOOR := 93
COV_FLOOR_APPS := 93
# pytest-xdist runs the suite on every core (two on the development machine), which keeps each
# pass under five minutes; PYTEST_WORKERS=0 runs it in one process.
# worksteal: a worker that runs out of tests takes some of the other's, so the slow tests that
# come last (browser walks, migrations) do not leave one core idle at the end.
PYTEST_WORKERS ?= auto
PURE_PACKAGES := judging/engine/*,tournaments/pairing/*,cardpool/legality/*
# What every commit runs (docs/testing.md): everything but the on-demand cases, which are the
# browser matrix beyond its smoke case (marked walk: `make walk`) and the full-budget fuzzing
# (marked fuzz: `make fuzz`). Each on-demand case leaves its smoke case here.
PYTEST_SELECT ?= not walk and not fuzz
# PYTEST_ARGS adds options to every pytest run of this file (.ci/run: --durations=25).
PYTEST_ARGS ?=

pytest: install $(MO)
	$(PY) manage.py makemigrations --check --dry-run
ifeq ($(SERVICES_PASS),1)
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "$(PYTEST_SELECT)" $(PYTEST_ARGS) --cov --cov-report=
	$(VENV)/bin/coverage report --omit='$(PURE_PACKAGES)' --fail-under=$(COV_FLOOR_APPS)
else
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "$(PYTEST_SELECT)" $(PYTEST_ARGS) --cov --cov-report=term --cov-fail-under=$(COV_FLOOR)
endif

# On demand, not per commit (docs/testing.md). `make walk`: every browser suite at every size
# and in every language it has (every person, axe, width and CSP over every page), the smoke
# cases included; Chromium must be there (REQUIRE_BROWSER=1: no silent skip).
walk: install $(MO)
	REQUIRE_BROWSER=$${REQUIRE_BROWSER:-1} $(PY) -m pytest -n $(PYTEST_WORKERS) -m browser $(PYTEST_ARGS) tests/browser

# `make fuzz`: schemathesis over every API operation and the form fuzzing at full budget
# (FUZZ_EXAMPLES examples per operation or form and person; the per-commit pass runs 2).
FUZZ_EXAMPLES ?= 25

fuzz: install $(MO)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest -n $(PYTEST_WORKERS) -m fuzz $(PYTEST_ARGS)

# .ci/run's second pass (SERVICES_PASS=1) runs on the tree its first pass linted and type-checked:
# it runs the tests only.
ifeq ($(SERVICES_PASS),1)
test: pytest
else
test: lint typecheck pytest
endif

worker: install
	$(VENV)/bin/celery -A config worker --loglevel=INFO

# The periodic tasks (config/celery.py: the due reminders). Exactly ONE beat process in
# production; under `make run` (no broker) `python manage.py send_due_notifications` does the same.
beat: install
	@mkdir -p var
	$(VENV)/bin/celery -A config beat --loglevel=INFO --schedule var/celerybeat-schedule

benchmarks: install
	$(PY) benchmarks/decklists.py
	$(PY) benchmarks/pairing.py
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/ztrike.py
	$(PY) benchmarks/printing.py
	$(PY) benchmarks/ruling_page.py

# A 1,000-table round end with 1,000 polling phones on a private production stack
# (benchmarks/stack.py: its own PostgreSQL, Redis, gunicorn x4, Celery; never the shared ones).
# Prints throughput, p50/p99 and the ratios to the yardstick, then checks the database.
# LOAD_ARGS="--tables 200 --phones 200" for a shorter run.
LOAD_ARGS ?=
# Its second case (benchmarks/load.py --case imports): the reports of a round end beside four
# 20,000-line player imports (background jobs), their figures within 10 % of theirs without.
# LOAD_IMPORTS_ARGS="--tables 200 --import-lines 2000" for a shorter run.
LOAD_IMPORTS_ARGS ?=

load: install
	$(PY) benchmarks/load.py $(LOAD_ARGS)
	$(PY) benchmarks/load.py --case imports $(LOAD_IMPORTS_ARGS)

# Faults on a private stack (benchmarks/chaos.py: kill -9 of a web worker mid-storm, Redis
# stopped and restarted, the database's connections terminated, the Celery worker killed during
# PDF jobs), each followed by the checks of `make load`; prints a summary.
CHAOS_ARGS ?=

chaos: install
	$(PY) benchmarks/chaos.py $(CHAOS_ARGS)

# The production topology on loopback (benchmarks/scale_out.py): nginx in front of two web
# nodes, two Celery workers, one beat, one PostgreSQL, one Redis, all private; a 2,000-player
# event through the API. Debian's nginx is installed when missing (only its binary is used: the
# system's nginx service is never started or touched). Not part of CI.
SCALE_OUT_ARGS ?=

scale-out: install
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
	  echo "== installing Debian's nginx"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -qq nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx >/dev/null; }; \
	fi
	$(PY) benchmarks/scale_out.py $(SCALE_OUT_ARGS)

# Mutation testing of the three pure packages with mutmut ([tool.mutmut] in pyproject.toml): only
# their own tests run against each mutant, from mutmut's copy in mutants/ (SHARED_DIR points them
# at the shared data folder), with every property test capped at 10 examples since each mutant reruns them.
# Not part of `make test`. The run is bounded by MUTATION_MINUTES of wall time, and mutmut times
# out each mutant at 3x its tests' clean time. mutmut keeps its results in mutants/, so a run cut
# short goes on from where it stopped when run again (`rm -rf mutants` starts afresh;
# `.venv/bin/mutmut run "tournaments.pairing.*"` re-runs one package). Prints the score per
# package: killed (timeouts count as killed) over the mutants tried (survivors and mutants no
# test reaches count against it), and how many are not tried yet. `.venv/bin/mutmut results`
# lists the survivors and `.venv/bin/mutmut show NAME` shows one.
# MUTATION_CHILDREN mutants run at once (MUTATION_CHILDREN=1 on a shared machine). Bytecode is
# written even where PYTHONDONTWRITEBYTECODE is set: the CLI tests start `python -m ...` from
# mutants/, and without .pyc files each start recompiles the mutated modules (8 MB for
# zutomayo/apply.py), over a minute, past those tests' 60 s timeout.
MUTATION_MINUTES ?= 60
MUTATION_CHILDREN ?= $(shell nproc)

mutation: install
	@mkdir -p mutants
	@echo "== mutmut over judging/engine, tournaments/pairing, cardpool/legality (at most $(MUTATION_MINUTES) min)"
	@env -u PYTHONDONTWRITEBYTECODE SHARED_DIR="$(abspath $(CURDIR)/../shared)" HYPOTHESIS_EXAMPLES_CAP=10 \
	  timeout --foreground --signal=INT --kill-after=60 $(MUTATION_MINUTES)m \
	  $(VENV)/bin/mutmut run --max-children "$(MUTATION_CHILDREN)" > mutants/run.log 2>&1; \
	status=$$?; \
	if [ $$status -eq 124 ]; then echo "time bound reached: run again to go on"; \
	elif [ $$status -ne 0 ]; then tail -n 40 mutants/run.log; exit $$status; fi
	@$(VENV)/bin/mutmut results --all true | awk -F': ' '\
	  { split($$1, name, "."); package = name[1] "." name[2]; sub(/^ +/, "", package); \
	    total[package]++; if ($$2 == "killed" || $$2 == "timeout") killed[package]++; \
	    else if ($$2 == "not checked" || $$2 == "skipped" || $$2 ~ /^check was interrupted/) \
	      unchecked[package]++; \
	    else if ($$2 == "no tests") untested[package]++; \
	    else alive[package]++ } \
	  END { for (p in total) { tried = total[p] - unchecked[p]; \
	          printf "%-20s %5d / %5d killed (%5.1f%%): %5d survived, %5d no tests; %5d not checked yet of %5d\n", \
	            p, killed[p], tried, tried ? 100 * killed[p] / tried : 0, alive[p], untested[p], \
	            unchecked[p], total[p] } }' \
	  | sort

clean:
	rm -rf $(VENV) var staticfiles artifacts .mypy_cache .ruff_cache mutants
