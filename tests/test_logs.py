"""The kiosk's log: one line per event with its level and logger, a swallowed fault's traceback in the log and
never at the table, the level from --log-level or the settings file, and lines journald reads well."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.engine import host as host_module
from kiosk.engine.host import Host
from kiosk.keys import load_practice


def test_a_rule_that_breaks_is_logged_with_its_traceback_not_told_to_the_table(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = Host(load_practice().key)
    host.opening()
    before = host.ledger().format()

    def broken(*args: object) -> object:
        raise ZeroDivisionError("a rules bug")

    monkeypatch.setattr(host_module, "step", broken)
    with caplog.at_level(logging.ERROR):
        reply = host.hear("two teams")
    assert host.failures == 1 and host.ledger().format() == before
    assert "Traceback" not in reply.text and "a rules bug" not in reply.text
    [record] = caplog.records
    assert record.name == "kiosk.engine.host" and record.levelno == logging.ERROR
    assert "'two teams'" in record.getMessage() and "restored" in record.getMessage()
    assert record.exc_info is not None and isinstance(record.exc_info[1], ZeroDivisionError)


def kiosk(tmp_path: Path, *args: str, settings: str = "", journal: bool = False) -> list[str]:
    """`python -m kiosk play` on an empty table, its standard error as lines (a file, as journald's is)."""
    (tmp_path / "kiosk.toml").write_text(settings)
    env = {
        **os.environ,
        "SNAP_APPLE_HOME": str(tmp_path / "home"),
        "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml"),
    }
    env.pop("JOURNAL_STREAM", None)
    err = tmp_path / "stderr"
    with err.open("w") as stream:
        if journal:
            found = os.fstat(stream.fileno())
            env["JOURNAL_STREAM"] = f"{found.st_dev}:{found.st_ino}"
        subprocess.run(
            [sys.executable, "-m", "kiosk", "play", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stream,
            env=env,
            timeout=60,
            check=False,
        )
    return err.read_text().splitlines()


BAD_RATE = 'rate = "fast"\n'
WARNED = re.compile(
    r"^WARNING kiosk\.config: settings: .*kiosk\.toml: rate should be a whole number, not 'fast'; rate keeps its default"
)


@pytest.mark.process
def test_each_event_is_one_line_with_its_level_and_logger_and_no_time(tmp_path: Path) -> None:
    lines = kiosk(tmp_path, settings=BAD_RATE)
    assert [line for line in lines if WARNED.match(line)], lines
    assert not [line for line in lines if re.search(r"\d\d:\d\d:\d\d", line)], lines


@pytest.mark.process
def test_under_systemd_each_line_carries_its_priority_for_journald(tmp_path: Path) -> None:
    lines = kiosk(tmp_path, settings=BAD_RATE, journal=True)
    warned = [line for line in lines if WARNED.match(line.removeprefix("<4>"))]
    assert warned and all(line.startswith("<4>") for line in warned), lines


@pytest.mark.process
def test_the_level_comes_from_the_flag_else_the_settings_file(tmp_path: Path) -> None:
    assert not [line for line in kiosk(tmp_path, "--log-level", "error", settings=BAD_RATE) if "rate" in line]
    quiet = BAD_RATE + 'log_level = "error"\n'
    # The file's own problems are logged before its level is known; a flag is known from the start.
    assert not [line for line in kiosk(tmp_path, "--log-level", "ERROR", settings=quiet) if "rate" in line]
    assert [line for line in kiosk(tmp_path, settings=quiet) if WARNED.match(line)]
    # A kiosk that will not start says why at any level.
    refused = kiosk(tmp_path, "--resume", settings='log_level = "error"\n')
    assert [
        line for line in refused if line.startswith("ERROR kiosk.commands.options: No night to resume")
    ], refused


def test_the_journald_formatter_marks_every_line_of_a_traceback() -> None:
    from kiosk.logs import FORMAT, JournalFormatter

    try:
        raise ValueError("deep")
    except ValueError:
        record = logging.LogRecord("kiosk.x", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
    text = JournalFormatter(FORMAT).format(record)
    assert text.splitlines()[0] == "<3>ERROR kiosk.x: failed"
    assert all(line.startswith("<3>") for line in text.splitlines())
    assert any("ValueError: deep" in line for line in text.splitlines())
