"""Sound in and out: microphone and speaker (or WAV files), the kiosk's voices, and Vosk with its model."""
