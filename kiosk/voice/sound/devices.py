"""Which sound devices the kiosk can use, and one line with the next step when one is missing."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from kiosk.hints import kiosk_command
from kiosk.voice.sound.audio import AudioError, sounddevice_module

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class SoundDevices:
    listing: str
    """PortAudio's own table of devices, by index and name ("" when it sees none)."""
    inputs: int
    """How many devices can record (microphones)."""
    outputs: int
    """How many can play (speakers)."""
    problem: str = ""
    """Why PortAudio could not list them, if it could not."""


def found() -> SoundDevices:
    """The devices PortAudio sees now: it scans once per process, so a later device needs a new kiosk."""
    try:
        devices = sounddevice_module().query_devices()
    except AudioError as error:
        return SoundDevices("", 0, 0, str(error))
    except Exception as error:  # PortAudio reports a broken host API as PortAudioError
        _LOG.exception("PortAudio could not list devices")
        return SoundDevices("", 0, 0, f"PortAudio could not list devices: {error}")
    listed = list(devices)
    inputs = sum(1 for device in listed if device.get("max_input_channels", 0) > 0)
    outputs = sum(1 for device in listed if device.get("max_output_channels", 0) > 0)
    return SoundDevices(str(devices) if listed else "", inputs, outputs)


def missing(devices: SoundDevices, again: str) -> str:
    """One line on what is missing and what to do, then the kiosk command `again`; "" when both are there."""
    if devices.problem:
        return f"{devices.problem}. Then run {kiosk_command(again)} again."
    wanted = [
        name for name, count in (("microphone", devices.inputs), ("speaker", devices.outputs)) if not count
    ]
    if not wanted:
        return ""
    what = " or ".join(wanted)
    them = "them" if len(wanted) > 1 else "it"
    return (
        f"No {what} found: plug {them} in (USB, or the Pi's audio jack for a speaker), "
        f"then run {kiosk_command(again)} again."
    )


def describe() -> tuple[str, int]:
    """`python -m kiosk devices`: the table of devices, or one line saying what is missing; its exit status."""
    devices = found()
    lack = missing(devices, "devices")
    if devices.problem or (not devices.inputs and not devices.outputs):
        return lack, 1
    return devices.listing + (f"\n{lack}" if lack else ""), 0
