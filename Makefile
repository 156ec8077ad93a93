# Two commands set everything up on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000
# `make run` is a development server: DEBUG on, SQLite unless DATABASE_URL says otherwise.
DEV_ENV := DEBUG=true

.PHONY: run test test-browser worker beat install install-dev migrate demo lint typecheck bench bench-carga clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.run-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.run-installed

install: $(VENV)/.run-installed
install-dev: $(VENV)/.dev-installed

migrate: install
	$(DEV_ENV) $(BIN)/python manage.py migrate --noinput

demo: migrate
	$(DEV_ENV) $(BIN)/python manage.py carregar_demo

## Serve the app on http://127.0.0.1:8000 with demo data (SQLite, Celery in-process).
run: demo
	$(DEV_ENV) $(BIN)/python manage.py runserver $(HOST)

## Run the whole suite (in parallel). Extra pytest arguments: make test ARGS="-k importacao"
test: install-dev
	$(BIN)/pytest -n auto $(ARGS)

## Only the browser tests (tests/e2e; Debian's /usr/bin/chromium, skipped without it).
test-browser: install-dev
	$(BIN)/pytest -m browser $(ARGS)

## A Celery worker against CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0), consuming every
## queue (config/settings.py FILAS_CELERY); one machine per queue: make worker QUEUES=email
QUEUES ?= celery,recalculo,email,documentos
worker: install
	@test -n "$$CELERY_BROKER_URL" || { echo "Defina CELERY_BROKER_URL (ex.: redis://127.0.0.1:6379/0)"; exit 2; }
	$(BIN)/celery -A config worker -Q $(QUEUES) -l info

## The periodic jobs (celery beat): re-queues recomputes a lost worker left behind. Run one.
beat: install
	@test -n "$$CELERY_BROKER_URL" || { echo "Defina CELERY_BROKER_URL (ex.: redis://127.0.0.1:6379/0)"; exit 2; }
	$(BIN)/celery -A config beat -l info

## Load benchmark: its own PostgreSQL database (dropped afterwards), gunicorn, wrk at 50
## clients; per page req/s, p50, p99. Options: make bench-carga ARGS="--duracao 5"
bench-carga: install
	@command -v wrk >/dev/null || [ -x /usr/bin/wrk ] || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "== apt-get install wrk (gerador de carga) =="; apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	  else echo "Instale o wrk: sudo apt-get install wrk"; exit 2; fi; }
	$(DEV_ENV) $(BIN)/python manage.py bench_carga $(ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
