"""Every printed hint works as printed, from the state it is printed in (issue 42): a typed install asking for
sound, a voice night with no screen and no microphone, a port in use, a normal carry-on, the nights list when
every night is over, help between nights, a settings value of the wrong kind."""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import socket
import sys
from pathlib import Path

import pytest

from kiosk import config
from kiosk.appliance import words
from kiosk.appliance.session import Session
from kiosk.hints import kiosk_command
from kiosk.keychoice import choose_key
from kiosk.records.keeping import begin, resume
from kiosk.records.nights import nights_command
from kiosk.screen.address import parse_address
from kiosk.screen.screen import Screen
from kiosk.screen.server import ScreenError
from kiosk.voice.sound import devices
from kiosk.voice.sound.patient import DeviceWatch
from kiosk.voice.stack import StackError, build


def test_devices_without_the_speech_packages_name_the_install_step(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # as after scripts/play.sh: not installed
    line, status = devices.describe()
    assert status == 1
    assert line == (
        "The kiosk's sound needs its speech packages (sounddevice is missing): install them with "
        f"scripts/setup.sh --voice. Then run {kiosk_command('devices')} again."
    )
    assert not any(record.exc_info for record in caplog.records)  # no traceback for a missing install


def test_a_voice_night_with_neither_packages_nor_model_names_both_steps(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "vosk" else found(name))
    settings = config.Settings()
    settings = dataclasses.replace(
        settings, recogniser=dataclasses.replace(settings.recogniser, model=tmp_path / "no-model")
    )
    with pytest.raises(StackError) as raised:
        build(settings)
    said = str(raised.value)
    assert "(vosk is missing)" in said
    assert said.index("scripts/setup.sh --voice") < said.index(kiosk_command("model fetch"))


def test_no_microphone_and_no_screen_says_where_the_night_can_be_played() -> None:
    told: list[str] = []
    without = DeviceWatch(told.append, screen=False)
    assert "type on the table screen" not in without.meanwhile()
    assert kiosk_command("serve --typed") in without.meanwhile()
    assert DeviceWatch(told.append).meanwhile() == "Until then, type on the table screen."


def test_a_screen_port_in_use_says_the_next_step() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ScreenError) as raised:
            Screen(parse_address(f"127.0.0.1:{port}")).start()
    said = str(raised.value)
    assert said.startswith(f"The screen could not listen on 127.0.0.1:{port}: another program")
    assert "give another port, like --screen 8081" in said and "Errno" not in said


def _a_kept_night(home: Path, monkeypatch: pytest.MonkeyPatch, *messages: str) -> None:
    monkeypatch.setenv("SNAP_APPLE_HOME", str(home))
    started = begin(choose_key("practice").loaded, voice=False, notice=lambda line: None)
    started.keeper.record(None, started.first)
    for message in messages:
        started.keeper.record(message, started.host.hear(message))
    started.keeper.close()


def test_a_normal_carry_on_is_logged_as_info(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _a_kept_night(tmp_path, monkeypatch, "two", "D1")
    warned: list[str] = []
    with caplog.at_level(logging.INFO):
        started = resume("", None, voice=False, notice=warned.append)
    started.keeper.close()
    carrying = [
        record for record in caplog.records if record.getMessage().startswith("Carrying on the night")
    ]
    assert [record.levelno for record in carrying] == [logging.INFO]
    assert not any("Carrying on" in line for line in warned)


def test_nights_when_every_night_is_over_offers_a_new_night(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _a_kept_night(tmp_path, monkeypatch, "solo", "end the night", "yes")
    assert nights_command(None, sys.stdout) == 0
    listed = capsys.readouterr().out
    assert "--resume" not in listed
    assert kiosk_command("play") in listed and kiosk_command("serve") in listed


def test_help_after_a_night_offers_what_was_just_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "SNAP_APPLE_HOME", str(tmp_path)
    )  # a night kept by the machine's own use is no part of it
    session = Session(lambda: choose_key("practice"), notice=lambda line: None)
    session.opening()
    for message in ("solo", "end the night"):
        session.hear(message)
    assert words.ANOTHER_NIGHT in session.hear("yes").text
    help_line = session.hear("help").text.splitlines()[0]
    session.close()
    assert "'new night'" in help_line and "'play again'" in help_line
