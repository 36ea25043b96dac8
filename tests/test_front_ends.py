"""The WPE front end the hearing bench can put in front of the recogniser (testbed/measure/front_ends.py): int16
at 16 kHz in and out, the same length, and a reverberant tail cut while the sound that made it stays. nara-wpe
is a measuring tool, not a dependency of the kiosk: the bench extra installs it."""

from __future__ import annotations

import numpy as np

from kiosk.voice.sound.asr import SAMPLE_RATE


def level_db(samples: np.ndarray) -> float:
    return float(10 * np.log10(np.mean(samples.astype(np.float64) ** 2) + 1e-9))


def test_wpe_cuts_the_echoes_after_a_burst_and_keeps_the_burst() -> None:
    from testbed.measure.front_ends import Wpe

    # Tone pips of changing pitch, as syllables, in a room that echoes every 40 ms, each echo 0.6 of the last.
    pip = np.arange(SAMPLE_RATE // 10) / SAMPLE_RATE
    burst = np.concatenate(
        [np.sin(2 * np.pi * hz * pip) * np.hanning(len(pip)) for hz in (300, 500, 700, 400, 600)]
    )
    start = SAMPLE_RATE // 4
    dry = np.concatenate([np.zeros(start), burst, np.zeros(SAMPLE_RATE)])
    every = SAMPLE_RATE * 40 // 1000
    response = np.zeros(SAMPLE_RATE)
    response[::every] = 0.6 ** np.arange(len(response[::every]))
    wet = np.convolve(dry, response)[: len(dry)]
    heard = np.round(wet / np.abs(wet).max() * 12000).astype(np.int16)

    front = Wpe()
    out = front(heard)

    assert out.dtype == np.int16 and out.shape == heard.shape
    end = start + len(burst)
    tail = slice(end + SAMPLE_RATE // 20, end + SAMPLE_RATE * 4 // 10)
    during = slice(start, end)
    assert level_db(out[tail]) < level_db(heard[tail]) - 10
    assert level_db(out[during]) > level_db(heard[during]) - 6
    assert len(front.cpu) == 1 and front.cpu[0] > 0
