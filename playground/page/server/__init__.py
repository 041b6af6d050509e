"""The classroom server's guard rails: what any client, page or script, may reach, send and leave behind.

One concern a module; every name the page's modules (and the tests) use is importable from here:
- guard: Guard, the ASGI middleware in front of Gradio: the routes served, the calls checked, the headers every
  answer carries (no-store, the Content-Security-Policy, cross-origin isolation), another site's requests refused.
- bodies: request bodies read by one reader for every route, bounded in bytes, JSON nesting and time.
- unread: results nobody reads expire, and all sessions together hold at most UNREAD_BYTES.
- connections: HTTP connections bounded in time, number and head bytes (BoundedH11Protocol).
- worker: texts over BIG_INPUT_CHARS worked on in a separate process, one at a time, and the Lanes that keep
  small edits from queuing behind them.
- memory: glibc's malloc tuned to give back what a request frees.
- patches: PATCHES, every internal of Gradio, uvicorn, starlette, h11 and asyncio this package replaces, wraps,
  extends or reads (tests/test_server_patches.py fails when an upgrade changes any), and the Gradio ones applied:
  no user value kept in a session or printed in a traceback.

web.launch applies them: keep_no_user_values, bound_connections, same_origin_only, tune_malloc, skip_own_page_check;
web.build_demo calm_queue, to the queue it makes; app.py skip_stub_files and skip_notebook_magics, before Gradio is
imported.
"""

from playground.page.server.bodies import MAX_BODY_BYTES, BodyRefused, nests_too_deeply, read_json
from playground.page.server.connections import BoundedH11Protocol, bound_connections
from playground.page.server.guard import REFUSED_PREFIXES, Guard
from playground.page.server.memory import tune_malloc
from playground.page.server.patches import (PATCHES, calm_queue, keep_no_user_values, same_origin_only,
                                            skip_notebook_magics, skip_own_page_check, skip_stub_files)
from playground.page.server.unread import UNREAD_BYTES, UnreadResults
from playground.page.server.worker import BIG_INPUT_CHARS, BigInputWorker, Lane, run_in_worker, run_sized, stop_worker

QUEUE_MAX_SIZE = 128  # events waiting at once: a class of 50 has at most two each (always_last); scripts share the rest
SESSION_CAPACITY = 64  # sessions Gradio keeps; the page keeps no state in them, so an evicted one loses nothing

__all__ = ["BIG_INPUT_CHARS", "MAX_BODY_BYTES", "PATCHES", "QUEUE_MAX_SIZE", "REFUSED_PREFIXES", "SESSION_CAPACITY",
           "UNREAD_BYTES", "BigInputWorker", "BodyRefused", "BoundedH11Protocol", "Guard", "Lane", "UnreadResults",
           "bound_connections", "calm_queue", "keep_no_user_values", "nests_too_deeply", "read_json",
           "run_in_worker", "run_sized", "same_origin_only", "skip_notebook_magics", "skip_own_page_check", "skip_stub_files",
           "stop_worker",
           "tune_malloc"]
