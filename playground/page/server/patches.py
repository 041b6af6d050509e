"""What of Gradio, uvicorn, starlette, h11 and asyncio this server replaces, wraps, extends, reads or loads: PATCHES
lists every one (tests/test_server_patches.py fails when an upgrade changes any of it), and the functions here
apply Gradio's, each once at launch (web.launch):
- keep_no_user_values: Gradio copies every input and output into the session's config (for deep links, which
  Guard refuses): nothing is kept there. Its tracebacks keep the frames and withhold the exception's message,
  which may quote what the user sent (_TracebackWithoutMessages). Results nobody reads expire (unread).
- same_origin_only: Gradio's CORS middleware passes every request on; Guard refuses what another site sends.
- skip_own_page_check: Gradio does not give up on a busy machine's slow first answer.
- calm_queue (applied by web.build_demo to the Blocks it queues): an idle queue looks for work 20 times a second,
  not 1,000.
- skip_stub_files (called by app.py before Gradio is imported): Gradio's import no longer parses its components'
  source to rewrite their .pyi files in site-packages, a second of every start.
- skip_notebook_magics (the same): Gradio no longer imports IPython, for its notebook magics as it is imported or
  to ask whether it runs in a notebook as it builds a page.
uvicorn's is connections.bound_connections, beside the protocol it puts in place.
"""

from __future__ import annotations

import functools
import importlib.abc
import importlib.util
import sys
import traceback
from typing import Callable, NamedTuple

from playground.page.server.unread import UnreadResults


class Patch(NamedTuple):
    """One thing of another package's internals that this server depends on, and how."""

    target: str  # the dotted name of the internal, as it is imported
    change: str  # "replaced", "wrapped", "subclassed", "read" or "loaded" (its module, by a loader of ours)
    by: str  # what here does it
    why: str


PATCHES = (
    Patch("gradio.route_utils.CustomCORSMiddleware.parent_configures_cors", "replaced", "same_origin_only",
          "answers True: Gradio's CORS middleware passes every request on, and Guard refuses what another site sends "
          "(Gradio would let any origin's page read the answers when the server is reached by a LAN address)"),
    Patch("gradio.state_holder.SessionState._update_value_in_config", "replaced", "keep_no_user_values",
          "does nothing: Gradio copies every event's inputs and outputs (the user's text) into the session, "
          "for deep links, which Guard refuses"),
    *(Patch(f"{module}.traceback", "replaced", "keep_no_user_values (_TracebackWithoutMessages)",
            "print_exc() prints a failure's frames and type, never its message, which may quote what a user sent")
      for module in ("gradio.queueing", "gradio.routes", "gradio.route_utils", "gradio.utils")),
    Patch("gradio.queueing.AsyncQueue", "replaced", "keep_no_user_values (UnreadResults)",
          "each session's queue of messages: results nobody reads expire, and all together hold at most UNREAD_BYTES"),
    Patch("gradio.queueing.error_payload", "wrapped", "keep_no_user_values (_error_said)",
          "an error that is not a gr.Error is named by its type, never sent as {\"error\": null}"),
    *(Patch(f"gradio.queueing.Queue.{name}", "replaced", "calm_queue",
            "Gradio's queue, when it has nothing to do, sleeps this long before it looks again: 1 ms for events and "
            "10 ms for progress on Linux, 50 and 100 ms on Windows; Windows' everywhere")
      for name in ("sleep_when_free", "progress_update_sleep_when_free")),
    Patch("gradio.networking.url_ok", "replaced", "skip_own_page_check",
          "answers True: Gradio HEADs its own page after launch with a 3 s timeout and exits when a busy machine "
          "is slower than that"),
    Patch("uvicorn.config.Config.__init__", "wrapped", "bound_connections",
          "serves with BoundedH11Protocol, KEEP_ALIVE_SECONDS, ACCEPT_BACKLOG and a head size that lets a long link "
          "reach Guard"),
    Patch("uvicorn.protocols.http.h11_impl.H11Protocol", "subclassed", "BoundedH11Protocol",
          "its connection_made, connection_lost, on_response_complete and handle_events, extended to bound "
          "connections in time, number and head bytes, and to close one answered before its body was whole; "
          "it reads conn, connections, transport, loop and cycle"),
    Patch("uvicorn.protocols.http.h11_impl.STATUS_PHRASES", "read", "BoundedH11Protocol._refuse",
          "the reason phrase of a status answered without h11"),
    Patch("h11.Connection.trailing_data", "read", "BoundedH11Protocol._refused_head",
          "the bytes of a request head h11 has not parsed yet: measured before h11 buffers more of them"),
    Patch("h11.SEND_BODY", "read", "BoundedH11Protocol.on_response_complete",
          "with h11.IDLE, the states of Connection.their_state: whether a request's body is still coming"),
    Patch("asyncio.Queue._put", "subclassed", "UnreadResults",
          "with _init and _get (and _queue, the messages): each message's size and arrival are noted as it is put "
          "and got, so the sweep can replace old ones"),
    Patch("gradio.server_messages.ProcessCompletedMessage", "read", "UnreadResults.expire",
          "the message an expired result becomes: event_id, success, output"),
    Patch("gradio.queueing.Queue.pending_messages_per_session", "read", "Guard, sweep_unread_results",
          "with event_ids_to_events and pending_event_ids_session: which events and sessions have results to read, "
          "and the sessions the sweep forgets"),
    Patch("gradio.blocks.Blocks.fns", "read", "Guard (_check_call)",
          "with _queue, reached as scope['app'].get_blocks(): the page's events by fn_index (BlockFunction: fn, "
          "inputs, api_name), to refuse a call Gradio would answer with a traceback"),
    Patch("starlette._utils.get_route_path", "read", "route_path",
          "the path the router matches routes by, without the root path: the Guard judges the same path"),
    Patch("gradio.component_meta.create_or_modify_pyi", "replaced", "skip_stub_files",
          "does nothing: at import, Gradio parses the source of each of its components and compares it with the "
          ".pyi file beside it, which it rewrites in site-packages where they differ (stubs for editors), a second "
          "of the three that importing Gradio takes here"),
    Patch("gradio.ipython_ext", "loaded", "skip_notebook_magics",
          "loaded by its own loader while IPython cannot be imported: it imports IPython in a try that catches "
          "ImportError, for notebook magics a served app never uses"),
    *(Patch(f"gradio.utils.{name}", "wrapped", "skip_notebook_magics (_LoadedOutsideNotebooks)",
            "answers False, as it would, where IPython is not imported (no notebook runs this process) without "
            "importing it; Blocks asks it as it builds a page. Gradio imports IPython nowhere else")
      for name in ("colab_check", "ipython_check")),
)


def same_origin_only() -> None:
    """Gradio's CORS middleware gives any origin's page the answers when the server is reached by a name
    other than localhost (a lecture hall's LAN address): here it passes every request on, untouched, and
    Guard refuses what another site sends (_from_another_site). Scripts (gradio_client, curl) send no
    Origin and work as before."""
    import gradio.route_utils

    gradio.route_utils.CustomCORSMiddleware.parent_configures_cors = lambda self: True


def keep_no_user_values() -> None:
    """Make this process's Gradio keep no user value in its sessions, print none in its logs, keep
    unread results only for a while (UnreadResults), and say what failed instead of a null error.

    Gradio 6.31 (pinned) writes every event's inputs and outputs into SessionState.config_values,
    read only by the deep-link route, which Guard refuses; those writes are turned off here.
    """
    import gradio.queueing
    import gradio.route_utils
    import gradio.routes
    import gradio.utils
    from gradio.state_holder import SessionState

    SessionState._update_value_in_config = lambda self, key, value: None
    for module in (gradio.queueing, gradio.routes, gradio.route_utils, gradio.utils):
        module.traceback = _TracebackWithoutMessages()
    gradio.queueing.AsyncQueue = UnreadResults  # the queue Gradio makes for each session's messages
    gradio.queueing.error_payload = _error_said(gradio.queueing.error_payload)


class _TracebackWithoutMessages:
    """Stands in for the traceback module inside Gradio's modules: print_exc() shows where an
    event failed (the frames: code, not data) and the exception's type, never its message."""

    def __getattr__(self, name: str):
        return getattr(traceback, name)

    @staticmethod
    def print_exc(limit=None, file=None, chain=True) -> None:
        exc = sys.exc_info()[1]
        if exc is None:
            return
        frames = "".join(traceback.StackSummary.extract(traceback.walk_tb(exc.__traceback__), limit=limit).format())
        print(f"Traceback (most recent call last):\n{frames}{type(exc).__qualname__}: "
              "(message withheld: it may quote what a user sent)", file=file or sys.stderr)


def _error_said(error_payload):
    """Gradio's error_payload, but never {"error": null}: an error that is not a gr.Error is named by its type."""

    def said(error, show_error):
        content = error_payload(error, show_error)
        if content.get("error") is None:
            content["error"] = f"the server failed on this call ({type(error).__name__}); try again"
        return content

    return said


def skip_own_page_check() -> None:
    """Once serving, Gradio HEADs its own page with a 3 s timeout and exits when that times out, as it can on a
    busy 2-core laptop (the warm-up loads torch beside it): the address is the one asked for."""
    import gradio.networking

    gradio.networking.url_ok = lambda url: True


# How long Gradio's queue sleeps, with nothing to do, before it looks again for an event to start and for progress
# to send: the values Gradio itself uses on Windows. On Linux it looks every 1 and 10 ms, and an idle app so took 4 %
# of a core (0.043 CPU-seconds a second, no page open), all lecture long on a lecturer's battery, and in each app the
# tests start. The page's own asks never wait in this queue (ask_route, chat_route); an API call or the stepper's
# replay may wait up to 50 ms longer to start.
QUEUE_IDLE_SECONDS = 0.05
PROGRESS_IDLE_SECONDS = 0.1


def calm_queue(blocks) -> None:
    """Make the queue of `blocks` (queued already: Blocks.queue() makes a new one) look for work 20 times a second
    when idle, not 1,000 (QUEUE_IDLE_SECONDS)."""
    queue = blocks._queue
    queue.sleep_when_free = QUEUE_IDLE_SECONDS
    queue.progress_update_sleep_when_free = PROGRESS_IDLE_SECONDS


def skip_stub_files() -> None:
    """Importing Gradio makes each of its component classes through ComponentMeta, which reads and parses the
    class's source and compares it with the .pyi file beside it, rewriting that file where they differ: stubs for
    its own developers' editors, 1.1 of the 3.2 CPU-seconds `import gradio` takes here, at every start of the app
    (and a write into site-packages, where the app writes nothing). Call before Gradio is imported: its
    gradio.component_meta then loads as usual, and its create_or_modify_pyi is replaced before any component is
    made. Once Gradio is imported it is too late, and nothing is changed; called again, nothing more is."""
    _load_otherwise("gradio.component_meta", _LoadedWithoutStubFiles)


def skip_notebook_magics() -> None:
    """Gradio imports IPython where it is installed (as beside Jupyter on a student's or a lecturer's laptop): as it
    is imported, for gradio.ipython_ext's notebook magics (`%%blocks`), which an app started as `python app.py` never
    uses (0.45 of the 2.5 CPU-seconds `import gradio` took here), and as a page is built, to ask whether it runs in
    a notebook (colab_check, ipython_check: 0.25 more). Call before Gradio is imported: gradio.ipython_ext then loads
    as usual with IPython not to be found while it runs, which it takes as IPython not installed (it catches the
    ImportError), and the two checks answer False where IPython is not imported, as they would once they had
    imported it: no notebook runs this process. In a notebook, where IPython is imported already, nothing changes;
    once Gradio is imported it is too late, and nothing is changed; called again, nothing more is."""
    _load_otherwise("gradio.ipython_ext", _LoadedWithoutIPython)
    _load_otherwise("gradio.utils", _LoadedOutsideNotebooks)


def _write_no_stub_file(component_class, class_name, events) -> None:
    """Stands in for gradio.component_meta.create_or_modify_pyi (skip_stub_files)."""


def _load_otherwise(name: str, loader: type[_AroundItsOwnLoader]) -> None:
    """Before module `name` is imported: load it with `loader` around its own loader (once; a second call while the
    first waits adds nothing)."""
    waiting = any(isinstance(finder, _LoadedOtherwise) and finder.name == name for finder in sys.meta_path)
    if name not in sys.modules and not waiting:
        sys.meta_path.insert(0, _LoadedOtherwise(name, loader))


class _LoadedOtherwise(importlib.abc.MetaPathFinder):
    """Finds one module where Python would, once, and loads it with a loader of ours around the module's own."""

    def __init__(self, name: str, loader: type[_AroundItsOwnLoader]):
        self.name, self.loader = name, loader

    def find_spec(self, name, path, target=None):
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        found = importlib.util.find_spec(name)
        if found is None:  # not there: Python says so as it would have
            return None
        return importlib.util.spec_from_file_location(name, found.origin, loader=self.loader(found.loader))


class _AroundItsOwnLoader(importlib.abc.Loader):
    """A module's own loader (`loader`), with what a subclass's exec_module does around it; all else is the own
    loader's (get_data: gradio.utils reads its package.json through it, for the version every page's config says)."""

    def __init__(self, loader: importlib.abc.Loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def __getattr__(self, name: str):
        if name == "loader":  # asked before __init__ set it (a copy): not there, rather than asked of itself
            raise AttributeError(name)
        return getattr(self.loader, name)


class _LoadedWithoutStubFiles(_AroundItsOwnLoader):
    """The module's own loader, then its create_or_modify_pyi replaced (by name: ComponentMeta looks it up when it
    makes each class, and gradio.blocks_events imports it from the module, after it has loaded)."""

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        module.create_or_modify_pyi = _write_no_stub_file


class _LoadedOutsideNotebooks(_AroundItsOwnLoader):
    """The module's own loader, then its colab_check and ipython_check asked only where IPython is imported (the
    module's attributes, before any other module imports them from it)."""

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        module.colab_check = _asked_in_notebooks_only(module.colab_check)
        module.ipython_check = _asked_in_notebooks_only(module.ipython_check)


def _asked_in_notebooks_only(check: Callable[[], bool]) -> Callable[[], bool]:
    """`check` (does this process run in a notebook?) where IPython is imported; False, with nothing imported, where it
    is not, as get_ipython() would answer None there."""

    @functools.wraps(check)
    def asked() -> bool:
        return "IPython" in sys.modules and check()

    return asked


class _LoadedWithoutIPython(_AroundItsOwnLoader):
    """The module's own loader, run while IPython cannot be imported (None in sys.modules: an import of IPython or
    of any of its modules raises ImportError), unless IPython is imported already."""

    def exec_module(self, module) -> None:
        hidden = "IPython" not in sys.modules
        if hidden:
            sys.modules["IPython"] = None
        try:
            self.loader.exec_module(module)
        finally:
            if hidden and sys.modules.get("IPython", False) is None:
                del sys.modules["IPython"]
