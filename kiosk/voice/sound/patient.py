"""A microphone and a speaker that may come later: the appliance never stops for want of a sound device.
Until one opens, the microphone yields paced silence and the speaker drops sentences, both retrying; PortAudio
sees new devices only when restarted (`rescan`), done from the voice loop's one thread."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from kiosk.hints import kiosk_command
from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.sound.audio import (
    CHUNK_SECONDS,
    AudioError,
    Chunk,
    Microphone,
    SpeakerOutput,
    sounddevice_module,
)
from kiosk.voice.sound.devices import found, missing
from kiosk.voice.sound.tts import Speech

_LOG = logging.getLogger(__name__)

RETRY_SECONDS = 4.0
"""Seconds between tries at a missing microphone or speaker."""

Tell = Callable[[str], None]
"""Where a change of device is said: the log always, and the table screen when there is one."""


@dataclass
class DeviceWatch:
    """What both parts share: PortAudio restarted to see new devices, and `tell` for what went or came."""

    tell: Tell
    speaker: PatientSpeaker | None = None
    """Closed before PortAudio starts again, and tried again after."""
    listening: bool = False
    """The microphone's stream is open: PortAudio is not started again under it."""
    screen: bool = True
    """A table screen follows the night: the table can type there, and read the replies, meanwhile."""
    _fault: str = ""
    """PortAudio's last failure to start again, logged once: the next try comes every few seconds."""

    def rescan(self) -> None:
        if self.listening:
            return
        if self.speaker is not None:
            self.speaker.output.close()  # it reopens for its next sentence
        try:
            sd = sounddevice_module()
            sd._terminate()  # sounddevice's own pair for PortAudio's Pa_Terminate and Pa_Initialize
            sd._initialize()
        except Exception as error:  # PortAudio missing or refusing to start: the next try says so
            if str(error) != self._fault:
                _LOG.exception("PortAudio could not start again")
            else:  # the same fault every few seconds: its traceback once at error level, then at debug
                _LOG.debug("PortAudio still could not start again", exc_info=True)
            self._fault = str(error)
        else:
            self._fault = ""

    def meanwhile(self) -> str:
        """What the table can do until the microphone is back: only a screen takes typing in a voice night."""
        if self.screen:
            return "Until then, type on the table screen."
        return f"Until then, the night waits: with no table screen, {kiosk_command('serve --typed')} plays it typed."

    def missing_line(self) -> str:
        return missing(found(), "devices") or "The sound device could not be opened."


@dataclass
class PatientMicrophone:
    """The microphone when it can be opened; silence paced by the clock when it cannot."""

    devices: DeviceWatch
    device: str | None = None
    realtime: bool = True
    _missing: bool = field(default=False, init=False)

    def chunks(self) -> Iterator[Chunk]:
        position = 0.0
        while True:
            try:
                for chunk in Microphone(self.device).chunks():
                    self.devices.listening = True
                    if self._missing:
                        self._missing = False
                        self.devices.tell("The microphone is here: the kiosk listens again.")
                    yield Chunk(chunk.pcm, position, chunk.captured)
                    position += chunk.seconds
            except AudioError as error:
                self.devices.listening = False
                if not self._missing:
                    self._missing = True
                    _LOG.debug("microphone: %s", error)
                    self.devices.tell(
                        f"The kiosk cannot hear. {self.devices.missing_line()} {self.devices.meanwhile()}"
                    )
            for chunk in self._silence(position):
                yield chunk
                position += chunk.seconds
            self.devices.rescan()
            if self.devices.speaker is not None:
                self.devices.speaker.try_now()  # said as soon as it is back, not at the next reply

    def _silence(self, position: float) -> Iterator[Chunk]:
        samples = int(CHUNK_SECONDS * SAMPLE_RATE)
        start = time.monotonic()
        for index in range(max(1, round(RETRY_SECONDS / CHUNK_SECONDS))):
            due = start + (index + 1) * CHUNK_SECONDS
            time.sleep(max(0.0, due - time.monotonic()))
            yield Chunk(bytes(2 * samples), position + index * CHUNK_SECONDS, due)


@dataclass
class PatientSpeaker:
    """The speaker when it can be opened; each sentence dropped at once when it cannot."""

    devices: DeviceWatch
    output: SpeakerOutput
    _missing: bool = field(default=False, init=False)
    _next_try: float = field(default=0.0, init=False)

    def open(self) -> None:
        self._try()

    def play(self, speech: Speech) -> float:
        if not self._try():
            return time.monotonic()
        try:
            return self.output.play(speech)
        except AudioError as error:
            self._gone(error)
            return time.monotonic()

    def try_now(self) -> None:
        """Open it now if it is missing (PortAudio has just started again)."""
        if self._missing:
            self._next_try = 0.0
            self._try(rescan=False)

    def quiet_at(self) -> float:
        return self.output.quiet_at() if not self._missing else time.monotonic()

    def close(self) -> None:
        self.output.close()

    def _try(self, rescan: bool = True) -> bool:
        """True when the speaker is open, opening it if it is time to try again."""
        if self._missing and time.monotonic() < self._next_try:
            return False
        if self._missing and rescan:
            self.devices.rescan()
        try:
            self.output.open()
        except AudioError as error:
            self._gone(error)
            return False
        if self._missing:
            self._missing = False
            self.devices.tell("The speaker is here: the kiosk speaks again.")
        return True

    def _gone(self, error: AudioError) -> None:
        self.output.close()
        self._next_try = time.monotonic() + RETRY_SECONDS
        if not self._missing:
            self._missing = True
            _LOG.debug("speaker: %s", error)
            shown = "shown on the table screen" if self.devices.screen else "only in this log"
            self.devices.tell(
                f"The kiosk cannot speak. {self.devices.missing_line()} Until then, its replies are {shown}, "
                "not said."
            )
