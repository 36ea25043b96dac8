"""Pairing a phone in the tests: the code as the kiosk says it, and a phone (an HTTP client, keeping its
cookie as a browser does) pairing with it and typing."""

from __future__ import annotations

import re

import httpx

from kiosk.screen.keyboard import RemoteKeyboard

CODE_SAID = re.compile(r"enter the pairing code (\d), (\d), (\d), (\d)\.")


def code_in(reply: str) -> str:
    """The pairing code in a reply to "pair a phone", as said ("4, 8, 2, 1") and typed ("4821")."""
    said = CODE_SAID.search(reply)
    assert said is not None, reply
    return "".join(said.groups())


def pair(phone: httpx.Client, code: str) -> httpx.Response:
    return phone.post("/keyboard/pair", json={"code": code})


def paired(phone: httpx.Client, keyboard: RemoteKeyboard) -> httpx.Client:
    """`phone` paired through a window the table opened on an in-process screen's keyboard."""
    answer = pair(phone, keyboard.open_pairing().code)
    assert answer.status_code == 200, answer.text
    return phone


def type_on(phone: httpx.Client, text: str) -> httpx.Response:
    return phone.post("/keyboard/say", json={"text": text})
