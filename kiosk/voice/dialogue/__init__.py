"""The dialogue: what the kiosk makes of what it heard, the one policy for confirming it, and the questions it asks while it is unsure."""
