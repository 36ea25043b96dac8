"""The offline speech pipeline around the engine's voice mode: Vosk in, espeak-ng or Piper out."""
