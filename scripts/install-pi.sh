#!/usr/bin/env bash
# Set a Raspberry Pi up as the party kiosk in one command, while it is online: the packages and Python
# environment a voice night needs, the speech model, the sealed key, the settings file, and a systemd unit
# that starts the kiosk at power-on and restarts it whenever it stops. Run it as the user the kiosk runs
# as (it asks for sudo where it needs root); extra arguments go to `python -m kiosk install`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --voice
# Where a display is attached, the table screen runs on it: Chromium in kiosk mode inside cage.
if grep -qs '^connected$' /sys/class/drm/card*-*/status; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
        --no-install-recommends cage chromium >/dev/null
fi
exec .venv/bin/python -m kiosk install "$@"
