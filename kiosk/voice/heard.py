"""What the voice loop hears and what comes of it: turns, messages typed on a phone, the screen's news."""

from __future__ import annotations

from dataclasses import dataclass
from queue import Empty
from typing import Protocol

from kiosk.engine.reply import Reply
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance


@dataclass(frozen=True)
class Turn:
    """One utterance heard and the reply to it, with the timings that matter to the table."""

    heard: str
    reply: Reply | None
    """None when the kiosk was unsure what was said and asked again (`asked`): the host heard nothing."""
    voice_ended_at: float | None
    """time.monotonic() when the speaker's last word ended (real-time sources only)."""
    reply_started_at: float | None
    """time.monotonic() when the first sample of the reply was played."""
    listening: Listening = Listening.ANSWERS
    asked: str = ""
    """The kiosk's own question when it asked again instead of passing the utterance on."""

    @property
    def latency(self) -> float | None:
        if self.voice_ended_at is None or self.reply_started_at is None:
            return None
        return self.reply_started_at - self.voice_ended_at


@dataclass(frozen=True)
class Typed(Utterance):
    """A message typed on the table screen: its team names are as typed, so nobody is asked whose it is."""


@dataclass(frozen=True)
class Notice(Utterance):
    """The kiosk's own news from the table screen (a phone paired): said, never heard by the night."""


class TypedMessages(Protocol):
    """Messages typed on a screen (a Queue[str] will do)."""

    def get_nowait(self) -> str:
        """The next message; queue.Empty when there is none."""
        ...


def typed_now(typed: TypedMessages | None, hearing_words: bool) -> Typed | None:
    """The next message typed on the screen, if any; none while words are heard: it must not split one."""
    if typed is None or hearing_words:
        return None
    try:
        return Typed(typed.get_nowait())
    except Empty:
        return None


def notice_now(notices: TypedMessages | None, hearing_words: bool) -> Notice | None:
    """The kiosk's next piece of news, if any; none while words are being heard (as for typed messages)."""
    typed = typed_now(notices, hearing_words)
    return None if typed is None else Notice(typed.text)
