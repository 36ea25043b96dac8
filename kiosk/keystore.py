"""The sealed key: fetched over HTTPS from its one home, checked whole, and kept on the device for the party.

Errors, each said in one line to the person at the kiosk (never a traceback)::

    FetchError            the key could not be fetched whole (after one more try, as Rule 3 says)
      RefusedAddress      not HTTPS, or redirected away from the key's one home: not tried again
    TamperedKey           a kept key whose bytes no longer hash to what was stored when it was fetched

A night on the sealed key states the notice's commitment, so a kept key whose SHA-256 does not begin with
those 16 characters is refused for the night (Rule 2), even if its record was edited to match it.

The store keeps the exact bytes (`reveal.md`) and a record of their SHA-256 and fetch time (`reveal.json`),
each written atomically: a pulled plug never leaves half a key.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urljoin

import httpx

from kiosk.cartridge import NOTICE, SealedNotice
from kiosk.engine.host import KeySource
from kiosk.engine.key import InvalidKeyError, parse_key
from kiosk.hints import kiosk_command
from kiosk.keys import KEY_FILE_LIMIT, LoadedKey, UnreadableKeyFile, read_key_file
from kiosk.records.storage import StorageError, data_dir, write_atomic

_LOG = logging.getLogger(__name__)

TIMEOUT = 10.0
"""Seconds to wait for the server at each step (connect, read) before giving up on a try."""
TRIES = 2
"""The card's rule: fetch once more, then the night does not happen."""
MAX_REDIRECTS = 3

Progress = Callable[[str], None]


class FetchError(Exception):
    """The key could not be fetched whole; the message is one line for the table."""


class RefusedAddress(FetchError):
    """An address that is not the key's home: another try would go to the same wrong place."""


class TamperedKey(Exception):
    """A kept key whose bytes no longer match the SHA-256 recorded when it was fetched."""


@dataclass(frozen=True)
class KeptKey:
    data: bytes
    sha256: str
    fetched_at: str
    url: str

    @property
    def matches_notice(self) -> bool:
        return self.sha256.startswith(NOTICE.commitment)


class KeyStore:
    """The folder on the device where the sealed key is kept."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "sealed"

    @property
    def key_path(self) -> Path:
        return self.folder / "reveal.md"

    @property
    def record_path(self) -> Path:
        return self.folder / "reveal.json"

    def keep(self, data: bytes, url: str, fetched_at: str) -> KeptKey:
        digest = hashlib.sha256(data).hexdigest()
        record = {"sha256": digest, "fetched_at": fetched_at, "url": url, "bytes": len(data)}
        # The key first, then its record: a record never describes a key that is not fully on disk.
        write_atomic(self.key_path, data)
        write_atomic(self.record_path, (json.dumps(record, indent=2) + "\n").encode())
        return KeptKey(data, digest, fetched_at, url)

    def load(self) -> KeptKey | None:
        """The kept key, or None if there is none; raises TamperedKey if its bytes were changed."""
        if not self.key_path.exists() and not self.record_path.exists():
            return None
        try:
            record = json.loads(read_key_file(self.record_path).decode("utf-8", errors="replace"))
            data = read_key_file(self.key_path)
            expected = str(record["sha256"])
        except UnreadableKeyFile as error:
            raise TamperedKey(f"the kept key or its record cannot be read: {error}") from error
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            raise TamperedKey(
                f"the kept key or its record cannot be read ({error.__class__.__name__})"
            ) from error
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected:
            raise TamperedKey(
                f"the kept key's SHA-256 is {actual}, not the {expected} recorded when it was fetched"
            )
        return KeptKey(data, actual, str(record.get("fetched_at", "")), str(record.get("url", "")))


def _check_address(url: str, notice: SealedNotice) -> None:
    if not url.startswith("https://"):
        raise RefusedAddress(f"{url} is not an HTTPS address")
    if not url.startswith(notice.home):
        raise RefusedAddress(f"redirected away from {notice.home} (to {url}), so it is not the sealed key")


def _download(client: httpx.Client, notice: SealedNotice, progress: Progress) -> bytes:
    url = notice.reveal_url
    for _ in range(MAX_REDIRECTS + 1):
        _check_address(url, notice)
        with client.stream("GET", url) as response:
            if response.is_redirect:
                url = urljoin(url, response.headers.get("location", ""))
                continue
            if response.status_code != 200:
                raise FetchError(f"the server answered {response.status_code} {response.reason_phrase}")
            expected = response.headers.get("content-length")
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                chunks.append(chunk)
                size += len(chunk)
                if size > KEY_FILE_LIMIT:
                    raise FetchError("the file is far larger than a key")
                progress(f"Fetching the sealed key: {size / 1000:.1f} kB")
            data = b"".join(chunks)
            if expected is not None and expected.isdigit() and int(expected) != len(data):
                raise FetchError(f"the download was cut short ({len(data)} of {expected} bytes)")
            return data
    raise FetchError("too many redirects")


def fetch(
    *,
    notice: SealedNotice = NOTICE,
    client: httpx.Client | None = None,
    progress: Progress = lambda line: None,
) -> bytes:
    """Fetch the reveal file and check that it is whole; one more try on any failure, then FetchError."""
    own_client = client is None
    client = client or httpx.Client(timeout=TIMEOUT, follow_redirects=False)
    reasons = []
    try:
        for _ in range(TRIES):
            try:
                data = _download(client, notice, progress)
                parse_key(data)
                return data
            except RefusedAddress as error:
                reasons.append(str(error))
                break
            except FetchError as error:
                reasons.append(str(error))
            except InvalidKeyError as error:
                reasons.append(f"the key is not whole ({error})")
            except httpx.TimeoutException:
                reasons.append(f"no answer within {client.timeout.read or TIMEOUT:g} seconds")
            except httpx.RemoteProtocolError:
                reasons.append("the download was cut short")
            except httpx.HTTPError as error:
                reasons.append(f"the network failed ({error.__class__.__name__})")
    finally:
        if own_client:
            client.close()
    raise FetchError(reasons[-1])


def fetch_and_keep(
    store: KeyStore,
    *,
    notice: SealedNotice = NOTICE,
    client: httpx.Client | None = None,
    progress: Progress = lambda line: None,
    now: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
) -> KeptKey:
    data = fetch(notice=notice, client=client, progress=progress)
    return store.keep(data, notice.reveal_url, now().strftime("%Y-%m-%dT%H:%M:%SZ"))


def load_for_night(
    store: KeyStore | None = None,
    *,
    notice: SealedNotice = NOTICE,
    client: httpx.Client | None = None,
    progress: Progress = lambda line: None,
) -> LoadedKey:
    """The sealed key for a real night: the kept one, else fetched now if the kiosk is online."""
    store = store or KeyStore()
    try:
        kept = store.load()
    except TamperedKey as error:
        return LoadedKey(None, KeySource.SEALED, f"refused as tampered: {error}")
    if kept is None:
        try:
            kept = fetch_and_keep(store, notice=notice, client=client, progress=progress)
        except FetchError as error:
            return LoadedKey(None, KeySource.SEALED, f"no key is kept and fetching it failed: {error}")
        except StorageError as error:
            return LoadedKey(None, KeySource.SEALED, f"the key was fetched but cannot be kept: {error}")
    if not kept.sha256.startswith(notice.commitment):
        return LoadedKey(
            None,
            KeySource.SEALED,
            f"the kept key's SHA-256 {kept.sha256} does not begin with the sealed notice's commitment "
            f"{notice.commitment}, so it is not the sealed key; fetch it again: {kiosk_command('key fetch')}",
            store.key_path,
        )
    try:
        return LoadedKey(parse_key(kept.data), KeySource.SEALED, path=store.key_path)
    except InvalidKeyError as error:
        return LoadedKey(None, KeySource.SEALED, str(error), store.key_path)


def status(store: KeyStore | None = None) -> str:
    store = store or KeyStore()
    try:
        kept = store.load()
    except TamperedKey as error:
        return f"The kept key is refused as tampered: {error}. Fetch it again: {kiosk_command('key fetch')}"
    if kept is None:
        return f"No key is kept. Fetch it before the party, while online: {kiosk_command('key fetch')}"
    match = "match" if kept.matches_notice else "do not match"
    return (
        f"A sealed key is kept in {store.key_path}: fetched {kept.fetched_at} from {kept.url}, "
        f"SHA-256 {kept.sha256}. Its first 16 characters {match} the sealed notice's commitment "
        f"{NOTICE.commitment}."
    )


def _progress_line(line: str) -> None:
    print("\r" + line, end="", file=sys.stderr, flush=True)


def fetch_command(store: KeyStore | None = None, notice: SealedNotice = NOTICE) -> int:
    store = store or KeyStore()
    try:
        kept = fetch_and_keep(store, notice=notice, progress=_progress_line)
    except FetchError as error:
        print(file=sys.stderr)  # the progress bar's line ends
        _LOG.error("Could not fetch the sealed key from %s: %s.", notice.reveal_url, error)
        return 1
    except StorageError as error:
        print(file=sys.stderr)
        _LOG.error("The sealed key was fetched but cannot be kept: %s.", error)
        return 1
    print(file=sys.stderr)
    print(f"Kept the sealed key ({len(kept.data)} bytes) in {store.key_path}, SHA-256 {kept.sha256}.")
    return 0


def status_command(store: KeyStore | None = None) -> int:
    print(status(store))
    return 0
