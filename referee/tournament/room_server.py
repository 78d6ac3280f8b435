"""The event served to the room: the phone pages (``room_pages``) and the HTTP interface.

A standard-library threaded HTTP server (``http.server.ThreadingHTTPServer``): every request
has its own thread; the desk itself (its store, one connection) lives on one worker thread,
so that requests never share a connection and the desk's writes are decided one after
another, each on the revision it read (``Desk.write``). Pages read a folded event kept by
revision: the store's revision is asked at most every ``FRESH`` seconds and the event folded
again only when it changed; an event on a PostgreSQL server tells the server of every append
(LISTEN/NOTIFY), and the event is then read again as soon as one is heard.

What the network can do (README, "The event served to the room"): read the pages; report,
confirm or dispute a table's result with a player's code (``room``). Nothing else of the
desk is served. Every request is bounded (``MAX_BODY`` bytes, ``TIMEOUT`` seconds), every
name escaped, forms carry a token bound to a same-site cookie and a post from another site
(its ``Origin``) is refused, the JSON interface takes ``application/json`` only (which a page
of another site cannot post without asking first, and this server never answers that ask),
and an address that types ``WRONG_TRIES`` wrong codes waits ``WRONG_WINDOW`` seconds.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from http.cookies import CookieError, SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qs, unquote, urlsplit

import msgspec

from referee.errors import RefereeError
from referee.tournament import room, room_pages
from referee.tournament.desk import Desk
from referee.tournament.event import Event
from referee.tournament.result_file import parse_result
from referee.tournament.room import Answer
from referee.tournament.scoring import KINDS, MatchResult

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

T = TypeVar("T")
MAX_BODY = 16_384
"""The largest request body taken, in bytes (a result is about 300)."""
TIMEOUT = 20.0
"""Seconds a client may take to send its request."""
FRESH = 1.0
"""Seconds a read of the event's revision is reused before asking the store again."""
HEARD_AGE = 60.0
"""Seconds the event is served as last read while the store tells of appends
(``RoomServer.listening``) and none was heard: a safety net, never the way pages update."""
PAGE_AGE = 5.0
"""Seconds a page made at the event's current revision is served again (its clock line
ages; ``live.js`` keeps the clock itself ticking)."""
PAGES_KEPT = 1024
REFERRER_POLICY = "same-origin"
"""The pages' referrer policy: another site is told nothing, and a form posted from the
pages keeps its ``Origin`` (under ``no-referrer`` a browser sends ``Origin: null`` with
every form, and the same-site check refused every phone's post)."""
WRONG_TRIES = 10
WRONG_WINDOW = 600.0
CSP = (
    "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
    "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


def lan_address() -> str:
    """This machine's address on the network it would reach others by (no packet is sent:
    a datagram socket is only pointed at a private address), else 127.0.0.1."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 9))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class Refused(RefereeError):
    """A request refused before it reaches the room, with its HTTP status."""

    def __init__(self, status: int, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.problems = problems


class WrongTries:
    """Wrong codes per client address in a sliding window: past the limit, every request
    of that address that carries a code is refused (429) until the window has passed."""

    def __init__(self, limit: int = WRONG_TRIES, window: float = WRONG_WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._tries: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, address: str, now: float) -> deque[float]:
        tries = self._tries.setdefault(address, deque())
        while tries and tries[0] <= now - self.window:
            tries.popleft()
        return tries

    def wait(self, address: str) -> float:
        """Seconds the address must wait before trying a code again (0: it may)."""
        now = time.monotonic()
        with self._lock:
            tries = self._recent(address, now)
            if len(tries) < self.limit:
                return 0.0
            return max(1.0, tries[0] + self.window - now)

    def wrong(self, address: str) -> None:
        now = time.monotonic()
        with self._lock:
            self._recent(address, now).append(now)


class Served(msgspec.Struct, frozen=True):
    """A response: status, content type, body, extra headers."""

    status: int
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    headers: tuple[tuple[str, str], ...] = ()


class RoomServer:
    """The event at ``target`` served on ``host``:``port`` (0: any free port)."""

    def __init__(
        self,
        target: str,
        host: str = "0.0.0.0",
        port: int = 8000,
        *,
        tries: WrongTries | None = None,
    ) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="desk")
        self._desk: Desk = self._pool.submit(Desk.open, target, room.ROOM).result()
        self._lock = threading.Lock()
        self._event = self.on_desk(lambda d: d.event())
        self._checked = time.monotonic()
        self.tries = tries or WrongTries()
        self._pages: dict[str, tuple[int, float, Served]] = {}
        self._seen: dict[str, float] = {}
        self._lock_seen = threading.Lock()
        self._making = threading.Lock()
        self.httpd = _Server((host, port), _Handler)
        self.httpd.room = self  # type: ignore[attr-defined]
        self._heard = threading.Event()
        self._closing = threading.Event()
        self.listening = False
        """Whether the store tells of every append (a server's LISTEN/NOTIFY): then the
        event is read again when told, not by asking its revision every ``FRESH``."""
        self._hearing: threading.Thread | None = None
        self._listen()

    def _listen(self) -> None:
        """Hear the store's appends where it can tell (``EventStore.listen``), on a thread
        of its own; where it cannot (a file), or when the notifications are lost, the
        revision is asked every ``FRESH`` seconds as before."""
        try:
            listener = self.on_desk(lambda d: d.store.listen())
        except RefereeError:
            listener = None
        if listener is None:
            return

        def hear() -> None:
            try:
                while not self._closing.is_set():
                    if listener.wait(0.5):
                        self._heard.set()
            except RefereeError:
                pass
            finally:
                self.listening = False
                self._heard.set()
                listener.close()

        self.listening = True
        self._hearing = threading.Thread(target=hear, name="listen", daemon=True)
        self._hearing.start()

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    def on_desk(self, work: Callable[[Desk], T]) -> T:
        """``work`` done with the desk on the desk's own thread."""
        return self._pool.submit(work, self._desk).result()

    def event(self) -> Event:
        """The event now: its revision asked at most every ``FRESH`` seconds, by one
        request while the others read the event as last folded (a read never waits behind
        the desk's writes)."""
        if self.listening:
            if not self._heard.is_set() and time.monotonic() - self._checked < HEARD_AGE:
                return self._event
        elif time.monotonic() - self._checked < FRESH:
            return self._event
        if not self._lock.acquire(blocking=False):
            return self._event
        try:
            self._heard.clear()  # an append heard from now on is read at the next request
            revision = self.on_desk(lambda d: d.store.revision())
            if revision != self._event.revision:
                self._event = self.on_desk(lambda d: d.event())
            self._checked = time.monotonic()
            return self._event
        finally:
            self._lock.release()

    def page(self, key: str, event: Event, make: Callable[[], Served]) -> Served:
        """The page ``key`` of ``event``, made once per revision (and ``PAGE_AGE``): 200
        phones reading the same tables cost one making of the page, not 200; pages are made
        one at a time, so a burst after a write makes each once."""
        with self._making:
            now = time.monotonic()
            kept = self._pages.get(key)
            if kept is not None and kept[0] == event.revision and now - kept[1] < PAGE_AGE:
                return kept[2]
            served = make()
            if len(self._pages) >= PAGES_KEPT:
                self._pages.clear()
            self._pages[key] = (event.revision, now, served)
            return served

    def saw(self, address: str) -> None:
        """A request came from ``address`` (for :meth:`connected`)."""
        now = time.monotonic()
        with self._lock_seen:
            if len(self._seen) >= 10_000:
                self._seen = {a: t for a, t in self._seen.items() if now - t < 600}
            self._seen[address] = now

    def connected(self, within: float = 60.0) -> list[str]:
        """The addresses that asked for a page in the last ``within`` seconds, most recent
        first: the phones (and screens) following the event."""
        now = time.monotonic()
        with self._lock_seen:
            recent = [(t, a) for a, t in self._seen.items() if now - t <= within]
        return [a for _, a in sorted(recent, reverse=True)]

    def fresh(self) -> Event:
        """The event as the store has it now (after this request's own write)."""
        with self._lock:
            self._event = self.on_desk(lambda d: d.event())
            self._checked = time.monotonic()
            return self._event

    def wrote(self) -> None:
        """The room wrote: the next read asks the store."""
        self._checked = 0.0
        self._heard.set()

    def serve_forever(self) -> None:
        self.httpd.serve_forever(poll_interval=0.25)

    def stop(self) -> None:
        """Stop serving (from another thread than :meth:`serve_forever`'s) and close."""
        self.httpd.shutdown()
        self.close()

    def close(self) -> None:
        self._closing.set()
        if self._hearing is not None:
            self._hearing.join(5)
        self.httpd.server_close()
        self.on_desk(lambda d: d.close())
        self._pool.shutdown()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256
    """Connections the system holds while every thread is busy (the default 5 drops a
    room's phones at the start of a round)."""


def _json(status: int, data: Mapping[str, Any]) -> Served:
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return Served(status, body, "application/json; charset=utf-8")


def _html(status: int, text: str, headers: tuple[tuple[str, str], ...] = ()) -> Served:
    return Served(status, text.encode("utf-8"), headers=headers)


def _int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(400, f"{name}: expected a whole number")
    return value


def _result_of(raw: object) -> MatchResult:
    """The ``result`` of a request, read as a result file is read (every bad field named)."""
    if not isinstance(raw, dict):
        raise Refused(400, 'result: expected {"players": [...]}, as in a result file')
    problems: list[str] = []
    result = parse_result(raw, problems)
    if result is None:
        raise Refused(400, "result: " + "; ".join(problems), tuple(problems))
    return result


def _event_rules(event: Event) -> Ruleset | None:
    """The rules the event's tables play (its scenario's edition with its readings), or
    None when they cannot be read now (a rule page then says nothing of the event)."""
    from referee.tournament.event_rules import rules_of

    try:
        return rules_of(event)
    except RefereeError:
        return None


def _api_round(event: Event) -> dict[str, Any]:
    rnd = event.round(event.current_round)
    if rnd is None:
        return {"round": 0, "tables": [], "bye": None}
    tables = []
    waits = room.waiting_tables(event)
    places = event.places(rnd.number)
    for i, (a, b) in enumerate(rnd.tables, 1):
        waiting = waits.get((rnd.number, i))
        state = (
            "result"
            if i in rnd.results
            else ("disputed" if waiting.disputed else "waiting")
            if waiting is not None
            else "playing"
        )
        table: dict[str, Any] = {"table": i, "players": [a, b], "state": state}
        if i in places:
            table["place"] = places[i].name
        tables.append(table)
    return {"round": rnd.number, "tables": tables, "bye": rnd.bye}


class _Handler(BaseHTTPRequestHandler):
    server_version = "referee"
    sys_version = ""
    timeout = TIMEOUT
    protocol_version = "HTTP/1.1"

    @property
    def room(self) -> RoomServer:
        server: Any = self.server
        return server.room  # type: ignore[no-any-return]

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: one line per error only (``log_error``)."""

    def log_error(self, format: str, *args: Any) -> None:
        sys.stderr.write(f"referee serve: {self.address_string()}: {format % args}\n")

    # --- answering -------------------------------------------------------------------

    def _send(self, served: Served) -> None:
        self.send_response(served.status)
        self.send_header("Content-Type", served.content_type)
        self.send_header("Content-Length", str(len(served.body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", REFERRER_POLICY)
        self.send_header("X-Frame-Options", "DENY")
        for key, value in served.headers:
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(served.body)

    def _answer(self, work: Callable[[], Served], api: bool) -> None:
        self.room.saw(self._address())
        try:
            served = work()
        except Refused as exc:
            served = self._refusal(exc.status, str(exc), exc.problems, api)
        except room.RoomError as exc:
            problems = exc.problems if isinstance(exc, room.NotAddingUp) else ()
            served = self._refusal(exc.status, str(exc), problems, api)
        except RefereeError as exc:
            served = self._refusal(409, str(exc), (), api)
        except Exception as exc:  # a fault of the server: the phone is told, nothing more
            self.log_error("%s", repr(exc))
            served = self._refusal(500, "the server failed; ask the desk", (), api)
        self._send(served)

    def _refusal(self, status: int, text: str, problems: tuple[str, ...], api: bool) -> Served:
        extra: tuple[tuple[str, str], ...] = ()
        if status == 429:
            extra = (("Retry-After", str(int(self.room.tries.wait(self._address())))),)
        if api:
            data: dict[str, Any] = {"error": text, "problems": list(problems)}
            body = json.dumps(data, ensure_ascii=False).encode("utf-8")
            return Served(status, body, "application/json; charset=utf-8", extra)
        event = self.room.event()
        title = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else "Error"
        return _html(status, room_pages.message_page(event, title, text), extra)

    def _address(self) -> str:
        return str(self.client_address[0])

    # --- reading a request ------------------------------------------------------------

    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding"):
            raise Refused(411, "send the body with a Content-Length")
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            raise Refused(411, "a request body needs a Content-Length")
        size = int(length)
        if size > MAX_BODY:
            self.close_connection = True
            raise Refused(413, f"the request is {size} bytes; at most {MAX_BODY} are taken")
        return self.rfile.read(size)

    def _same_site(self, form: bool) -> None:
        """A post from a page of another site is refused (its ``Origin``, or the browser's
        ``Sec-Fetch-Site``). A form's ``Origin: null`` (a browser or a setting that strips
        it) is left to the form's token, which only this server's own page holds with its
        same-site cookie; the JSON interface takes no ``null``."""
        origin = self.headers.get("Origin")
        host = self.headers.get("Host", "")
        if form and origin == "null":
            origin = None
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            raise Refused(403, "a request from another site is refused; nothing was recorded")
        if self.headers.get("Sec-Fetch-Site") == "cross-site":
            raise Refused(403, "a request from another site is refused; nothing was recorded")

    def _cookie_token(self) -> str:
        try:
            jar = SimpleCookie(self.headers.get("Cookie", ""))
        except CookieError:
            return ""
        morsel = jar.get("csrf")
        token = morsel.value if morsel is not None else ""
        return token if len(token) == 32 and token.isalnum() else ""

    def _not_too_many(self) -> None:
        wait = self.room.tries.wait(self._address())
        if wait:
            raise Refused(
                429,
                f"too many wrong codes from this device; try again in {int(wait)} seconds "
                "(or ask the desk)",
            )

    def _as_room(self, work: Callable[[Desk], Answer]) -> Answer:
        """``work`` by the room on the desk; a wrong code counts against the address."""
        try:
            return self.room.on_desk(work)
        except room.NotYours:
            self.room.tries.wrong(self._address())
            raise
        finally:
            self.room.wrote()

    # --- GET --------------------------------------------------------------------------

    def do_GET(self) -> None:
        split = urlsplit(self.path)
        parts = [unquote(p) for p in split.path.split("/")[1:]]
        query = parse_qs(split.query, max_num_fields=8)
        api = bool(parts) and parts[0] == "api"
        self._answer(lambda: self._get(parts, query), api)

    def _get(self, parts: list[str], query: Mapping[str, list[str]]) -> Served:
        event = self.room.event()
        kept = parts[:1] in ([""], ["standings"], ["players"]) or parts in (
            ["api", "round"],
            ["api", "standings"],
            ["awards"],
            ["api", "awards"],
        )
        if kept:
            return self.room.page(self.path, event, lambda: self._made(event, parts, query))
        return self._made(event, parts, query)

    def _made(self, event: Event, parts: list[str], query: Mapping[str, list[str]]) -> Served:
        if parts in ([""], []):
            return _html(200, room_pages.round_page(event, query.get("name", [""])[0][:100]))
        if parts == ["style.css"]:
            return Served(200, room_pages.STYLE.encode(), "text/css; charset=utf-8")
        if parts == ["live.js"]:
            return Served(200, room_pages.LIVE_JS.encode(), "text/javascript; charset=utf-8")
        if parts == ["standings"]:
            return _html(200, room_pages.standings_page(event))
        if parts == ["players"]:
            return _html(200, room_pages.players_page(event))
        if len(parts) == 2 and parts[0] == "players":
            if parts[1] not in event.players:
                raise Refused(404, f"no player is called {parts[1]!r}")
            return _html(200, room_pages.player_page(event, parts[1]))
        if len(parts) == 3 and parts[0] == "tables":
            return self._table(event, parts[1], parts[2], None)
        if parts == ["rules"]:
            return self._rules(event, query.get("q", [""])[0])
        if len(parts) == 2 and parts[0] == "rules":
            return self._entry(event, parts[1])
        if parts == ["api", "round"]:
            return _json(200, _api_round(event))
        if parts == ["api", "revision"]:
            text, warn = room_pages.clock_text(event)
            data = {"revision": event.revision, "clock": text, "clock_warning": warn}
            return _json(200, data)
        if parts == ["api", "standings"]:
            from referee.tournament.standings import standings

            return _json(200, standings(event).to_json())
        if parts == ["awards"]:
            return _html(200, room_pages.awards_page(event))
        if parts == ["api", "awards"]:
            from referee.tournament.awards import awards

            return _json(200, awards(event).to_json())
        if parts == ["vote"]:
            return self._vote_page(event, None)
        raise Refused(404, "no such page")

    def _token(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The form's token: the browser's cookie, or a new one set with the page."""
        token = self._cookie_token()
        if token:
            return token, ()
        token = secrets.token_hex(16)
        return token, (("Set-Cookie", f"csrf={token}; Path=/; SameSite=Strict; HttpOnly"),)

    def _vote_page(
        self, event: Event, message: tuple[str, bool] | None, status: int = 200
    ) -> Served:
        token, headers = self._token()
        return _html(status, room_pages.vote_page(event, token, message), headers)

    def _table(
        self,
        event: Event,
        number: str,
        table: str,
        message: tuple[str, bool] | None,
        status: int = 200,
        typed: Mapping[str, Mapping[str, int]] | None = None,
    ) -> Served:
        rnd = event.round(int(number)) if number.isdigit() and len(number) < 6 else None
        t = int(table) if table.isdigit() and len(table) < 6 else 0
        if rnd is None or not 1 <= t <= len(rnd.tables):
            raise Refused(404, f"round {number} has no table {table}")
        token, headers = self._token()
        page = room_pages.table_page(event, rnd, t, token, message, typed)
        return _html(status, page, headers)

    def _rules(self, event: Event, q: str) -> Served:
        from referee.catalogue.hits import render_marks
        from referee.catalogue.lookup import editions_words, not_applying, switch_said
        from referee.catalogue.rules_search import search

        hits: list[dict[str, Any]] = []
        error = ""
        if q.strip():
            try:
                found = search(q, kinds=("clause", "ruling"), limit=15)
            except RefereeError as exc:
                error = str(exc)
            else:
                rules = _event_rules(event)
                rulings = [h.id for h in found.hits if h.kind == "ruling"]
                not_here = not_applying(rulings, rules.id, rules.system) if rules else {}
                for h in found.hits:
                    hit = h.to_json()
                    if h.kind == "ruling":  # its switch lines said as its page says them
                        where = ""
                        if h.id in not_here:
                            where = (
                                f" in a match of {editions_words(not_here[h.id])}, "
                                "not this event's game"
                            )
                        said = render_marks(switch_said(h.marked_snippet, where))
                        hit["snippet"] = " ".join(said.split())
                    hits.append(hit)
        return _html(200, room_pages.rules_page(event, q, hits, error))

    def _entry(self, event: Event, entry_id: str) -> Served:
        from referee.catalogue.lookup import ClauseDetail, RulingDetail, find_entries

        try:
            entries = find_entries(entry_id[:200])
        except RefereeError:
            entries = []
        shown = []
        rules = _event_rules(event) if any(isinstance(e, RulingDetail) for e in entries) else None
        for e in entries:
            if isinstance(e, ClauseDetail):
                shown.append(e.to_json())
            elif isinstance(e, RulingDetail):
                ruling = e.to_json()
                if rules is not None:  # whether the event's tables play under it
                    applies = e.applies_to(rules.id, rules.system)
                    ruling["event"] = {
                        "game": rules.name,
                        "applies": applies,
                        "taken": rules.readings.get(e.ruling.id, e.ruling.default)
                        if applies
                        else None,
                    }
                shown.append(ruling)
        if not shown:
            raise Refused(404, f"no clause or ruling {entry_id[:200]!r}")
        return _html(200, room_pages.entry_page(event, shown))

    # --- POST -------------------------------------------------------------------------

    def do_POST(self) -> None:
        self.close_connection = True  # a body refused unread must not be read as a request
        split = urlsplit(self.path)
        parts = [unquote(p) for p in split.path.split("/")[1:]]
        api = bool(parts) and parts[0] == "api"
        self._answer(lambda: self._post(parts), api)

    def _post(self, parts: list[str]) -> Served:
        self._same_site(form=bool(parts) and parts[0] != "api")
        if parts and parts[0] == "api" and len(parts) == 2:
            kind = parts[1]
            if kind == "vote":
                return self._api_vote()
            if kind not in ("result", "confirm", "dispute"):
                raise Refused(404, "no such address")
            return self._api(kind)
        if len(parts) == 3 and parts[0] == "tables":
            return self._form(parts[1], parts[2])
        if parts == ["vote"]:
            return self._vote_form()
        self._body()
        raise Refused(404, "no such address")

    def _json_body(self) -> dict[str, Any]:
        media = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if media != "application/json":
            raise Refused(415, "send JSON (Content-Type: application/json)")
        body = self._body()
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refused(400, "the body is not JSON") from None
        if not isinstance(data, dict):
            raise Refused(400, "expected a JSON object")
        return data

    def _vote(self, code: object, category: object, choice: object) -> dict[str, Any]:
        """A player's vote with their code (``awards.room_vote``); what was recorded."""
        from referee.tournament import awards

        for key, value in (("code", code), ("category", category), ("for", choice)):
            if not isinstance(value, str) or len(value) > 200:
                raise Refused(400, f"{key}: expected text")
        assert isinstance(code, str) and isinstance(category, str) and isinstance(choice, str)
        self._not_too_many()
        try:
            record = self.room.on_desk(lambda d: awards.room_vote(d, code, category, choice))
        except room.NotYours:
            self.room.tries.wrong(self._address())
            raise
        finally:
            self.room.wrote()
        d = record.data
        return {"voter": d["voter"], "category": d["category"], "for": d["for"]}

    def _api_vote(self) -> Served:
        data = self._json_body()
        unknown = sorted(set(data) - {"code", "category", "for"})
        if unknown:
            raise Refused(400, f"{unknown[0]}: unknown key (expected category, code, for)")
        return _json(200, self._vote(data.get("code"), data.get("category"), data.get("for")))

    def _vote_form(self) -> Served:
        body = self._body()
        try:
            fields = parse_qs(body.decode("utf-8"), max_num_fields=16)
        except (UnicodeDecodeError, ValueError):
            raise Refused(400, "the form could not be read") from None

        def one(key: str) -> str:
            return fields.get(key, [""])[0]

        token = self._cookie_token()
        if not token or not hmac.compare_digest(token, one("csrf")):
            raise Refused(403, "the form has expired or came from another page; open it again")
        try:
            done = self._vote(one("code"), one("category"), one("for"))
        except (Refused, room.RoomError) as exc:
            if exc.status == 429:
                raise
            return self._vote_page(self.room.fresh(), (str(exc), False), exc.status)
        text = f"Recorded: {done['voter']} votes for {done['for']} ({done['category']})."
        return self._vote_page(self.room.fresh(), (text, True))

    def _api(self, kind: str) -> Served:
        data = self._json_body()
        allowed = {"round", "table", "code"} | (
            {"result"} if kind == "result" else {"why"} if kind == "dispute" else set()
        )
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise Refused(400, f"{unknown[0]}: unknown key (expected {', '.join(sorted(allowed))})")
        number = _int(data.get("round"), "round")
        table = _int(data.get("table"), "table")
        code = data.get("code")
        if not isinstance(code, str):
            raise Refused(400, "code: expected the player's code as text")
        self._not_too_many()
        answer = self._do(kind, number, table, code, data.get("result"), data.get("why", ""))
        status = 200 if answer.confirmed else 202
        return _json(status, answer.to_json())

    def _do(
        self, kind: str, number: int, table: int, code: str, raw: object, why: object
    ) -> Answer:
        if kind == "result":
            result = _result_of(raw)
            return self._as_room(lambda d: room.report(d, number, table, code, result))
        if kind == "confirm":
            return self._as_room(lambda d: room.confirm(d, number, table, code))
        if not isinstance(why, str):
            raise Refused(400, "why: expected text")
        return self._as_room(lambda d: room.dispute(d, number, table, code, why))

    def _form(self, number: str, table: str) -> Served:
        body = self._body()
        try:
            fields = parse_qs(body.decode("utf-8"), max_num_fields=64)
        except (UnicodeDecodeError, ValueError):
            raise Refused(400, "the form could not be read") from None

        def one(key: str) -> str:
            return fields.get(key, [""])[0]

        token = self._cookie_token()
        if not token or not hmac.compare_digest(token, one("csrf")):
            raise Refused(
                403, "the form has expired or came from another page; open the table again"
            )
        event = self.room.event()
        rnd = event.round(int(number)) if number.isdigit() and len(number) < 6 else None
        t = int(table) if table.isdigit() and len(table) < 6 else 0
        if rnd is None or not 1 <= t <= len(rnd.tables):
            raise Refused(404, f"round {number} has no table {table}")
        action = one("action")
        if action not in ("report", "confirm", "dispute"):
            raise Refused(400, "report, confirm or dispute?")
        raw: dict[str, Any] | None = None
        if action == "report":
            raw = {"players": []}
            for i, name in enumerate(rnd.tables[t - 1]):
                side: dict[str, Any] = {"name": name, "surviving": {}, "destroyed": {}}
                for part, prefix in (("surviving", "s"), ("destroyed", "d")):
                    for k in KINDS:
                        text = one(f"{prefix}{i}_{k}").strip() or "0"
                        side[part][k] = int(text) if text.isdigit() and len(text) < 7 else -1
                raw["players"].append(side)
        try:
            self._not_too_many()
            kind = "result" if action == "report" else action
            answer = self._do(kind, rnd.number, t, one("code"), raw, one("why"))
        except (Refused, room.RoomError) as exc:
            status = exc.status
            if status == 429:
                raise
            typed = {  # the numbers typed, shown again (a bad one as 0) with the reason
                f"{part[0]}{i}": {k: max(0, v) for k, v in side[part].items()}
                for i, side in enumerate(raw["players"] if raw else [])
                for part in ("surviving", "destroyed")
            }
            fresh = self.room.fresh()
            return self._table(fresh, number, table, (str(exc), False), status, typed)
        text = (
            "Recorded: the result is the table's."
            if answer.confirmed
            else f"Recorded: {answer.state}."
        )
        status = 200 if answer.confirmed else 202
        return self._table(self.room.fresh(), number, table, (text, True), status)
