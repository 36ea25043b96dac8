"""The closed set of things the table says between questions, for a grammar-restricted recogniser.

Team counts, picks, commands, team names, yes and no. Vosk turns the list into a bigram model, so word
orders outside the list can still come out; each result is corrected to the nearest expected phrase, as
wyoming-vosk does, since word confidences in grammar mode are almost always 1.
"""

from __future__ import annotations

from kiosk.engine.listening import between_questions
from kiosk.engine.matching import slips

__all__ = ["between_questions", "nearest"]


def nearest(text: str, phrases: tuple[str, ...], *, alternatives: tuple[str, ...] = ()) -> str:
    """The expected phrase nearest to what was heard (trying each n-best reading), if near enough;
    else the text as heard, so that the host can say it did not follow."""
    best, best_cost = text, None
    for reading in (text, *alternatives):
        if reading in phrases:
            return reading
        heard = reading.split()
        for phrase in phrases:
            expected = phrase.split()
            cost = _word_distance(heard, expected)
            # Near enough: no more than half the phrase's words wrong.
            if cost <= len(expected) / 2 and (best_cost is None or cost < best_cost):
                best, best_cost = phrase, cost
    return best


def _word_cost(word: str, target: str) -> float:
    """0 for the same word, 1 for a different one, a share of 1 for a near spelling ("tree", "three")."""
    if word == target:
        return 0.0
    longest = max(len(word), len(target))
    return min(1.0, slips(word, target, longest) / longest)


def _word_distance(heard: list[str], expected: list[str]) -> float:
    """Edit distance counted in words, each substitution costing by how far apart the spellings are."""
    rows = [float(j) for j in range(len(expected) + 1)]
    for i, word in enumerate(heard, 1):
        previous, rows[0] = rows[0], float(i)
        for j, target in enumerate(expected, 1):
            current = min(rows[j] + 1, rows[j - 1] + 1, previous + _word_cost(word, target))
            previous, rows[j] = rows[j], current
    return rows[-1]
