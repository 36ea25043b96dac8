"""The systemd unit that starts the kiosk at power-on, rendered from its one template and checked by
systemd's own `systemd-analyze verify`; and the installer's steps that need no root."""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.install import (
    SCREEN_UNIT_NAME,
    UNIT_NAME,
    UnitValues,
    display_attached,
    screen_unit_text,
    unit_text,
)


def verify(unit: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is needed to check the unit: run scripts/setup.sh")
    return subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )


def problems(run: subprocess.CompletedProcess[str], unit: Path) -> list[str]:
    """What systemd said about our unit (it warns, and still exits 0, for a value it ignores)."""
    return [line for line in (run.stdout + run.stderr).splitlines() if unit.name in line or str(unit) in line]


def this_user() -> UnitValues:
    return UnitValues.for_user(getpass.getuser())


@pytest.mark.process
def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    unit = tmp_path / UNIT_NAME
    unit.write_text(unit_text(this_user()))
    run = verify(unit)
    assert run.returncode == 0 and not problems(run, unit), run.stdout + run.stderr


def test_the_unit_starts_serve_as_the_user_and_always_restarts_it() -> None:
    values = this_user()
    text = unit_text(values)
    lines = set(text.splitlines())
    assert f"User={values.user}" in lines
    assert f"Environment=XDG_RUNTIME_DIR=/run/user/{os.getuid()}" in lines
    assert f'ExecStart="{sys.executable}" -m kiosk serve' in lines
    assert {"Restart=always", "RestartSec=2", "WantedBy=multi-user.target"} <= lines
    assert "$" not in text  # every placeholder was filled


@pytest.mark.process
def test_verify_catches_a_broken_unit(tmp_path: Path) -> None:
    """The check above can fail: a unit whose program is missing or whose values are wrong is caught."""
    unit = tmp_path / UNIT_NAME
    broken = unit_text(this_user()).replace("RestartSec=2", "RestartSec=soon")
    unit.write_text(broken.replace(sys.executable, str(tmp_path / "no-python")))
    run = verify(unit)
    said = "\n".join(problems(run, unit))
    assert "RestartSec" in said or "soon" in said
    assert run.returncode != 0 and "no-python" in run.stdout + run.stderr


@pytest.mark.process
def test_install_prints_the_unit_it_would_write() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "install", "--print-unit"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert run.stdout == unit_text(this_user())


@pytest.mark.process
def test_install_without_the_service_writes_settings_and_keeps_them(tmp_path: Path) -> None:
    """With the model in place and the key home unreachable: settings written once, the practice key
    announced, nothing started."""
    config = tmp_path / "kiosk.toml"
    env = {
        **os.environ,
        "SNAP_APPLE_HOME": str(tmp_path / "home"),
        "SNAP_APPLE_CONFIG": str(config),
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "https_proxy": "http://127.0.0.1:9",
    }
    models = Path(__file__).resolve().parent.parent / "models" / "vosk-model-small-en-us-0.15"
    if not (models / "am" / "final.mdl").exists():
        pytest.fail(f"no English Vosk model in {models}: run scripts/setup.sh (install would fetch it)")
    command = [sys.executable, "-m", "kiosk", "install", "--no-service"]
    run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert f"Settings written to {config}" in run.stdout
    assert "until it is, the kiosk plays its practice key" in run.stdout
    config.write_text("rate = 120\n")
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert f"Settings kept as they are in {config}" in again.stdout
    assert config.read_text() == "rate = 120\n"


@pytest.mark.process
def test_the_screen_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    """The display's unit: chromium in kiosk mode inside cage on tty1, showing serve's table screen."""
    cage, chromium = shutil.which("cage"), shutil.which("chromium")
    if cage is None or chromium is None:
        pytest.fail("cage and chromium are needed to check the screen's unit: run scripts/setup.sh")
    unit = tmp_path / SCREEN_UNIT_NAME
    text = screen_unit_text(this_user(), cage, chromium)
    unit.write_text(text)
    run = verify(unit)
    assert run.returncode == 0 and not problems(run, unit), run.stdout + run.stderr
    lines = set(text.splitlines())
    assert {"Restart=always", "TTYPath=/dev/tty1", f"User={this_user().user}"} <= lines
    assert f"{chromium} --kiosk" in text and "http://localhost:8177/" in text
    assert "$" not in text


def test_a_display_is_found_by_its_connected_output(tmp_path: Path) -> None:
    drm = tmp_path / "drm"
    for output, status in (("card0-HDMI-A-1", "disconnected"), ("card0-HDMI-A-2", "disconnected")):
        (drm / output).mkdir(parents=True)
        (drm / output / "status").write_text(status + "\n")
    assert not display_attached(drm)
    (drm / "card0-HDMI-A-2" / "status").write_text("connected\n")
    assert display_attached(drm)
    assert not display_attached(tmp_path / "no-drm")
