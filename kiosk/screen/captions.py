"""Captions: what the kiosk says and what it hears, cut into cards of at most two lines of 40 characters, each
naming who speaks (subtitle guidance: speaker named, two lines, no more than 40 characters a line)."""

from __future__ import annotations

from dataclasses import dataclass

LINE_WIDTH = 40
"""Characters a caption line holds at most."""
CARD_LINES = 2
KIOSK = "Kiosk"
TABLE = "Table"
KEYBOARD = "Keyboard"


@dataclass(frozen=True)
class Caption:
    """Words said or heard. `final` is False while the recogniser is still hearing them."""

    speaker: str
    text: str
    final: bool = True


@dataclass(frozen=True)
class CaptionCard:
    """One screenful of caption: the first line opens with the speaker's name."""

    speaker: str
    lines: tuple[str, ...]


def caption_cards(caption: Caption) -> tuple[CaptionCard, ...]:
    """The caption in reading order; while still being heard, only its newest card (the words coming in)."""
    words = caption.text.split()
    if not words:
        return ()
    prefix = f"{caption.speaker}:"
    cards: list[CaptionCard] = []
    lines: list[str] = [prefix]
    fresh = True
    """The current line holds nothing but the speaker's name so far."""
    for word in _pieces(words, LINE_WIDTH - len(prefix) - 1):
        if len(lines[-1]) + 1 + len(word) <= LINE_WIDTH:
            lines[-1] += " " + word
        elif not fresh and len(lines) < CARD_LINES:
            lines.append(word)
        else:
            cards.append(CaptionCard(caption.speaker, tuple(lines)))
            lines = [f"{prefix} {word}"]
        fresh = False
    cards.append(CaptionCard(caption.speaker, tuple(lines)))
    return tuple(cards) if caption.final else tuple(cards[-1:])


def _pieces(words: list[str], width: int) -> list[str]:
    """Words, a word too long for a line broken into pieces that fit (a URL or a hash)."""
    out = []
    for word in words:
        while len(word) > width:
            out.append(word[:width])
            word = word[width:]
        out.append(word)
    return out
