"""Where the screen listens (`--screen [HOST:]PORT`) and the address other devices use to reach it."""

from __future__ import annotations

import argparse
import ipaddress
import socket
from dataclasses import dataclass

DEFAULT_PORT = 8177
ALL_INTERFACES = "0.0.0.0"


@dataclass(frozen=True)
class Address:
    host: str
    """An interface to listen on; 0.0.0.0 for every one (phones and TVs on the same network)."""
    port: int
    """0 lets the system choose a free port (tests)."""


def parse_address(text: str) -> Address:
    """ "8177", ":8177", "127.0.0.1:8177" or "[::1]:8177"; argparse shows the error to the user."""
    host, _, port_text = text.strip().rpartition(":")
    host = host.strip("[]") or ALL_INTERFACES
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not [HOST:]PORT, like 8177 or 127.0.0.1:8177")
    return Address(host, int(port_text))


def join_url(host: str, port: int) -> str:
    """The address to give others: this machine's address on the local network when listening on every
    interface (found without sending a packet), else the interface itself."""
    if host in (ALL_INTERFACES, "::", ""):
        host = _lan_address() or socket.gethostname()
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _lan_address() -> str | None:
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # A UDP "connect" only picks the outgoing interface; nothing is sent, so it works offline too
        # whenever the machine has a network at all.
        probe.connect(("10.254.254.254", 9))
        address: str = probe.getsockname()[0]
        return None if address.startswith("0.") else address
    except OSError:
        return None
    finally:
        probe.close()


def guest_of(address: str) -> str:
    """Who an address is for the connection limits: an IPv4 address itself, an IPv6 address by its /64 (one
    device can take any address in its network's /64, so a connection's share is its network's)."""
    ip = _ip(address)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return address if ip is None else str(ip)


def device_of(address: str) -> str:
    """Who an address is for wrong codes: the address itself, an IPv6 one whole (/128). Two phones on one
    home network share its /64, and one guessing must never lock the other out; a guest taking address
    after address in its /64 is held by the ceiling on wrong codes from every address together."""
    ip = _ip(address)
    return address if ip is None else str(ip)


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address without its scope (fe80::1%wlan0); an IPv4 address mapped into IPv6 as IPv4."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip
