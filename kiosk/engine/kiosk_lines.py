"""What each card line written for a chat window means at this kiosk, by voice and typed.

The card fixes lines such as "send them in one message" and "Lead with the answer, or bold it" for a chat
window. The kiosk says each exactly (kiosk.cartridge), then straight after it one short line of its own from
here: how to do that at this kiosk, by voice or at the keyboard.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk import cartridge as card


@dataclass(frozen=True)
class KioskLine:
    """One card line's meaning at the kiosk, for a table playing by voice and for one typing."""

    voice: str
    typed: str

    def said(self, voice: bool) -> str:
        return self.voice if voice else self.typed


AFTER_CARD_LINE: dict[str, KioskLine] = {
    card.NO_KEY: KioskLine(
        voice="Here, that means this kiosk has no whole key to read from, and it cannot open links.",
        typed="Here, that means this kiosk has no whole key to read from; there is no link to open here.",
    ),
    card.TEAMS_LINE: KioskLine(
        voice="Here, say each team's name and then its answer, one team at a time.",
        typed="Here, type every team's answer on one line, each after its team's name, and press Enter.",
    ),
    card.SOLO_LINE: KioskLine(
        voice="Here, just say your answer out loud.",
        typed="Here, type it and press Enter.",
    ),
    card.HOW_TO_PLAY: KioskLine(
        voice="Here, you are playing by voice: one adult says each team's name, then straight away its "
        "answer, and I read the answers back before I rule.",
        typed="Here, you are playing by typing: put each answer first, straight after its team's name, like "
        "'Bats: a button'. No bold is needed.",
    ),
    card.STILL_TO_ANSWER: KioskLine(
        voice="Here, say each team's name and then its answer.",
        typed="Here, type each answer after its team's name, all on one line, and press Enter.",
    ),
    card.TAKE_YOUR_TIME: KioskLine(
        voice="Here, just say it out loud.",
        typed="Here, type it and press Enter.",
    ),
    card.DROP_QUESTION_MARK: KioskLine(
        voice="Here, say it again as a plain answer, not as a question.",
        typed="Here, type it again with no question mark at the end.",
    ),
    card.CANDLE_END: KioskLine(
        voice="Here, say each tied team's name and then its year, one team at a time.",
        typed="Here, type the years on one line, each after its team's name, like 'Bats: 1850'.",
    ),
}


IN_THE_CANDLE_END: dict[str, KioskLine] = {
    card.STILL_TO_ANSWER: KioskLine(
        voice="Here, say each tied team's name and then its year.",
        typed="Here, type each year after its team's name, all on one line, and press Enter.",
    ),
}
"""In the Candle-End the answers are years: the same card line, said about years."""


def after_card_line(line: str, voice: bool, *, candle_end: bool = False) -> list[str]:
    """The kiosk's line after a card line written for a chat window (given as the card's template, braces
    and all), or nothing for any other line."""
    kiosk_line = (IN_THE_CANDLE_END if candle_end else {}).get(line) or AFTER_CARD_LINE.get(line)
    return [kiosk_line.said(voice)] if kiosk_line is not None else []
