"""`python -m testbed.measure CASE [options]`: run one measuring case; `--help` after the case for its own."""

from __future__ import annotations

import importlib
import sys

CASES = {
    "hearing": "team names, spelled fixes, years and closed sets through the kiosk's recognisers, by voice set",
    "no_words": '"no", "no, no" and "that\'s wrong" said to a confirming question, through each list it is heard with',
    "gate": "a speaker embedding's gate: the reader's own replies refused, other voices let through",
    "voice_filter": "the reader's voice filter in front of the recognisers: no filter, on everything, a second reading",
    "pipeline": "end of speech, decoding time, time to first sample and reply latency on this machine",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in CASES:
        print("usage: python -m testbed.measure CASE [options]\n\ncases:", file=sys.stderr)
        for name, what in CASES.items():
            print(f"  {name:12} {what}", file=sys.stderr)
        return 2
    from testbed.measurement import recorded

    case = importlib.import_module(f"testbed.measure.{argv[0]}")
    sys.argv = [f"testbed.measure {argv[0]}", *argv[1:]]
    if "-h" in argv or "--help" in argv:
        return int(case.main() or 0)
    with recorded(
        f"measure-{argv[0]}", argv=["-m", "testbed.measure", *argv]
    ):  # written only for a whole run; a SystemExit leaves none
        status = int(case.main() or 0)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
