"""A bench's run is kept as its own dated record in docs/measurements/ (testbed/measurement.py)."""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from testbed import measurement


def test_a_whole_run_writes_a_dated_record_with_command_commit_machine_and_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(measurement.NO_RECORD, raising=False)
    monkeypatch.setattr(sys, "argv", ["scripts/bench_x.py", "--nights", "3"])
    with measurement.recorded("bench_x", folder=tmp_path):
        print("held out   9/9 [0.70, 1.00]")
        print("tuning     3/3")
    (record,) = tmp_path.iterdir()
    today = datetime.now(timezone.utc)
    assert record.name.startswith(f"{today:%Y-%m-%d}-") and record.name.endswith("-bench_x.md")
    text = record.read_text()
    assert "scripts/bench_x.py --nights 3" in text
    assert f"commit: `{measurement.commit()}`" in text and "cores" in text
    assert "held out   9/9 [0.70, 1.00]\ntuning     3/3" in text
    shown = capsys.readouterr().out
    assert shown.startswith("held out   9/9") and "Record written:" in shown


def test_a_second_run_gets_its_own_file_and_a_failed_run_none(tmp_path: Path) -> None:
    when = datetime(2026, 12, 7, tzinfo=timezone.utc)
    first = measurement.record_path("bench_x", when, "abc1234", tmp_path)
    first.write_text("one")
    second = measurement.record_path("bench_x", when, "abc1234", tmp_path)
    assert first.name == "2026-12-07-abc1234-bench_x.md" and second.name == "2026-12-07-abc1234-bench_x-2.md"
    first.unlink()
    with pytest.raises(RuntimeError), measurement.recorded("bench_y", folder=tmp_path):
        print("half a run")
        raise RuntimeError("the bench broke")
    assert list(tmp_path.iterdir()) == []
    assert sys.stdout is not None and not isinstance(sys.stdout, measurement._Tee)


def test_a_measure_case_records_its_command_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(measurement.NO_RECORD, raising=False)
    monkeypatch.setattr(sys, "argv", ["testbed.measure gate", "--quick"])  # as the case's own parser sees it
    with measurement.recorded(
        "measure-gate", folder=tmp_path, argv=["-m", "testbed.measure", "gate", "--quick"]
    ):
        print("figures")
    (record,) = tmp_path.iterdir()
    text = record.read_text()
    assert "-m testbed.measure gate --quick" in text and "'testbed.measure gate'" not in text
