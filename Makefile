# The two commands a newcomer needs: `make run` and `make test`. Nothing to do by hand first.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck pytest migrate demo worker install clean benchmarks messages

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

typecheck: install
	$(VENV)/bin/mypy .
	$(VENV)/bin/mypy --strict judging/engine tournaments/pairing cardpool/legality

pytest: install $(MO)
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

test: lint typecheck pytest

worker: install
	$(VENV)/bin/celery -A config worker --loglevel=INFO

benchmarks: install
	$(PY) benchmarks/decklists.py
	$(PY) benchmarks/pairing.py
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/printing.py

clean:
	rm -rf $(VENV) var staticfiles artifacts .mypy_cache .ruff_cache
