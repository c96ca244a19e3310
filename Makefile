# Set up and run Marquoir from a fresh clone: `make test`, `make run`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: test quick run lint typecheck unit bench clean system-deps catalogues node-tools

# Debian packages the tests need: Chromium for the browser tests, Poppler's pdftoppm to look at rendered PDFs,
# Pango and fonts for WeasyPrint, PostgreSQL for the storage tests, nginx and openssl for the club-server tests (a
# reverse proxy with TLS in front of waitress, started on loopback by the tests), and npm for the browser tests'
# axe-core (Debian's, only where no npm is on the PATH). Installed only when missing, and only where apt-get can
# (root on Debian).
SYSTEM_PACKAGES := chromium poppler-utils libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core postgresql nginx openssl \
	redis-server memcached \
	$(if $(shell command -v npm),,npm)
system-deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "Missing Debian packages:$$missing (install them, e.g. sudo apt-get install$$missing)" >&2; exit 1; fi; \
	fi

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

test: system-deps $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(PY) -m ruff check marquoir tests bench setup.py

typecheck: $(STAMP)
	$(PY) -m mypy

# Two workers (pytest-xdist), each test file on one of them: a file's module fixtures (a built wheel, a PostgreSQL
# server, an nginx) are made once, and the browser files start one Chromium per worker. Not --dist=loadgroup: with
# pytest 9.2 xdist 3.8 no longer marks a group in the test's id, and the group's tests split across workers.
unit: $(STAMP) catalogues node-tools
	$(PY) -m pytest --numprocesses=2 --dist=loadfile

# The browser tests' own tools from the npm registry, at the versions package-lock.json pins (axe-core, which checks
# each page's accessibility; never served to a page, nothing fetched at run time).
AXE := node_modules/axe-core/axe.min.js
node-tools: $(AXE)
$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $(AXE)

# The developer's loop: no browser, nothing slow, a few Hypothesis examples per property (make test runs it all).
quick: $(STAMP) catalogues
	$(PY) -m pytest -m "not browser and not slow" --hypothesis-profile=quick -q

# Compile the sheets' message catalogues (.po -> .mo, only those out of date).
catalogues: $(STAMP)
	$(PY) -c "from marquoir.i18n import compile_catalogues; compile_catalogues()"

# The web app on waitress (a production WSGI server) on 127.0.0.1; PORT from the environment, default 5000.
run: $(STAMP) catalogues
	$(VENV)/bin/marquoir serve --host 127.0.0.1 --port $${PORT:-5000}

bench: $(STAMP)
	@for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache node_modules
