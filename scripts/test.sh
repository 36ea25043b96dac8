#!/usr/bin/env bash
# Install everything the tests need, then run them: lint, types, and pytest (which starts its own
# loopback HTTP servers and a private, user-space sound server for the audio tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/ruff check kiosk tests scripts testbed
.venv/bin/ruff format --check kiosk tests scripts testbed
.venv/bin/mypy
# Two workers: the tests that play sound in real time take one, one after another (tests/conftest.py), and
# the rest share the other; on two cores the suite takes about half as long.
exec .venv/bin/python -m pytest -n 2 --dist loadgroup "$@"
