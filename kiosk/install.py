"""`python -m kiosk install`: set a Pi up to host nights hands-free, from power-on.

Run by scripts/install-pi.sh after the packages a voice night needs are in place. While online it fetches
the speech model and the sealed key; then it writes the settings file and a systemd unit that starts
`python -m kiosk serve` at boot as this user and restarts it whenever it stops (Restart=always, the shape
wyoming-satellite uses), and enables it. Steps that need root run through sudo.
"""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import pwd
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template

from kiosk import config
from kiosk.hints import kiosk_command

_LOG = logging.getLogger(__name__)

UNIT_NAME = "snap-apple-kiosk.service"
SCREEN_UNIT_NAME = "snap-apple-screen.service"
"""Chromium in kiosk mode on the Pi's own display, showing the table screen; installed where one is attached."""
DRM = Path("/sys/class/drm")
UNIT_DIR = Path("/etc/systemd/system")
ROOT = Path(__file__).resolve().parent.parent
"""The kiosk's folder (where models/ and .venv are)."""


@dataclass(frozen=True)
class UnitValues:
    user: str
    uid: int
    workdir: Path
    python: Path
    config: Path

    @classmethod
    def for_user(cls, user: str) -> UnitValues:
        return cls(user, pwd.getpwnam(user).pw_uid, ROOT, Path(sys.executable), config.config_path())


def unit_text(values: UnitValues) -> str:
    """The unit file, from the one template in the package."""
    template = resources.files("kiosk").joinpath("data", UNIT_NAME).read_text(encoding="utf-8")
    return Template(template).substitute(
        user=values.user,
        uid=values.uid,
        workdir=values.workdir,
        python=values.python,
        config=values.config,
    )


def screen_unit_text(values: UnitValues, cage: str, chromium: str) -> str:
    """The display's unit, from its template: cage and chromium by the paths found on this system."""
    from kiosk.screen.address import DEFAULT_PORT

    template = resources.files("kiosk").joinpath("data", SCREEN_UNIT_NAME).read_text(encoding="utf-8")
    return Template(template).substitute(
        user=values.user, uid=values.uid, cage=cage, chromium=chromium, port=DEFAULT_PORT
    )


def display_attached(drm: Path = DRM) -> bool:
    """A connected display on any of the graphics card's outputs (HDMI, DSI...), as the kernel reports it."""
    for status in drm.glob("card*-*/status"):
        try:
            if status.read_text(encoding="ascii").strip() == "connected":
                return True
        except OSError:
            continue
    return False


def _screen_service(values: UnitValues) -> None:
    """Where a display is attached, the table screen starts on it at power-on (serve shows it by default)."""
    if not display_attached():
        print("No display is attached: the table screen is for phones, tablets and TVs on this network.")
        return
    cage, chromium = shutil.which("cage"), shutil.which("chromium") or shutil.which("chromium-browser")
    if cage is None or chromium is None:
        print(
            "A display is attached, but cage and chromium are not installed: scripts/install-pi.sh adds them."
        )
        return
    unit = UNIT_DIR / SCREEN_UNIT_NAME
    _as_root(
        ["tee", str(unit)], input=screen_unit_text(values, cage, chromium).encode(), stdout=subprocess.DEVNULL
    )
    _as_root(["systemctl", "daemon-reload"])
    _as_root(["systemctl", "enable", "--now", SCREEN_UNIT_NAME])
    print(f"The table screen shows on this display at power-on ({unit}).")


def _as_root(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    return subprocess.run([*sudo, *command], check=True, **kwargs)  # type: ignore[call-overload, no-any-return]


def _settings_file() -> None:
    path = config.config_path()
    if path.exists():
        print(f"Settings kept as they are in {path}.")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(config.render(config.Settings()), encoding="utf-8")
    print(f"Settings written to {path}: devices, voice, speaking rate, key and screen.")


def _speech_model() -> bool:
    from kiosk.voice.sound.model import default_model_path, fetch_command

    if (default_model_path() / "am" / "final.mdl").exists():
        print(f"The speech model is in {default_model_path()}.")
        return True
    return fetch_command(None, None) == 0


def _sealed_key() -> None:
    from kiosk.keystore import KeyStore, TamperedKey, fetch_command

    try:
        kept = KeyStore().load()
    except TamperedKey:
        kept = None
    if kept is not None:
        print("The sealed key is already kept on this kiosk.")
        return
    if fetch_command() != 0:
        print(
            "The sealed key is not kept yet: until it is, the kiosk plays its practice key. "
            f"Fetch it while online with: {kiosk_command('key fetch')}"
        )


def _service(values: UnitValues) -> None:
    if shutil.which("systemctl") is None:
        raise OSError("systemctl is not on this system, so nothing can start the kiosk at power-on")
    unit = UNIT_DIR / UNIT_NAME
    _as_root(["tee", str(unit)], input=unit_text(values).encode(), stdout=subprocess.DEVNULL)
    # The user's own services (its sound server) start at boot, not only at login.
    if shutil.which("loginctl"):
        _as_root(["loginctl", "enable-linger", values.user])
    _as_root(["systemctl", "daemon-reload"])
    _as_root(["systemctl", "enable", "--now", UNIT_NAME])
    print(f"The kiosk starts at power-on ({unit}). Stop it with: sudo systemctl stop {UNIT_NAME}")
    _screen_service(values)


def install(args: argparse.Namespace) -> int:
    user = args.user or os.environ.get("SUDO_USER") or getpass.getuser()
    try:
        values = UnitValues.for_user(user)
    except KeyError:
        _LOG.error("There is no user %r on this system.", user)
        return 2
    if args.print_unit:
        print(unit_text(values), end="")
        return 0
    _settings_file()
    model_ok = _speech_model()
    _sealed_key()
    if args.no_service:
        return 0 if model_ok else 1
    try:
        _service(values)
    except (OSError, subprocess.CalledProcessError) as error:
        _LOG.error("Could not set the kiosk to start at power-on: %s", error)
        return 1
    if not model_ok:
        _LOG.error("The speech model is still missing: run this again while online.")
        return 1
    return 0
