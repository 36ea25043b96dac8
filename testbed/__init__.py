"""The rig the tests and the scripts/ measurements share, never shipped in the kiosk package: the recorded
tables in audio_fixtures/ and their noisy mixes (tables.py), tables rendered at run time (rendered.py), a
private PulseAudio server with a virtual microphone and speaker (virtual_audio.py), and Debian's chromium run
headless (chromium.py). Tests keep their own helpers in tests/support/; scripts keep theirs in scripts/."""
