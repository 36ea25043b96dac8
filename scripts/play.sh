#!/usr/bin/env bash
# A practice night at this terminal. Installs what a typed night needs on first use.
#   scripts/play.sh [--key FILE | --sealed] [--voice]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --play
exec .venv/bin/python -m kiosk play "$@"
