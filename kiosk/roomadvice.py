"""What `check-audio` tells the host about the room: the measures in two lines, then one line per thing to
change. Every threshold is in `RoomLimits`, with its unit and why.

The reader's distance is not said. From the level alone it depends on the capture level, which the kiosk does
not know (the project's one human recording, read close, came out as a voice 6.5 m away); the level check
above already says when a reader is too quiet to hear. The reader's margin over the room's noise needs no
calibration, and is said.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.roomsweep import RoomMeasure


@dataclass(frozen=True)
class RoomLimits:
    echoey_rt60: float = 0.6
    """Seconds. From 0.6 s with the reader at 1 m, answers went to a wrong team (3 of 72; 6 at 0.9 s); in a
    0.5 s room with the reader at 0.5 m, none (issue 44's bench)."""
    close_metres: float = 0.5
    """Metres. Where the microphone belongs in an echoing room: at 0.5 m the room cost almost nothing."""
    speech_over_noise_db: float = 20.0
    """dB. Speech less than this over the room's noise: at 10 dB of music a closed-set answer was right 42
    times in 54 against 47 in quiet."""
    loud_echo_db: float = -6.0
    """dB, the speaker's direct sound at the microphone against what was played. Above it the kiosk's voice
    arrives as loud as a reader 2 m away: it hears itself for as long as the room rings after each sentence."""


LIMITS = RoomLimits()


def describe_room(room: RoomMeasure) -> str:
    if not room.heard:
        return f"Room: noise floor {room.noise_dbfs:.1f} dBFS; the test tone did not reach the microphone."
    reverberation = (
        f"reverberation RT60 {room.rt60:.2f} s ({room.rt60_from})"
        if room.rt60 is not None
        else "reverberation not measurable (too much noise)"
    )
    return (
        f"Room: {reverberation}; the speaker reaches the microphone at {room.echo_db:+.1f} dB, "
        f"{room.echo_delay_ms:.0f} ms after it plays; noise floor {room.noise_dbfs:.1f} dBFS."
    )


def describe_reader(speech_dbfs: float, room: RoomMeasure) -> str:
    return f"Reader: speech {speech_dbfs:.1f} dBFS, {speech_dbfs - room.noise_dbfs:.0f} dB over the room's noise."


def advice(room: RoomMeasure, speech_dbfs: float | None, limits: RoomLimits = LIMITS) -> list[str]:
    """One line per thing to change, most important first; one line saying so when nothing needs to."""
    lines: list[str] = []
    if not room.heard:
        lines.append(
            "The test tone did not reach the microphone, so the room's echo was not measured: "
            "check that the speaker is on and turned up."
        )
    elif room.rt60 is None:
        lines.append("The room was too loud to measure its echo: turn the music down and check again.")
    elif room.rt60 > limits.echoey_rt60:
        lines.append(
            f"The room echoes (RT60 {room.rt60:.1f} s): put the microphone within "
            f"{limits.close_metres * 100:.0f} cm of the reader."
        )
    if speech_dbfs is not None and speech_dbfs - room.noise_dbfs < limits.speech_over_noise_db:
        lines.append(
            f"The room is loud (the reader only {speech_dbfs - room.noise_dbfs:.0f} dB over it): "
            "turn the music down, or move the party's talk away from the table."
        )
    if room.heard and room.echo_db > limits.loud_echo_db:
        lines.append(
            f"The speaker is loud in the microphone ({room.echo_db:+.0f} dB): turn it down or move it away; "
            "a USB speakerphone, which cancels its own echo, would help here."
        )
    return lines or ["The room is fine: nothing to change."]
