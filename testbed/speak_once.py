"""One text rendered by the kiosk's own Speaker in a process that has said nothing before: libespeak-ng keeps
state between renders, so a test's table rendered in the test's process hung on which tests ran first.

Reads the text on standard input; writes the sample rate (4 bytes) and the 16-bit samples to standard output.
"""

from __future__ import annotations

import sys

import numpy as np

from kiosk.voice.sound.tts import Speaker, SpeakerSettings


def main(argv: list[str]) -> int:
    speaker = Speaker(SpeakerSettings(rate=int(argv[0])))
    try:
        speech = speaker.render(sys.stdin.read())
    finally:
        speaker.close()
    sys.stdout.buffer.write(np.array([speech.rate], dtype="<i4").tobytes())
    sys.stdout.buffer.write(speech.samples.astype("<i2").tobytes())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
