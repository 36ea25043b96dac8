"""The screen's web server: the page, its events (server-sent), its QR code and the remote keyboard.

It runs an aiohttp application on its own event loop in its own thread, beside the blocking night loop.
The night loop publishes from its thread; `Broadcast` hands each event to every page through the server's
loop, and never waits for one. Only the keyboard's two POST routes take anything in: one pairs a phone with
the code of an open pairing window, the other takes a paired phone's message. The code itself is served only
to the kiosk's own page, loaded on the Pi from a loopback address; never on any page another device loads.
What guests may hold is bounded by `Doorway` (connections) and `Streams` (pages listening); whom the server
answers, by `Gate` (the Host the request was sent to, and the Origin of a change).
"""

from __future__ import annotations

import asyncio
import errno
import io
import ipaddress
import json
import threading
from importlib import resources
from typing import Any

import segno
from aiohttp import web

from kiosk.screen.address import Address, join_url
from kiosk.screen.doorway import Doorway, Limits
from kiosk.screen.gate import Gate, own_names
from kiosk.screen.keyboard import LOCKED, Pairs, Refusal, RemoteKeyboard
from kiosk.screen.request_log import request_log
from kiosk.screen.streams import Broadcast, Stream, Streams

MAX_BODY = 4096
"""Bytes: the largest request body taken (a pairing code or one typed line, as JSON)."""
PHONE_COOKIE = "kiosk-phone"
"""The paired phone's token: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it)."""
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


_REQUEST_LOG = request_log()


def _why_not(failure: BaseException) -> str:
    """Why a port could not be listened on, and the next step, in words a host can act on."""
    if isinstance(failure, OSError) and failure.errno == errno.EADDRINUSE:
        return "another program (or another kiosk) has that port. Stop it, or give another port, like --screen 8081"
    if isinstance(failure, OSError) and failure.errno == errno.EACCES:
        return "ports below 1024 need the administrator. Give a port above 1024, like --screen 8080"
    return str(failure)


class ScreenError(Exception):
    """The screen could not start (the port is taken, the address is not this machine's)."""


def _asset(name: str) -> bytes:
    return resources.files("kiosk.screen").joinpath("static", name).read_bytes()


class ScreenServer:
    """The aiohttp application on its own thread. `start()` returns once it listens, or raises ScreenError.

    `names` are the names the kiosk answers to besides its own (localhost, its host name, its addresses)."""

    def __init__(
        self,
        broadcast: Broadcast,
        keyboard: RemoteKeyboard,
        address: Address,
        *,
        limits: Limits | None = None,
        names: tuple[str, ...] = (),
    ) -> None:
        self.broadcast = broadcast
        self.keyboard = keyboard
        self.address = address
        self.limits = (limits or Limits()).fitted()
        self.port = address.port
        self.url = ""
        self.doorway: Doorway | None = None
        self._names = names
        self._gate = Gate(frozenset(), 0)
        self._page = _asset("index.html")
        self._static = {name: _asset(name) for name in STATIC}
        self._qr = b""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._streams = Streams(self.limits.streams)
        self._stream_tasks: set[asyncio.Task[Any]] = set()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="screen-server", daemon=True)

    # --- life ----------------------------------------------------------------------------------------------

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            where = f"{self.address.host}:{self.address.port}"
            raise ScreenError(
                f"The screen could not listen on {where}: {_why_not(self._failure)}"
            ) from self._failure

    def stop(self, drain: float = 2.0) -> None:
        """End every page's stream once it has what was published (up to `drain` seconds), then stop. A
        screen that will not stop in time is left to end with the process, in one line."""
        if not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._shutdown(drain), self._loop)
        try:
            future.result(timeout=drain + 8)
        except Exception as error:  # stopping must never be why the kiosk fails to exit cleanly
            _REQUEST_LOG.exception("the screen stopped before every page had gone (%s)", type(error).__name__)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._listen())
        except OSError as error:
            self._failure = error
            if self._runner is not None:  # set up before the port refused: let it go
                self._loop.run_until_complete(self._runner.cleanup())
            self._loop.close()
            self._ready.set()
            return
        self.broadcast.attach(self._loop)
        self._ready.set()
        self._loop.run_forever()
        for task in asyncio.all_tasks(self._loop):
            task.cancel()
        self._loop.run_until_complete(asyncio.sleep(0))
        self._loop.close()

    async def _listen(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_BODY)
        app.on_response_prepare.append(_security_headers)
        app.add_routes(
            [
                web.get("/", self._index),
                web.get("/static/{name}", self._asset),
                web.get("/events", self._events),
                web.get("/qr.svg", self._qr_code),
                web.get("/favicon.ico", _no_icon),
                web.get("/keyboard/code", self._code),
                web.post("/keyboard/window", self._open_window),
                web.post("/keyboard/pair", self._pair),
                web.post("/keyboard/say", self._say),
            ]
        )
        # keepalive_timeout also closes a connection that has not sent its first request's headers in time.
        self._runner = web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            logger=_REQUEST_LOG,
            keepalive_timeout=self.limits.header_seconds,
            shutdown_timeout=1.0,
        )
        await self._runner.setup()
        server = self._runner.server
        assert server is not None
        self.doorway = Doorway.listen(
            self._loop, self.address.host, self.address.port, server, self.limits, _REQUEST_LOG
        )
        self.port = self.doorway.port
        self._gate = Gate(own_names(self.address.host, self._names), self.port)
        self.url = join_url(self.address.host, self.port)
        buffer = io.BytesIO()
        segno.make(self.url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
        self._qr = buffer.getvalue()

    async def _shutdown(self, drain: float) -> None:
        if self.doorway is not None:
            self.doorway.close()
        self.broadcast.close()
        if self._stream_tasks:
            await asyncio.wait(self._stream_tasks, timeout=drain)
        for task in self._stream_tasks:
            task.cancel()
        if self.doorway is not None:
            self.doorway.abort_all()
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Only requests sent to the kiosk's own names, and changes from its own page, go further."""
        reached = request.transport.get_extra_info("sockname") if request.transport else None
        refusal = self._gate.refusal(request.method, request.headers, reached[0] if reached else None)
        if refusal is None and request.method == "POST" and request.content_type != "application/json":
            refusal = 403, "Messages come only from this screen's own page."
        if refusal is not None:
            return _refuse(*refusal)
        response: web.StreamResponse = await handler(request)
        return response

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
        if request.method == "HEAD":  # the headers a page would get, and no stream to hold open
            return web.Response(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"})
        listener, backlog = self.broadcast.listen()
        stream = Stream(request.remote or "", self._loop.time(), listener, request.transport)
        if not self._streams.admit(stream):
            self.broadcast.leave(listener)
            return _refuse(503, "This screen has as many pages open as it can keep.", {"Retry-After": "30"})
        task = asyncio.current_task()
        assert task is not None
        self._stream_tasks.add(task)
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        try:
            await response.prepare(request)
            about = {"url": self.url}
            await self._send(response, f"event: about\ndata: {json.dumps(about)}\n\n")
            for earlier in backlog:
                await self._send(response, earlier)
            while True:
                message: str | None
                try:
                    message = await asyncio.wait_for(listener.get(), HEARTBEAT)
                except asyncio.TimeoutError:
                    message = ": still here\n\n"
                if message is None:
                    break
                await self._send(response, message)
        except (ConnectionError, asyncio.TimeoutError, asyncio.CancelledError):
            stream.end()
        finally:
            self.broadcast.leave(listener)
            self._streams.leave(stream)
            self._stream_tasks.discard(task)
        return response

    async def _send(self, response: web.StreamResponse, message: str) -> None:
        """A page that does not take an event within the limit is dropped (asyncio.TimeoutError)."""
        await asyncio.wait_for(response.write(message.encode(errors="replace")), self.limits.write_seconds)

    # --- the remote keyboard: the only way in, and only for a paired phone -------------------------------

    async def _code(self, request: web.Request) -> web.Response:
        """The open pairing window's code, for the kiosk's own page on the Pi's screen alone."""
        if not _is_loopback(request.remote):
            raise web.HTTPNotFound()
        window = self.keyboard.window()
        if window is None:
            return web.json_response({"code": None})
        return web.json_response({"code": window.code, "seconds": max(1, round(window.seconds_left))})

    async def _open_window(self, request: web.Request) -> web.Response:
        """The kiosk's own page asks to pair a phone: typed at the Pi, as the table may (a kiosk with no
        microphone has no other way). Loopback alone; the code goes to the log and that page, no other."""
        if not _is_loopback(request.remote):
            raise web.HTTPNotFound()
        window = self.keyboard.open_pairing()
        _REQUEST_LOG.info(
            "pairing a phone for %d seconds, asked on the kiosk's own page: the code is %s",
            round(window.seconds_left), window.code,
        )  # fmt: skip
        return web.json_response({"code": window.code, "seconds": round(window.seconds_left)})

    async def _pair(self, request: web.Request) -> web.Response:
        body = await self._json_body(request)
        code = body.get("code") if body else None
        if not isinstance(code, str):
            return _refuse(400, 'Send the pairing code as {"code": "1234"}.')
        outcome, detail = self.keyboard.pair(code, request.remote or "")
        if outcome is Pairs.PAIRED:
            response = web.json_response({"paired": True})
            response.set_cookie(PHONE_COOKIE, detail, httponly=True, samesite="Strict", path="/keyboard")
            return response
        if outcome is Pairs.LIMITED:
            return _refuse(
                429, f"Too many wrong codes. Try again in {detail} seconds.", {"Retry-After": detail}
            )
        if outcome is Pairs.CLOSED:
            return _refuse(
                403, "No phone is being paired now: say pair a phone at the kiosk, then try again."
            )
        return _refuse(403, "That pairing code is not right.")

    async def _say(self, request: web.Request) -> web.Response:
        # The token is taken only from its cookie: never from the address, where logs and history keep it.
        token = request.cookies.get(PHONE_COOKIE, "")
        body = await self._json_body(request) if token and self.keyboard.paired(token) else None
        if body is None:
            return _refuse(403, LOCKED)
        text = body.get("text")
        refused = (
            self.keyboard.send(token, text)
            if isinstance(text, str)
            else Refusal(400, 'Send {"text": "..."}.')
        )
        if refused is not None:
            wait = {"Retry-After": str(refused.retry_after)} if refused.retry_after else None
            return _refuse(refused.status, refused.message, wait)
        return web.json_response({"sent": True}, status=202)

    async def _json_body(self, request: web.Request) -> dict[str, object] | None:
        if request.content_length is not None and request.content_length > MAX_BODY:
            return None
        try:
            # A body that trickles in is given up on: its connection is not held for it.
            body = await asyncio.wait_for(request.json(), self.limits.body_seconds)
        except (ValueError, UnicodeDecodeError, RecursionError):  # JSON nested too deep is refused too
            return None
        except (asyncio.TimeoutError, web.HTTPRequestEntityTooLarge):
            return None
        return body if isinstance(body, dict) else None


def _is_loopback(remote: str | None) -> bool:
    """Whether a request came from this machine's loopback (127.0.0.0/8, ::1, or IPv4 mapped into IPv6)."""
    try:
        ip = ipaddress.ip_address((remote or "").split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


async def _no_icon(request: web.Request) -> web.Response:
    return web.Response(status=204)


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if response.content_type != "text/event-stream":
        # One connection per request, closed once answered: a browser keeps an idle one open for minutes, and
        # idle connections would fill the address's share (Limits.per_address) and leave the next page's
        # event stream refused, waiting for the browser's retry. A page holds only its event stream.
        response.force_close()
        response.headers["Connection"] = "close"  # said too: the headers were made before this hook


def _refuse(status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"error": message}, status=status, headers=headers)


__all__ = ["Broadcast", "ScreenError", "ScreenServer"]
