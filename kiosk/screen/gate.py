"""Whom the screen answers: requests addressed to the kiosk by its own names, and changes only from its page.

A web page elsewhere can make a name of its own resolve to the kiosk (DNS rebinding) and then read the event
stream as if it were the kiosk's page; the Host header tells that apart, so it must be one of the kiosk's
own names or addresses. A change (a POST) must also come from the kiosk's own page: an Origin, when a
browser sends one, must be exactly `http://` and the Host the request was sent to.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

LOCAL_NAMES = ("localhost",)
SAFE_METHODS = frozenset({"GET", "HEAD"})


@dataclass(frozen=True)
class HostName:
    """A Host header read: the name or address (lower case, no brackets) and its port (None: not given)."""

    name: str
    port: int | None


def read_host(header: str) -> HostName | None:
    """ "kiosk.local:8177", "[::1]:8177", "10.0.0.5"; None when it is no host at all."""
    text = header.strip().lower()
    if text.startswith("["):
        name, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:]
    elif text.count(":") > 1:  # an IPv6 address must be in brackets
        return None
    else:
        name, _, port_text = text.partition(":")
    name = name.rstrip(".")
    if not name or any(ch in name for ch in "/@\\ \t%") or (port_text and not port_text.isdigit()):
        return None
    return HostName(name, int(port_text) if port_text else None)


def own_names(listening_on: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The names the kiosk answers to: localhost, this machine's host name (and its .local for mDNS), the
    name it was told to listen on, and any the settings give."""
    host = socket.gethostname().lower()
    names = {*LOCAL_NAMES, host, f"{host}.local", *(name.lower().rstrip(".") for name in extra)}
    if listening_on and not _is_address(listening_on):
        names.add(listening_on.lower().rstrip("."))
    return frozenset(name for name in names if name)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def is_own_address(address: str, reached_at: str | None) -> bool:
    """Whether `address` is this machine's: the address the request reached, or any address of this
    machine's interfaces (found by binding to it, which only an own address allows)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if reached_at is not None and _same_address(ip, reached_at):
        return True
    if ip.is_loopback:
        return True
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((str(ip), 0))
    except OSError:
        return False
    return not ip.is_unspecified and not ip.is_multicast


def _same_address(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, other: str) -> bool:
    try:
        return ip == ipaddress.ip_address(other.split("%", 1)[0])
    except ValueError:
        return False


@dataclass(frozen=True)
class Gate:
    """The kiosk's names and its port: `refusal` says why a request is not for this screen, or None."""

    names: frozenset[str]
    port: int

    def refusal(
        self, method: str, headers: Mapping[str, str], reached_at: str | None
    ) -> tuple[int, str] | None:
        host = self.host_refusal(headers.get("Host"), reached_at)
        if host is not None:
            return host
        if method not in SAFE_METHODS:
            return self.origin_refusal(headers)
        return None

    def host_refusal(self, header: str | None, reached_at: str | None) -> tuple[int, str] | None:
        if header is None:  # HTTP/1.0 without a Host: no browser sends that, so no rebinding page either
            return None
        host = read_host(header)
        if host is None:
            return 400, "That Host is no address."
        if host.port is not None and host.port != self.port:
            return 421, "This screen answers only at its own address."
        if host.name in self.names or is_own_address(host.name, reached_at):
            return None
        return 421, "This screen answers only at its own address."

    def origin_refusal(self, headers: Mapping[str, str]) -> tuple[int, str] | None:
        """A change must come from this screen's own page: its Origin, when sent, is exactly this server's
        (http, the Host the request came to); a browser's Sec-Fetch-Site, when sent, says same-origin."""
        refused = 403, "Messages come only from this screen's own page."
        site = headers.get("Sec-Fetch-Site")
        if site is not None and site not in ("same-origin", "none"):
            return refused
        origin = headers.get("Origin")
        if origin is None:
            return None
        host = headers.get("Host", "")
        if not host or origin.strip().lower() != f"http://{host.strip().lower()}":
            return refused
        return None
