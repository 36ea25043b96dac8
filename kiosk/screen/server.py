"""The screen's web server: the page, its events (server-sent), its QR code and the remote keyboard.

It runs an aiohttp application on its own event loop in its own thread, beside the blocking night loop.
The night loop publishes from its thread; `Broadcast` hands each event to every page through the server's
loop. Only the keyboard's two POST routes take anything in, and both need the PIN.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sys
import threading
from importlib import resources
from typing import Any

import segno
from aiohttp import web

from kiosk.screen.address import Address, join_url
from kiosk.screen.keyboard import RemoteKeyboard, Unlock

HEARTBEAT = 15.0
"""Seconds between comments on an idle event stream, so proxies and phones keep it open."""
STATIC = {
    "screen.css": "text/css",
    "screen.js": "text/javascript",
}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class _OneLine(logging.Formatter):
    """A request aiohttp cannot serve (a malformed one from any device on the network, or a fault in a
    route) is answered with an error status all the same; the kiosk's terminal gets one line, not a
    traceback."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        why = " ".join(str(error).split())[:160] if error is not None else ""
        return f"(screen) {record.getMessage()}" + (f": {why}" if why else "")


class _ToStderr(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        print(self.format(record), file=sys.stderr, flush=True)


def _request_log() -> logging.Logger:
    log = logging.getLogger("kiosk.screen.requests")
    if not log.handlers:
        handler = _ToStderr()
        handler.setFormatter(_OneLine())
        log.addHandler(handler)
        log.propagate = False
    return log


_REQUEST_LOG = _request_log()


class ScreenError(Exception):
    """The screen could not start (the port is taken, the address is not this machine's)."""


class Broadcast:
    """The newest event of each kind, and the pages listening. `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: dict[str, str] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listeners: set[asyncio.Queue[str | None]] = set()

    def publish(self, kind: str, payload: object) -> None:
        message = f"event: {kind}\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"
        with self._lock:
            self._latest[kind] = message
            loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fan_out, message)

    def latest(self, kind: str) -> str | None:
        with self._lock:
            return self._latest.get(kind)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            self._loop = loop

    def listen(self) -> tuple[asyncio.Queue[str | None], list[str]]:
        """On the server's loop: a queue for what comes next, and the newest of each kind so far."""
        listener: asyncio.Queue[str | None] = asyncio.Queue()
        self._listeners.add(listener)
        with self._lock:
            return listener, list(self._latest.values())

    def leave(self, listener: asyncio.Queue[str | None]) -> None:
        self._listeners.discard(listener)

    def close(self) -> None:
        """On the server's loop: every stream ends after what it was already given."""
        for listener in self._listeners:
            listener.put_nowait(None)

    def _fan_out(self, message: str) -> None:
        for listener in self._listeners:
            listener.put_nowait(message)


def _asset(name: str) -> bytes:
    return resources.files("kiosk.screen").joinpath("static", name).read_bytes()


class ScreenServer:
    """The aiohttp application on its own thread. `start()` returns once it listens, or raises ScreenError."""

    def __init__(self, broadcast: Broadcast, keyboard: RemoteKeyboard, address: Address) -> None:
        self.broadcast = broadcast
        self.keyboard = keyboard
        self.address = address
        self.port = address.port
        self.url = ""
        self._page = _asset("index.html")
        self._static = {name: _asset(name) for name in STATIC}
        self._qr = b""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._streams: set[asyncio.Task[Any]] = set()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="screen-server", daemon=True)

    # --- life ----------------------------------------------------------------------------------------------

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise ScreenError(
                f"The screen could not listen on {self.address.host}:{self.address.port}: {self._failure}"
            ) from self._failure

    def stop(self, drain: float = 2.0) -> None:
        """End every page's stream once it has what was published (up to `drain` seconds), then stop."""
        if not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._shutdown(drain), self._loop)
        try:
            future.result(timeout=drain + 5)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._listen())
        except OSError as error:
            self._failure = error
            self._ready.set()
            return
        self.broadcast.attach(self._loop)
        self._ready.set()
        self._loop.run_forever()
        self._loop.close()

    async def _listen(self) -> None:
        app = web.Application(middlewares=[_same_origin_posts])
        app.on_response_prepare.append(_security_headers)
        app.add_routes(
            [
                web.get("/", self._index),
                web.get("/static/{name}", self._asset),
                web.get("/events", self._events),
                web.get("/qr.svg", self._qr_code),
                web.get("/favicon.ico", _no_icon),
                web.post("/keyboard/unlock", self._unlock),
                web.post("/keyboard/say", self._say),
            ]
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, logger=_REQUEST_LOG)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.address.host, self.address.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.url = join_url(self.address.host, self.port)
        buffer = io.BytesIO()
        segno.make(self.url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
        self._qr = buffer.getvalue()

    async def _shutdown(self, drain: float) -> None:
        self.broadcast.close()
        if self._streams:
            await asyncio.wait(self._streams, timeout=drain)
        if self._runner is not None:
            await self._runner.cleanup()

    # --- what the page reads -------------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        return web.Response(body=self._page, content_type="text/html", charset="utf-8")

    async def _asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=self._static[name], content_type=STATIC[name], charset="utf-8")

    async def _qr_code(self, request: web.Request) -> web.Response:
        return web.Response(body=self._qr, content_type="image/svg+xml")

    async def _events(self, request: web.Request) -> web.StreamResponse:
        task = asyncio.current_task()
        assert task is not None
        self._streams.add(task)
        listener, backlog = self.broadcast.listen()
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        try:
            await response.prepare(request)
            about = {"url": self.url}
            await response.write(f"event: about\ndata: {json.dumps(about)}\n\n".encode())
            for earlier in backlog:
                await response.write(earlier.encode())
            while True:
                message: str | None
                try:
                    message = await asyncio.wait_for(listener.get(), HEARTBEAT)
                except asyncio.TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if message is None:
                    break
                await response.write(message.encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.broadcast.leave(listener)
            self._streams.discard(task)
        return response

    # --- the remote keyboard: the only way in, and only with the PIN ----------------------------------------

    async def _unlock(self, request: web.Request) -> web.Response:
        body = await _json_body(request)
        pin = body.get("pin") if body else None
        if not isinstance(pin, str):
            return _refuse(400, 'Send the PIN as {"pin": "1234"}.')
        outcome, detail = self.keyboard.unlock(pin, request.remote or "")
        if outcome is Unlock.OPEN:
            return web.json_response({"token": detail})
        if outcome is Unlock.LIMITED:
            return _refuse(
                429, f"Too many wrong PINs. Try again in {detail} seconds.", {"Retry-After": detail}
            )
        return _refuse(403, "That PIN is not right.")

    async def _say(self, request: web.Request) -> web.Response:
        token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        body = await _json_body(request) if token and self.keyboard.unlocked(token) else None
        if body is None:
            return _refuse(403, "This screen's keyboard is locked: enter the kiosk's PIN first.")
        text = body.get("text")
        refused = self.keyboard.send(token, text) if isinstance(text, str) else 'Send {"text": "..."}.'
        if refused:
            return _refuse(400, refused)
        return web.json_response({"sent": True}, status=202)


async def _no_icon(request: web.Request) -> web.Response:
    return web.Response(status=204)


@web.middleware
async def _same_origin_posts(request: web.Request, handler: Any) -> web.StreamResponse:
    if request.method == "POST" and not _same_origin(request):
        return _refuse(403, "Messages come only from this screen's own page.")
    response: web.StreamResponse = await handler(request)
    return response


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


def _same_origin(request: web.Request) -> bool:
    """A JSON body forces a browser's preflight, which this server never grants; an Origin, when sent, must
    be this server's own."""
    if request.content_type != "application/json":
        return False
    origin = request.headers.get("Origin")
    return origin is None or origin.split("://", 1)[-1] == request.host


async def _json_body(request: web.Request) -> dict[str, object] | None:
    if request.content_length is not None and request.content_length > 4096:
        return None
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError, RecursionError):  # JSON nested too deep is refused too
        return None
    return body if isinstance(body, dict) else None


def _refuse(status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"error": message}, status=status, headers=headers)
