"""What a page fetches when a link is opened in Chromium: recorded once, for bench/hall.py's arrival to replay.

A fresh browser context (an empty cache, no cookies, no service worker: a fresh profile) opens the link in Debian's
Chromium (tests/browser.py's flags), and every request the context makes is listed (the page's and its service
worker's, as Playwright reports them) until the page shows its first tokens (bench/first_paint.py's check: the
three panels hold the ids expected, or for a page with no tokens its text box), then until no request has begun
or ended for a second (the page's first asks come in that second). Only the link's own origin counts. The
requests are sorted into
- files: GETs that went to the network (a request a service worker answered is not one; its own fetch is),
- asks: anything else sent (the page's POST /playground/embedding, Gradio's POST /gradio_api/queue/join),
- streams: event streams (text/event-stream) and websockets, which stay open as long as the page does.
Then the warm check: the link opened again in a new tab of the same context, then that tab reloaded, each
request of theirs sorted by where its answer came from (the DevTools Protocol's Network events): the network
(200, or 304 for a revalidation: the status on the wire), the cache (memory or disk), a service worker; and a
service worker's own fetches (its update check, what it fetches for the page), listed apart.
Nothing here depends on how the page is made or served (Gradio's page, the app's own, a folder), only on the
first tokens' check.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from first_paint import FIRST_FRAME
from serve import ROOT

sys.path.insert(0, str(ROOT / "tests"))
from browser import FULL_CHROMIUM, chromium  # noqa: E402

QUIET_SECONDS = 1.0  # no request under way for this long since the first tokens: the network is idle (the page
# asks its server 300 ms after the text last changed, so a shorter wait can end before the page's asks)
TIMEOUT_SECONDS = 120


@dataclass
class PageRequests:
    """What one cold open of a link asked its origin for; URLs are absolute, in the order asked."""

    files: list[str] = field(default_factory=list)
    asks: list[str] = field(default_factory=list)  # "POST /playground/embedding"
    streams: list[str] = field(default_factory=list)
    answered_by_service_worker: int = 0
    # the service worker's own GETs of files the page had just fetched: the browser's HTTP cache answers them
    # (sw.js fetches with force-cache; a server's log shows one GET a file), so they are not fetched again
    kept_by_service_worker: int = 0
    warm: dict[str, list[Answer]] = field(default_factory=dict)  # "reopened", "reloaded" -> each request's Answer

    @property
    def total(self) -> int:
        """Every request the page made to its origin: the count held to at most 20."""
        return len(self.files) + len(self.asks) + len(self.streams) + self.answered_by_service_worker


class Traffic:
    """Every request of a browser context as it happens (the page's and its service worker's): what is under way,
    and when that last changed."""

    def __init__(self, context, page) -> None:
        self.requests: list = []
        self.streams: set = set()
        self.sockets: list[str] = []
        self.from_service_worker: set = set()
        self.pending: set = set()
        self.changed = time.monotonic()
        context.on("request", self._asked)
        context.on("response", self._answered)
        context.on("requestfinished", self._done)
        context.on("requestfailed", self._done)
        page.on("websocket", lambda socket: self.sockets.append(socket.url))

    def _asked(self, request) -> None:
        self.requests.append(request)
        self.pending.add(request)
        self.changed = time.monotonic()

    def _answered(self, response) -> None:
        if response.from_service_worker:
            self.from_service_worker.add(response.request)
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            self.streams.add(response.request)  # open for as long as the page is: not waited for
            self._done(response.request)

    def _done(self, request) -> None:
        self.pending.discard(request)
        self.changed = time.monotonic()

    def idle(self, since: float) -> bool:
        """No request under way, and none begun or ended for QUIET_SECONDS after `since` (time.monotonic())."""
        return not self.pending and time.monotonic() - max(self.changed, since) >= QUIET_SECONDS


def wait_shown_and_idle(page, traffic: Traffic) -> None:
    """Wait until the page shows what FIRST_FRAME checks, then until the network is idle."""
    deadline = time.monotonic() + TIMEOUT_SECONDS
    shown = None
    while shown is None or not traffic.idle(since=shown):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{page.url}: {'the network still busy' if shown else 'no first tokens'} after "
                               f"{TIMEOUT_SECONDS} s ({len(traffic.pending)} requests under way); the first tokens "
                               "are `#panel-<name> .tok` holding the expected ids (bench/first_paint.py's FIRST_FRAME)")
        page.wait_for_timeout(100)  # Playwright delivers the context's events while it waits
        if shown is None and page.evaluate("() => 'benchFirstPaint' in window"):
            shown = time.monotonic()


def sort_requests(traffic: Traffic, origin: str) -> PageRequests:
    found = PageRequests()
    for request in traffic.requests:
        if urlsplit(request.url).netloc != origin:
            continue  # data: URLs and other hosts: not this server's load
        if request in traffic.streams or request.resource_type in ("eventsource", "websocket"):
            found.streams.append(request.url)
        elif request in traffic.from_service_worker:
            found.answered_by_service_worker += 1
        elif request.method != "GET":
            found.asks.append(f"{request.method} {urlsplit(request.url).path}")
        elif request.service_worker is not None and request.url in found.files:
            found.kept_by_service_worker += 1
        else:
            found.files.append(request.url)
    found.streams += [url for url in traffic.sockets if urlsplit(url).netloc == origin]
    return found


@dataclass
class Answer:
    """One request of a warm open, as the DevTools Protocol reports it."""

    url: str
    cached: bool = False  # answered by the memory or disk cache, nothing sent
    service_worker: bool = False
    status: int = 0  # on the wire: a revalidation's 304 (the page itself is handed the cached 200)
    sent_bytes: int = 0  # headers and body as they came over the network
    source_note: str = ""  # where it came from, when the DevTools Protocol's page session could not say

    @property
    def source(self) -> str:
        if self.source_note:
            return self.source_note
        return ("service worker" if self.service_worker else "cache" if self.cached
                else f"network ({self.status})" if self.status else "no answer")


def watch_answers(page, origin: str) -> dict[str, Answer]:
    """request id -> Answer, for the page's requests to `origin` from now on, filled in as they come."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    answers: dict[str, Answer] = {}

    def asked(event) -> None:
        if urlsplit(event["request"]["url"]).netloc == origin:
            answers[event["requestId"]] = Answer(event["request"]["url"])

    def from_cache(answer: Answer, event) -> None:  # the memory cache's answers show no other sign of it
        answer.cached = True

    def answered(answer: Answer, event) -> None:
        response = event["response"]
        answer.cached |= response.get("fromDiskCache", False) or response.get("fromPrefetchCache", False)
        answer.service_worker = response.get("fromServiceWorker", False)
        answer.status = answer.status or response["status"]  # the wire's status, when reported, wins


    def on_the_wire(answer: Answer, event) -> None:  # not reported for every request
        answer.status = event["statusCode"]

    def finished(answer: Answer, event) -> None:
        answer.sent_bytes = 0 if answer.cached else event["encodedDataLength"]

    session.on("Network.requestWillBeSent", asked)
    for name, note in (("requestServedFromCache", from_cache), ("responseReceived", answered),
                       ("responseReceivedExtraInfo", on_the_wire), ("loadingFinished", finished)):
        session.on(f"Network.{name}", lambda event, note=note: note(answers[event["requestId"]], event)
                   if event["requestId"] in answers else None)
    return answers


def service_worker_fetches(traffic: Traffic, since: int, origin: str) -> list[Answer]:
    """The requests a service worker made itself (its update check, its own fetches) from traffic.requests[since:]:
    the page's DevTools session does not see them, and Playwright does not say whether the HTTP cache answered."""
    return [Answer(request.url, source_note="the service worker's own fetch")
            for request in traffic.requests[since:]
            if request.service_worker is not None and urlsplit(request.url).netloc == origin]


def warm_check(context, url: str, origin: str, traffic: Traffic) -> dict[str, list[Answer]]:
    """Each request's Answer when the link is opened again in a new tab of the warm context, then when that tab is
    reloaded."""
    page = context.new_page()
    answers = watch_answers(page, origin)
    warm = {}
    for opened, open_it in (("reopened", lambda: page.goto(url)), ("reloaded", page.reload)):
        answers.clear()
        since = len(traffic.requests)
        open_it()
        wait_shown_and_idle(page, traffic)
        warm[opened] = list(answers.values()) + service_worker_fetches(traffic, since, origin)
    return warm


def record(url: str, expected: dict | None) -> PageRequests:
    """Open `url` cold in Chromium and list what it asked its origin for, then the warm check. `expected`: the
    ids each panel must show (None: the page is shown when its text box is)."""
    origin = urlsplit(url).netloc
    with chromium(FULL_CHROMIUM) as browser:
        context = browser.new_context(viewport={"width": 1600, "height": 1000})
        try:
            context.add_init_script(FIRST_FRAME % json.dumps(expected))
            page = context.new_page()
            traffic = Traffic(context, page)
            page.goto(url)
            wait_shown_and_idle(page, traffic)
            found = sort_requests(traffic, origin)
            page.close()  # the student's first tab gone: what follows is the warm check's alone
            found.warm = warm_check(context, url, origin, traffic)
            return found
        finally:
            context.close()
