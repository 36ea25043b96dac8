"""The practice key, checked like code: answers a player would really give, ruled as the key means them.

Every case plays a solo night through the host's front door ("solo", the cell, the answer) and reads the
ruling where the card fixes it: the cell's slot in the ledger, "Y" for right and "-" for wrong. A trap, an
answer a NOT form is there to catch, must also be told that form's reason (Rule 9).

Kinds of case: "right" is an A or ALSO form as players write it; "slip" a misspelling Rule 8 forgives; "wrong"
a real wrong guess; "trap" a wrong answer close to a right one, caught by a NOT form.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from kiosk import Key, KeySource, Reply
from kiosk.engine.board import CELL_IDS
from kiosk.keys import load_practice

from .conftest import Played


def _practice_key() -> Key:
    key = load_practice().key
    assert key is not None
    return key


KEY = _practice_key()


@dataclass(frozen=True)
class Case:
    cell: str
    said: str
    kind: str
    """right, slip, wrong or trap."""
    not_form: str = ""
    """For a trap: the key's NOT form whose reason the ruling gives."""

    @property
    def right(self) -> bool:
        return self.kind in ("right", "slip")

    @property
    def id(self) -> str:
        return f"{self.cell}-{self.kind}-{self.said}"


def right(cell: str, *said: str) -> list[Case]:
    return [Case(cell, text, "right") for text in said]


def slip(cell: str, *said: str) -> list[Case]:
    return [Case(cell, text, "slip") for text in said]


def wrong(cell: str, *said: str) -> list[Case]:
    return [Case(cell, text, "wrong") for text in said]


def trap(cell: str, not_form: str, *said: str) -> list[Case]:
    return [Case(cell, text, "trap", not_form) for text in said]


CASES: list[Case] = [
    # A1: the feast after the eve; the question's own "All Hallows' Eve" must not score through "All Hallows".
    *right("A1", "All Saints' Day", "All Saints", "all saints day"),
    *right("A1", "All Hallows' Day", "All Hallows", "Hallowmas"),
    *right("A1", "I think it's All Saints' Day", "All Saints' Day, 1 November"),
    *slip("A1", "All Saint's Day", "All Sants Day", "Halowmas"),
    *wrong("A1", "Halloween", "Christmas", "Samhain", "All Souls"),
    *trap("A1", "All Hallows' Eve", "All Hallows' Eve", "All Hallows Eve"),
    *trap("A1", "All Hallows' Eve", "all hallow's eve", "All Hallows' Eve!"),
    *trap("A1", "All Saints' Eve", "All Saints' Eve", "All Saints Eve"),
    *trap("A1", "All Souls' Day", "All Souls' Day", "All Souls Day"),
    # A2: the turnip; the swede, neep and beet were carved too.
    *right("A2", "turnip", "turnips", "a turnip", "swede", "rutabaga", "neeps"),
    *right("A2", "mangelwurzel", "mangel-wurzel"),
    *right("A2", "beet", "a beet", "beetroot", "sugar beet"),
    *slip("A2", "turnup", "tunrip", "rutabega", "mangelwurzle"),
    *wrong("A2", "potato", "carrot", "parsnip", "apple"),
    *trap("A2", "pumpkin", "pumpkin", "a pumpkin", "pumpkins"),
    # A3
    *right("A3", "Samhain", "Samain", "Samhuinn", "Sauin"),
    *slip("A3", "Samhein", "Sahmain", "Samhian"),
    *wrong("A3", "Imbolc", "Lughnasadh", "Yule", "Halloween"),
    *trap("A3", "Beltane", "Beltane"),
    # A4
    *right("A4", "soul cakes", "a soul cake", "soulcakes", "soul-cakes"),
    *slip("A4", "soul caks", "sol cakes", "soul cakez"),
    *wrong("A4", "sweets", "money", "cakes", "apples"),
    *trap("A4", "mooncake", "mooncakes", "a mooncake"),
    # A5
    *right("A5", "guisers", "guiser", "guizers", "guising"),
    *slip("A5", "guysers", "gusiers"),
    *wrong("A5", "trick or treaters", "mummers", "geezers", "wassailers"),
    # B1: Mexico the country, not the US state that holds its name.
    *right("B1", "Mexico", "México", "in Mexico"),
    *slip("B1", "Mexcio", "Mejico"),
    *wrong("B1", "Guatemala", "Peru", "the United States"),
    *trap("B1", "New Mexico", "New Mexico"),
    *trap("B1", "Spain", "Spain"),
    # B2
    *right("B2", "marigold", "marigolds", "Mexican marigold", "Aztec marigold", "cempasúchil", "cempasuchil"),
    *right("B2", "Tagetes"),
    *slip("B2", "marygold", "merigold", "cempasuchitl"),
    *wrong("B2", "dahlia", "chrysanthemum", "sunflower", "poppy"),
    # B3: every English and Chinese name of the Ghost Festival; the Lantern Festival's Shangyuan is two
    # slips from Zhongyuan.
    *right("B3", "Hungry Ghost Festival", "Festival of the Hungry Ghosts", "Hungry Ghosts"),
    *right("B3", "the Ghost Festival"),
    *right("B3", "Ghost Month", "Ghost Day", "Zhongyuan", "Zhongyuan Festival", "Zhong Yuan"),
    *right("B3", "Yulan", "Yulan Festival", "Yulanpen Festival", "Ullambana"),
    *slip("B3", "Hungery Ghosts", "Hungry Gost Festival", "Zhongyaun"),
    *wrong("B3", "Qingming", "Mid-Autumn Festival", "Lantern Festival", "Day of the Dead", "Obon"),
    *trap("B3", "Shangyuan", "Shangyuan", "Shangyuan Festival"),
    # B4: bare "Guy Fawkes" is right.
    *right("B4", "Bonfire Night", "Guy Fawkes Night", "Guy Fawkes Day", "Guy Fawkes", "Fireworks Night"),
    *right("B4", "Firework Night", "guy fawkes"),
    *slip("B4", "Bonefire Night", "Guy Fawks Night", "Bonfire Nigth"),
    *wrong("B4", "Halloween", "Mischief Night", "Hogmanay", "Remembrance Day"),
    # B5
    *right("B5", "Obon", "Bon", "the Bon Festival", "O-bon", "Urabon"),
    *slip("B5", "Oboon", "Urabonn"),
    *wrong("B5", "Tanabata", "Hanami", "Setsubun"),
    # C1: Mary, not her husband Percy Bysshe Shelley, however he is written.
    *right("C1", "Mary Shelley", "Mary Wollstonecraft Shelley", "Shelley", "Mary Shelley, Percy's wife"),
    *right("C1", "Mary Shelley wife of Percy Shelley"),  # the NOT follows after a word in no key form
    *slip("C1", "Mary Shelly", "Marry Shelley", "Mary Shelle"),
    *wrong("C1", "Bram Stoker", "Lord Byron", "John Polidori", "Mary Wollstonecraft"),
    *trap("C1", "Percy", "Percy Bysshe Shelley", "Percy Shelley", "Percy B. Shelley"),
    *trap("C1", "Percy", "Percy", "Percy Bysshe Shelly"),
    *trap("C1", "Bysshe", "Bysshe Shelley"),
    *trap("C1", "P. B. Shelley", "P. B. Shelley", "P B Shelley"),
    *trap("C1", "P.B. Shelley", "P.B. Shelley", "PB Shelley"),
    # C2
    *right("C2", "Bram Stoker", "Stoker", "Abraham Stoker"),
    *slip("C2", "Bram Stocker", "Bram Stoke"),
    *wrong("C2", "Oscar Wilde", "Sheridan Le Fanu", "Bram", "Mary Shelley"),
    # C3: "evermore", joined or split, is one slip from "Nevermore".
    *right("C3", "Nevermore", "never more", '"Nevermore" says the raven'),
    *slip("C3", "nevermoor", "nevermor", "neverrmore"),
    *wrong("C3", "Lenore", "caw", "never", "nothing more"),
    *trap("C3", "evermore", "evermore", "Evermore"),
    *trap("C3", "ever more", "ever more"),
    # C4
    *right("C4", "Ichabod Crane", "Ichabod", "Crane"),
    *slip("C4", "Ichobod Crane", "Icabod Crane", "Ichabod Crain"),
    *wrong("C4", "Rip Van Winkle", "the Headless Horseman", "Katrina Van Tassel", "Brom"),
    *trap("C4", "Brom Bones", "Brom Bones"),
    # C5
    *right("C5", "Mr Hyde", "Mr. Hyde", "Hyde", "Edward Hyde"),
    *slip("C5", "Hide", "Mr Hyd"),
    *wrong("C5", "Jekyll", "Henry Jekyll", "Jekyll and Hyde", "Frankenstein"),  # cut at "and"
    # D1
    *right("D1", "fly", "they fly", "flying", "flight", "powered flight", "flies"),
    *slip("D1", "flyng", "fligth"),
    *wrong("D1", "hibernate", "echolocate", "hang upside down", "see in the dark"),
    *trap("D1", "glide", "glide", "they glide"),
    # D2: a number has no slips.
    *right("D2", "eight", "8", "eight legs", "8 legs"),
    *wrong("D2", "ten", "four", "10"),
    *trap("D2", "six", "six", "6", "six legs"),
    # D3
    *right("D3", "echolocation", "echo location", "biosonar", "sonar"),
    *slip("D3", "echolocaton", "ecolocation", "echolocating"),
    *wrong("D3", "radar", "bat radar", "night vision", "hearing"),
    # D4
    *right("D4", "pellets", "owl pellets", "a pellet", "castings"),
    *slip("D4", "pelets", "pellits"),
    *wrong("D4", "hairballs", "bones", "feathers", "vomit"),
    # D5: the barn owl; "Tyto alba" now names only the western barn owl.
    *right("D5", "barn owl", "barn owls", "the common barn owl", "barnowl", "Barn owl, Tyto alba"),
    *slip("D5", "bran owl", "barm owl"),
    *wrong("D5", "tawny owl", "great horned owl", "screech owl", "eagle owl"),
    *trap("D5", "snowy owl", "snowy owl"),
    *trap("D5", "Tyto alba", "Tyto alba"),
    # E1: the question's own British name is not the American one.
    *right("E1", "candy apples", "a candy apple", "candied apples"),
    *slip("E1", "candy appels", "candi apples"),
    *wrong("E1", "toffee apples", "taffy apples", "apple pie"),
    *trap("E1", "caramel apple", "caramel apples", "a caramel apple"),
    # E2: "black bun" is one slip from "brack".
    *right("E2", "barmbrack", "barm brack", "brack", "báirín breac", "bairin breac"),
    *slip("E2", "barnbrack", "barmbrak", "bramback"),
    *wrong("E2", "soda bread", "Christmas pudding", "fruitcake", "scone"),
    *trap("E2", "black bun", "black bun"),
    # E3: "sweet potato" holds "potato".
    *right("E3", "potato", "potatoes", "mashed potatoes", "spuds"),
    *slip("E3", "potatoe", "potatos", "pottato"),
    *wrong("E3", "turnip", "parsnip", "carrot", "cabbage"),
    *trap("E3", "sweet potato", "sweet potato"),
    *trap("E3", "sweet potatoes", "sweet potatoes"),
    # E4
    *right("E4", "fruit", "a fruit", "it's a fruit", "berry", "a pepo", "fruit, a berry"),
    *slip("E4", "friut", "fruite"),
    *wrong("E4", "both", "a squash", "neither"),
    *trap("E4", "vegetable", "vegetable", "a vegetable"),
    # E5
    *right("E5", "Illinois", "illinois"),
    *slip("E5", "Ilinois", "Illinios", "Illinoise"),
    *wrong("E5", "Ohio", "California", "Indiana", "Pennsylvania"),
]


def ruling(cell: str, said: str) -> Reply:
    """A solo night on the practice key: pick the cell, then answer it."""
    table = Played(KEY, source=KeySource.PRACTICE)
    table.say("solo", cell)
    return table.say(said)


def slot(reply: Reply, cell: str) -> str:
    """The cell's slot in the reply's ledger: "Y" if the solo player scored it, "-" if not."""
    return reply.ledger.rows[cell[0]].split(".")[int(cell[1]) - 1]


def reason(cell: str, not_form: str) -> str:
    (found,) = [nf for nf in KEY.entries[cell].nots if nf.form == not_form]
    return found.reason


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_answers_are_ruled_as_the_key_means(case: Case) -> None:
    reply = ruling(case.cell, case.said)
    assert slot(reply, case.cell) == ("Y" if case.right else "-")
    assert f"The answer: {KEY.entries[case.cell].answer}." in reply.speech
    if case.not_form:
        assert reason(case.cell, case.not_form) in reply.speech


def test_every_entry_has_right_and_wrong_answers_and_every_not_form_a_trap() -> None:
    kinds = {(case.cell, case.kind) for case in CASES}
    for cell in CELL_IDS:
        assert {(cell, "right"), (cell, "wrong")} <= kinds, cell
    tested = {(case.cell, case.not_form) for case in CASES if case.not_form}
    in_key = {(cell, nf.form) for cell, entry in KEY.entries.items() for nf in entry.nots}
    assert tested == in_key


def _key_forms() -> Iterator[tuple[str, str]]:
    for cell, entry in KEY.entries.items():
        for form in entry.forms:
            yield cell, form


@pytest.mark.parametrize(("cell", "form"), list(_key_forms()))
def test_each_a_and_also_form_said_alone_is_right(cell: str, form: str) -> None:
    """No NOT form catches a form the key itself calls right."""
    assert slot(ruling(cell, form), cell) == "Y"


@pytest.mark.parametrize(
    ("cell", "not_form"), [(cell, nf.form) for cell, entry in KEY.entries.items() for nf in entry.nots]
)
def test_each_not_form_said_alone_is_wrong_with_its_reason(cell: str, not_form: str) -> None:
    assert reason(cell, not_form), "a NOT form the ruling cannot explain"
    reply = ruling(cell, not_form)
    assert slot(reply, cell) == "-"
    assert reason(cell, not_form) in reply.speech


# --- the Candle-End ----------------------------------------------------------------------------------------


def candle_end() -> Played:
    """Two teams pass every question: a played night tied at 0, so TB1 is read."""
    table = Played(KEY, source=KeySource.PRACTICE)
    table.say("two")
    for cell in CELL_IDS:
        table.say(cell, "All: pass")
    assert KEY.tiebreaks["TB1"].question in table.replies[-1].speech
    return table


@pytest.mark.parametrize(
    ("years", "winner"),
    [
        ("Bats: 1897. Ghosts: 1898", "Bats"),
        ("Bats: 1896. Ghosts: 1897", "Ghosts"),
        ("Bats: 1800. Ghosts: 1890", "Ghosts"),
        ("Bats: 1897. Ghosts: 1818", "Bats"),  # Frankenstein's year is not Dracula's
    ],
)
def test_tb1_is_draculas_year(years: str, winner: str) -> None:
    table = candle_end()
    reply = table.say(years)
    assert "The answer: 1897." in reply.speech
    assert KEY.tiebreaks["TB1"].source in reply.speech
    assert f"|win:{winner}|" in reply.text


@pytest.mark.parametrize(
    ("years", "winner"),
    [
        ("Bats: 1845. Ghosts: 1846", "Bats"),
        ("Bats: 1849. Ghosts: 1844", "Ghosts"),  # 1849 is the year Poe died
    ],
)
def test_tb2_is_the_ravens_year(years: str, winner: str) -> None:
    table = candle_end()
    reply = table.say("Bats: 1890. Ghosts: 1904")  # both seven years from 1897: still level
    assert KEY.tiebreaks["TB2"].question in reply.speech
    reply = table.say(years)
    assert "The answer: 1845." in reply.speech
    assert KEY.tiebreaks["TB2"].source in reply.speech
    assert f"|win:{winner}|" in reply.text
