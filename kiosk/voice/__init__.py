"""The offline speech pipeline around the engine's voice mode: Vosk in, pyttsx3 out, sounddevice between."""
