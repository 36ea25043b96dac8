"""Sound in and out, and the recognisers: the microphone and speaker (or WAV files), the voices that speak the kiosk's words, and Vosk with its model."""
