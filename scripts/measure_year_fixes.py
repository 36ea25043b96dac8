"""How well the Candle-End read-back hears a year spelled digit by digit ("Bats. One, eight, nine, seven."),
the way the kiosk asks a team to fix a misheard year (kiosk.voice.answering.HOW_TO_FIX_A_YEAR).

    nice -n 10 .venv/bin/python scripts/measure_year_fixes.py [--snr DB] [--bed babble|music] [--held-out]

Each year is spelled after a team's name by each TUNING voice of the simulated table (scripts/table/voices.py),
mixed into a noise bed (none without --snr) at DRAWS places, and heard through the kiosk's Candle-End
read-back list (kiosk.voice.grammar.years_read_back) and, beside it, through the same words with no pairs
(the list before the pairs were added). Prints, per list, the takes whose team and year both came out right,
those whose year did with the team lost (the kiosk asks whose it was), and those that named another team.
--held-out uses the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import cycle
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.spelling import spelled_year  # noqa: E402
from kiosk.engine.teams import TEAM_ORDER, Team  # noqa: E402
from kiosk.voice.asr import Recognizer, grammar_for  # noqa: E402
from kiosk.voice.grammar import COMMANDS, DIGITS, DISPUTES, UNKNOWN, YES_NO  # noqa: E402
from kiosk.voice.listening import Listening  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402
from scripts.table.kiosk_lines import spelled  # noqa: E402

YEARS = ("1897", "1900", "1066", "2005", "1890", "1847")
DRAWS = 3
WORDS_ALONE = (*YES_NO, *DISPUTES, *COMMANDS, *DIGITS, *(team.value.lower() for team in TEAM_ORDER))


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    model = room.recognizers.model
    lists = {
        "kiosk's list": room.recognizers[Listening.YEARS_READ_BACK],
        "words alone": Recognizer(model, grammar=grammar_for(model, (*WORDS_ALONE, UNKNOWN))),
    }
    counted: Counter[tuple[str, str]] = Counter()
    for voice in room.voices:
        for index, (team, year) in enumerate(zip(cycle(TEAM_ORDER), YEARS)):
            audio = voice.render(f"{team.value}. {spelled(year)}")
            for draw in range(room.draws):
                pcm = room.mixed(audio, index * room.draws + draw)
                for name, recognizer in lists.items():
                    heard = recognizer.decode(pcm)
                    words = heard.text.split() if heard else []
                    named = Team.from_name(words[0]) if words else None
                    right = spelled_year(words[1:] if named else words) == year
                    counted[(name, "both")] += right and named is team
                    counted[(name, "year, team lost")] += right and named is None
                    counted[(name, "another team")] += named is not None and named is not team
    total = len(room.voices) * len(YEARS) * room.draws
    print(room.heading)
    for name in lists:
        both, lost, other = (counted[(name, what)] for what in ("both", "year, team lost", "another team"))
        print(
            f"  {name:13} team and year {both}/{total}  year, team lost {lost}/{total}  another team {other}"
        )


if __name__ == "__main__":
    main()
