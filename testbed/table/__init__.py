"""A table that answers back: a simulated adult that plays whole nights against the real kiosk process
(`python -m kiosk voice`) through a virtual microphone, in a room with party noise, and measures how many
questions are ruled as the written answers deserve.

Used by scripts/bench_table.py (many nights, figures) and tests/test_table_night.py (a short night per
condition). It lives in testbed/ because it is a development instrument, not part of the kiosk; it imports
nothing from tests/.

HELD OUT, never to be tuned on (report figures on them apart): the voices marked `held_out` in voices.py
(espeak-ng RP female high and Caribbean low, Piper's joe at length scales 0.85 and 1.2, flite's slt and
rms) and the noise beds `babble-held-out` and `music-held-out` in beds.py. Tune on `tuning_voices()` and
the project's beds in audio_fixtures/noise/.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .adult import Adult
from .beds import bed
from .kiosk_process import KioskProcess
from .nights import NightScript, deserved, key
from .records import Figures, NightRecord
from .room import Room, tools_available
from .talk import NIGHT_SECONDS
from .voices import Voice


@dataclass(frozen=True)
class Condition:
    name: str
    noise: str = ""
    """"babble" or "music"; empty for a quiet room."""
    snr_db: float | None = None

    def bed_name(self, held_out: bool) -> str:
        return f"{self.noise}-held-out" if held_out else self.noise


CONDITIONS = {
    "clean": Condition("clean"),
    **{
        f"{noise}-{snr}": Condition(f"{noise}-{snr}", noise, float(snr))
        for noise in ("babble", "music")
        for snr in (20, 10, 5)
    },
}


def play_night(
    room: Room,
    script: NightScript,
    voice: Voice,
    condition: Condition,
    folder: Path,
    *,
    speak: bool = False,
    tree: Path | None = None,
    night_seconds: float = NIGHT_SECONDS,
) -> tuple[NightRecord, KioskProcess]:
    """One whole night by voice; the record, and the kiosk process (its transcript) for a report."""
    folder.mkdir(parents=True, exist_ok=True)
    held_out = voice.held_out
    noise = bed(condition.bed_name(held_out)) if condition.noise else None
    room.play_noise(noise, condition.snr_db, seed=len(script.name) + len(voice.name))
    record = NightRecord(
        script.name,
        voice.name,
        voice.family.value,
        condition.name,
        held_out,
        len(script.teams),
        deserved(script),
    )
    kiosk = KioskProcess(room.env, folder, save=script.save, speak=speak, **({"tree": tree} if tree else {}))
    try:
        Adult(
            script=script,
            key=key(),
            kiosk=kiosk,
            say_out=voice.render,
            play=room.say,
            record=record,
            night_seconds=night_seconds,
        ).play_night()
    finally:
        kiosk.stop()
        room.stop_noise()
    return record, kiosk


__all__ = ["CONDITIONS", "Condition", "Figures", "NightRecord", "Room", "play_night", "tools_available"]
