"""The kiosk's own commands as a hint prints them: runnable as printed, where they are printed.

`python -m kiosk play --resume` fails in a fresh terminal: the kiosk's packages live in its virtual
environment, which a bare `python` does not see. A hint names the interpreter that is running the kiosk now
(sys.executable): `python` when that is what the shell finds anyway, else its whole path, which works from
any folder (a service's journal is read from anywhere, a terminal may have moved on).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys


def interpreter() -> str:
    """How to name the running interpreter in a command typed where this one was started."""
    # No symlink is resolved: a virtual environment's python is a link to the system's, and not the same.
    running = os.path.abspath(sys.executable)
    for name in ("python", "python3"):
        found = shutil.which(name)
        if found is not None and os.path.abspath(found) == running:
            return name
    return shlex.quote(running)


def kiosk_command(words: str) -> str:
    """`python -m kiosk WORDS`, with the interpreter that runs the kiosk: e.g.
    `/home/pi/snap-apple-kiosk/.venv/bin/python -m kiosk play --resume`."""
    return f"{interpreter()} -m kiosk {words}"
