"""Where tonight's key came from: what the opening announces and what the closing words may claim."""

from __future__ import annotations

import enum


class KeySource(enum.Enum):
    PRACTICE = "practice"
    """The practice key bundled with the kiosk: announced as such, never as the sealed key."""
    FILE = "file"
    """A key file the table gave; its commitment is computed from its bytes."""
    SEALED = "sealed"
    """The sealed key fetched from the notice's address; the commitment is the notice's."""
