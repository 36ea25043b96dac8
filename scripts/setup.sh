#!/usr/bin/env bash
# Install what the kiosk needs, once: Debian packages (espeak-ng, PortAudio, a user-space sound server for
# the tests), a Python virtual environment in .venv with the kiosk and its extras, and for the tests the
# small US English Vosk model in models/.
#   scripts/setup.sh            everything (voice, tests and benches, with the English model)
#   scripts/setup.sh --voice    what a voice night needs (a Raspberry Pi at the party; the model comes
#                               from `python -m kiosk model fetch`)
#   scripts/setup.sh --play     only what a typed night needs
# The tests also get Debian's chromium (driven headless by Playwright for the table screen) and axe-core from
# the npm registry (the screen's accessibility audit) in tests/browser/node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says what it is doing and, when it is done, how long it took: a first run takes a minute or more,
# and a silent minute looks like a hang.
step_started=0
step() {
    step_started=$SECONDS
    echo "==> $*"
}
done_step() {
    echo "    done in $((SECONDS - step_started)) s"
}
# The lines of a long command that show it moving on (a package fetched, unpacked, installed), indented;
# never fails itself, so the command's own exit status is what counts.
progress() {
    { grep --line-buffered -E "$1" || true; } | sed -u 's/^/    /'
}

english_model="no"
case "${1:-}" in
    --play)
        extras=""
        packages=()
        ;;
    --voice)
        extras="voice"
        packages=(espeak-ng libespeak-ng1 libportaudio2 alsa-utils)
        ;;
    *)
        extras="voice,test,bench"
        packages=(espeak-ng libespeak-ng1 libportaudio2 alsa-utils pulseaudio pulseaudio-utils libasound2-plugins
            time chromium fonts-dejavu-core cage)
        packages+=(flite)  # a third synthesiser for the simulated table's voices (testbed/table/)
        browser_tests=1
        english_model="yes"
        command -v mvn >/dev/null || packages+=(maven default-jre-headless)
        ;;
esac

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${browser_tests:-0}" = 1 ] && ! command -v npm >/dev/null; then
    missing+=(npm)
fi
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    step "Installing Debian packages (${#missing[@]}): ${missing[*]}"
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -q \
        --no-install-recommends "${missing[@]}" 2>&1 | progress '^(Get:|Setting up|E:)'
    done_step
fi

# The tests check the kiosk's systemd unit with systemd's own systemd-analyze.
if [[ "$extras" == *test* ]] && ! command -v systemd-analyze >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    step "Installing systemd's tools (for systemd-analyze)"
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -q \
        --no-install-recommends systemd 2>&1 | progress '^(Get:|Setting up|E:)'
    done_step
fi

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    step "Making the Python environment in .venv"
    "$python" -m venv .venv
    done_step
fi
stamp=".venv/.installed-${extras:-play}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    step "Installing the kiosk and its Python packages into .venv${extras:+ (with ${extras})}: a minute or more the first time"
    .venv/bin/python -m pip install -q --upgrade pip
    target="."
    [ -z "$extras" ] || target=".[${extras}]"
    # pip's own line per package fetched and installed is the progress; "already satisfied" lines are not.
    .venv/bin/python -m pip install --progress-bar off -e "$target" 2>&1 \
        | progress '^(Collecting|Downloading|Building|Installing|Successfully|ERROR|error)'
    touch "$stamp"
    done_step
fi

if [ "${browser_tests:-0}" = 1 ] && [ ! -f tests/browser/node_modules/axe-core/axe.min.js ]; then
    step "Fetching axe-core with npm (the table screen's accessibility audit)"
    npm install --silent --no-audit --no-fund --prefix tests/browser >/dev/null
    done_step
fi

if [ "${english_model:-no}" = "yes" ]; then
    scripts/fetch_english_model.sh
fi

# The speaker embedder the reader's-gate measurement and its tests use (decision 0024); never the kiosk's.
if [ "${english_model:-no}" = "yes" ] && [ ! -f models/ecapa-voxceleb/embedding.npz ]; then
    step "ECAPA-TDNN weights for measuring (scripts/fetch_ecapa.py)"
    PYTHONPATH=. .venv/bin/python scripts/fetch_ecapa.py
    done_step
fi
