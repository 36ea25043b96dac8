"""A team leaving the night, by voice, is said back first: a team out is skipped for answers and picks (the
card's THE TABLE), and noise is heard as a team leaving. Coming back loses nothing and is taken as heard;
so is anything typed (conversation.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.engine.commands import Movement, parse_team_move
from kiosk.engine.night import Night
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.policy import Act, Slot
from kiosk.voice.dialogue.prompts import Lead, PlayOn, TeamLeaving
from kiosk.voice.sound.asr import Utterance


@dataclass
class Leaving:
    """The words heard as a team leaving, said back and waiting for a yes."""

    confirming: Confirming[str] = field(default_factory=lambda: Confirming[str](Slot.LEAVING))

    @property
    def waiting(self) -> str | None:
        return self.confirming.waiting

    def take(self, utterance: Utterance, night: Night | None, loud: bool) -> str | Ask | None:
        """The words for the host once a yes confirms them, the kiosk's question, or None: the words go on as
        heard. A team said back is confirmed by the next words or not at all, as a pick said back is."""
        act, waiting = self.confirming.reply(utterance, loud) or (None, None)
        if act is Act.ASK_IF_YES:
            return self.again(Lead.WAS_THAT_A_YES)
        if act is Act.TAKE:
            return waiting
        self.confirming.clear()
        move = parse_team_move(waiting) if waiting is not None else None
        if act is Act.REFUSED and move is not None:
            return Ask(PlayOn(move.team))
        move = parse_team_move(utterance.text)
        if night is None or not night.voice or move is None or move.movement is not Movement.OUT:
            return None
        if move.team not in night.teams or move.team in night.out:
            return None  # the host says what it makes of that
        self.confirming.say_back(utterance.text)
        return self.again()

    def again(self, lead: Lead = Lead.NONE) -> Ask:
        move = parse_team_move(self.waiting) if self.waiting is not None else None
        assert move is not None
        return Ask(TeamLeaving(move.team, lead))
