"""What the server package replaces, wraps, extends or reads of Gradio, uvicorn, starlette, h11 and asyncio
(server.PATCHES) still has the shape it was written against (Gradio 6.31, starlette 1.10, uvicorn 0.54, h11 0.16).

A patch onto an internal that an upgrade renamed or changed does not fail by itself: an assignment to a
name nobody reads any more, or a stand-in with the wrong parameters, leaves the server quietly without the
guard rail (the user's text kept in the session, a traceback quoting it in the log). Here each one fails
loudly instead, naming what changed. The facts are read in a fresh interpreter, where nothing is patched
(other tests start servers in this one).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, run_fresh
from playground.page import server

SERVER_SOURCES = [path.read_text(encoding="utf-8") for path in sorted(Path(server.__file__).parent.glob("*.py"))]

FACTS = r'''
import asyncio, importlib, inspect, json, pathlib, re, sys, traceback
import h11
import gradio.blocks, gradio.blocks_events, gradio.component_meta, gradio.networking, gradio.queueing, gradio.route_utils
import gradio.routes, gradio.server_messages, gradio.state_holder, gradio.utils, starlette._utils, uvicorn.config
from uvicorn.protocols.http import h11_impl


def resolve(target):
    """Whether a dotted name is there: a module's attribute, a class's, or one the class's __init__ sets."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for k, name in enumerate(parts[cut:], cut):
            if hasattr(obj, name):
                obj = getattr(obj, name)
            elif inspect.isclass(obj) and k == len(parts) - 1:
                return re.search(rf"\bself\.{name}\s*[:=]", inspect.getsource(obj.__init__)) is not None
            else:
                return False
        return True
    return False


def source(obj):
    return " ".join(inspect.getsource(obj).split())  # whitespace as single spaces: the code, not its layout


def signature(obj):
    return str(inspect.signature(obj))


H11 = h11_impl.H11Protocol
FACTS = {
    "resolved": lambda: {target: resolve(target) for target in json.loads(sys.argv[1])},
    "signature of parent_configures_cors": lambda: signature(gradio.route_utils.CustomCORSMiddleware.parent_configures_cors),
    "signature of _update_value_in_config": lambda: signature(gradio.state_holder.SessionState._update_value_in_config),
    "signature of error_payload": lambda: signature(gradio.queueing.error_payload),
    "signature of url_ok": lambda: signature(gradio.networking.url_ok),
    "signature of print_exc": lambda: signature(traceback.print_exc),
    "signatures of H11Protocol's": lambda: [signature(getattr(H11, name)) for name in
                                            ("connection_made", "connection_lost", "on_response_complete", "handle_events")],
    "signatures of Queue's": lambda: [signature(getattr(asyncio.Queue, name)) for name in ("_init", "_put", "_get")],
    "signature of get_route_path": lambda: signature(starlette._utils.get_route_path),
    "config_parameters": lambda: list(inspect.signature(uvicorn.config.Config.__init__).parameters),
    "cors_passes_on_when_parent_configures": lambda: "if self.parent_configures_cors(): await self.app(scope, receive, send) return"
                in source(gradio.route_utils.CustomCORSMiddleware.__call__),
    "config_writes_from_events": lambda: source(gradio.blocks).count("state._update_value_in_config("),
    "traceback_is_the_module": lambda: {m.__name__: m.traceback is traceback
                                        for m in (gradio.queueing, gradio.routes, gradio.route_utils, gradio.utils)},
    "print_exc_calls": lambda: {m.__name__: source(m).count("traceback.print_exc()")
                                for m in (gradio.queueing, gradio.routes, gradio.route_utils, gradio.utils)},
    "async_queue_is_asyncio_queue": lambda: gradio.queueing.AsyncQueue is asyncio.Queue,
    "session_queues_made": lambda: source(gradio.queueing.Queue).count("= AsyncQueue()"),
    "error_payload_is_utils": lambda: gradio.queueing.error_payload is gradio.utils.error_payload,
    "error_payload_calls": lambda: source(gradio.queueing).count("= error_payload("),
    "url_ok_calls": lambda: source(gradio.blocks.Blocks.launch).count("networking.url_ok("),
    "h11_protocol_sets": lambda: [f"self.{name}" for name in ("conn", "connections", "transport", "loop", "cycle")
                                  if re.search(rf"self\.{name} = ", source(H11))],
    "conn_is_h11": lambda: "self.conn = h11.Connection(" in source(H11.__init__),
    "h11_properties": lambda: [name for name in ("trailing_data", "their_state")
                               if isinstance(getattr(h11.Connection, name, None), property)],
    "h11_states": lambda: [name for name in ("IDLE", "SEND_BODY") if isinstance(getattr(h11, name, None), type)],
    "status_phrases": lambda: {str(s): h11_impl.STATUS_PHRASES[s].decode() for s in (414, 431, 503)},
    "queue_init_sets": lambda: source(asyncio.Queue._init),
    "completed_fields": lambda: sorted(set(gradio.server_messages.ProcessCompletedMessage.model_fields)
                                       & {"event_id", "success", "output"}),
    "queue_sets": lambda: [name for name in ("pending_messages_per_session", "event_ids_to_events", "pending_event_ids_session")
                           if re.search(rf"\bself\.{name}\s*[:=]", source(gradio.queueing.Queue.__init__))],
    "app_gets_blocks": lambda: callable(getattr(gradio.routes.App, "get_blocks", None)),
    "blocks_queue": lambda: "self._queue = queueing.Queue(" in source(gradio.blocks.Blocks),
    "idle_sleeps": lambda: [source(gradio.queueing.Queue.start_processing).count("await asyncio.sleep(self.sleep_when_free)"),
                            source(gradio.queueing.Queue.start_progress_updates).count(
                                "await asyncio.sleep(self.progress_update_sleep_when_free)")],
    "fns_shape": lambda: signature(gradio.blocks.Blocks.fns.fget) if isinstance(gradio.blocks.Blocks.fns, property) else None,
    "block_function_sets": lambda: [name for name in ("fn", "inputs", "api_name")
                                    if f"self.{name} = " in source(gradio.blocks.BlockFunction.__init__)],
    "signature of create_or_modify_pyi": lambda: signature(gradio.component_meta.create_or_modify_pyi),
    "stub_file_calls": lambda: {m.__name__: source(m).count("create_or_modify_pyi(")
                                for m in (gradio.component_meta.ComponentMeta.__new__, gradio.blocks_events)},
    "stub_file_importers": lambda: sorted(name for name, m in sys.modules.items() if name.startswith("gradio")
                                          and "create_or_modify_pyi" in vars(m)),
    "signatures of the notebook checks": lambda: [signature(gradio.utils.colab_check), signature(gradio.utils.ipython_check)],
    "ipython_importers": lambda: sorted(
        f"{path.relative_to(pathlib.Path(gradio.__file__).parent)}:{number}"
        for path in pathlib.Path(gradio.__file__).parent.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"\s*(from|import) IPython\b", line)),
}


def fact(compute):
    try:
        return compute()
    except Exception as err:  # a name gone: said, and the other facts are still read
        return f"not read: {type(err).__name__}: {err}"


print(json.dumps({name: fact(compute) for name, compute in FACTS.items()}))
'''


@pytest.fixture(scope="module")
def facts() -> dict:
    targets = json.dumps([patch.target for patch in server.PATCHES])
    return json.loads(run_fresh(f"import sys; sys.argv[1:] = [{targets!r}]\n{FACTS}").splitlines()[-1])


def test_every_patched_name_is_still_there(facts):
    missing = [target for target, found in facts["resolved"].items() if not found]
    assert missing == [], f"renamed or gone in this Gradio / uvicorn / starlette / h11: {missing}; see server.PATCHES"


def server_nodes() -> list[ast.AST]:
    """Every node of every module of the server package."""
    return [node for source in SERVER_SOURCES for node in ast.walk(ast.parse(source))]


def own_classes() -> set[str]:
    return {node.name for node in server_nodes() if isinstance(node, ast.ClassDef)}


def test_every_assignment_into_another_package_is_listed():
    """The server package assigns onto another package's names only where PATCHES says so (by the name
    assigned), in any of its modules: a patch added without its line in the table fails here."""
    assigned = set()
    for node in server_nodes():
        for target in node.targets if isinstance(node, ast.Assign) else []:
            root = target
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(target, ast.Attribute) and isinstance(root, ast.Name) and \
                    root.id not in {"self"} | own_classes():
                assigned.add(target.attr)
    listed = {patch.target.rsplit(".", 1)[1] for patch in server.PATCHES if patch.change in ("replaced", "wrapped")}
    assert assigned == {"parent_configures_cors", "_update_value_in_config", "traceback", "AsyncQueue",
                        "error_payload", "url_ok", "__init__", "sleep_when_free", "progress_update_sleep_when_free",
                        "create_or_modify_pyi", "colab_check", "ipython_check"}
    assert assigned == listed


def test_the_table_says_how_and_why():
    assert all(p.change in ("replaced", "wrapped", "subclassed", "read", "loaded") and p.by and p.why
               for p in server.PATCHES)
    assert len({p.target for p in server.PATCHES}) == len(server.PATCHES)


def test_cors_is_passed_on_when_the_parent_app_configures_it(facts):
    """same_origin_only: Gradio's CORS middleware asks parent_configures_cors() and, when True, hands the request on."""
    assert facts["signature of parent_configures_cors"] == "(self) -> 'bool'"
    assert facts["cors_passes_on_when_parent_configures"]


def test_the_session_config_is_written_by_one_method(facts):
    """keep_no_user_values: the session copies event values only through _update_value_in_config (four calls in
    gradio.blocks), which the stand-in takes with the same parameters."""
    assert facts["signature of _update_value_in_config"] == "(self, key: 'int', value: 'Any')"
    assert facts["config_writes_from_events"] == 4


def test_gradio_prints_tracebacks_through_its_modules_traceback(facts):
    """_TracebackWithoutMessages stands in for the module `traceback` where Gradio calls print_exc()."""
    assert facts["traceback_is_the_module"] == dict.fromkeys(
        ["gradio.queueing", "gradio.routes", "gradio.route_utils", "gradio.utils"], True)
    assert facts["print_exc_calls"] == {"gradio.queueing": 3, "gradio.routes": 1, "gradio.route_utils": 1,
                                        "gradio.utils": 1}
    assert facts["signature of print_exc"] == "(limit=None, file=None, chain=True)"


def test_each_sessions_messages_are_an_async_queue_made_by_name(facts):
    """UnreadResults replaces gradio.queueing.AsyncQueue (asyncio.Queue), which the queue looks up by that name
    when it makes a session's messages, and extends asyncio.Queue's _init / _put / _get."""
    assert facts["async_queue_is_asyncio_queue"]
    assert facts["session_queues_made"] == 1
    assert facts["signatures of Queue's"] == ["(self, maxsize)", "(self, item)", "(self)"]
    assert facts["queue_init_sets"] == "def _init(self, maxsize): self._queue = collections.deque()"
    assert facts["completed_fields"] == ["event_id", "output", "success"]


def test_errors_are_sent_through_error_payload(facts):
    """_error_said wraps gradio.queueing.error_payload (gradio.utils'), which the queue calls for every failed event."""
    assert facts["error_payload_is_utils"]
    assert facts["signature of error_payload"] == \
        "(error: BaseException | None, show_error: bool) -> dict[str, bool | str | float | None]"
    assert facts["error_payload_calls"] == 2


def test_launch_checks_its_own_page_with_url_ok(facts):
    """skip_own_page_check replaces gradio.networking.url_ok, which launch() calls through the module."""
    assert facts["signature of url_ok"] == "(url: 'str') -> 'bool'"
    assert facts["url_ok_calls"] == 2  # its own page, and a share link's


def test_the_queue_sleeps_as_long_as_calm_queue_says_when_idle(facts):
    """calm_queue sets the two attributes Gradio's queue loops sleep on whenever they find nothing to do: the event
    loop's three idle paths and the progress loop's two."""
    assert facts["idle_sleeps"] == [3, 2]


def test_gradio_writes_stub_files_only_through_create_or_modify_pyi(facts):
    """skip_stub_files replaces create_or_modify_pyi in gradio.component_meta before any component is made:
    ComponentMeta.__new__ calls it there by name, for every component class, and gradio.blocks_events, the one
    other module that holds it, imports it from there once gradio.component_meta has loaded."""
    assert facts["signature of create_or_modify_pyi"] == (
        "(component_class: 'type', class_name: 'str', events: 'list[str | EventListener]')")
    assert facts["stub_file_calls"] == {"__new__": 1, "gradio.blocks_events": 1}
    assert facts["stub_file_importers"] == ["gradio.blocks_events", "gradio.component_meta"]


def test_gradio_imported_after_the_skips_makes_its_components_without_stub_files_or_ipython(tmp_path):
    """In a fresh interpreter, skip_stub_files and skip_notebook_magics, then Gradio, and a page built and queued
    as web.build_demo builds one: both modules hold the stub files' stand-in, Gradio's components are made and work,
    not one source file of Gradio is read as text (Path.read_text: how create_or_modify_pyi reads a component's
    source and its .pyi), and IPython is not imported, neither by the import nor by the page's build (which asks
    colab_check, answered False), and the page's config says Gradio's version (read through the loader of
    gradio.utils: a loader without get_data said "", and gradio_client could not connect). Without them the same
    import reads 324 files (Gradio 6.31) and imports IPython, which is installed here (requirements-dev.txt pins it
    for this test)."""
    script = """
import importlib.metadata, pathlib, sys
from playground.page.server import skip_notebook_magics, skip_stub_files
from playground.page.server.patches import _LoadedOtherwise, _write_no_stub_file
read = []
text = pathlib.Path.read_text
pathlib.Path.read_text = lambda self, *a, **k: (read.append(self.name), text(self, *a, **k))[1]
if sys.argv[1] == "skip":
    for _ in range(2):  # called twice (the tests' conftest, then app.py): one finder each, gone once it has found
        skip_stub_files()
        skip_notebook_magics()
import gradio, gradio.blocks_events, gradio.component_meta
imported_ipython = "IPython" in sys.modules
with gradio.Blocks() as demo:
    box = gradio.Textbox(value="x")
demo.queue()
print(gradio.component_meta.create_or_modify_pyi is _write_no_stub_file,
      gradio.blocks_events.create_or_modify_pyi is _write_no_stub_file,
      box.value, len([name for name in read if name.endswith((".py", ".pyi"))]),
      sum(isinstance(finder, _LoadedOtherwise) for finder in sys.meta_path), imported_ipython,
      demo.get_config_file()["is_colab"], "IPython" in sys.modules, callable(gradio.load_ipython_extension),
      demo.get_config_file()["version"] == importlib.metadata.version("gradio"))
"""
    skipped, imported = (subprocess.run([sys.executable, "-c", script, how], cwd=ROOT, capture_output=True, text=True,
                                        timeout=120, check=True).stdout.split() for how in ("skip", "import"))
    assert skipped == ["True", "True", "x", "0", "0", "False", "False", "False", "True", "True"]
    assert imported[:3] == ["False", "False", "x"] and int(imported[3]) > 40
    assert imported[4:] == ["0", "True", "False", "True", "True", "True"]


def test_gradio_imports_ipython_only_for_its_magics_and_its_two_notebook_checks(facts):
    """skip_notebook_magics keeps IPython out of a served app where Gradio imports it: gradio.ipython_ext (as it is
    imported), colab_check and ipython_check (as a page is built), and blocks.py only once ipython_check said yes.
    An import anywhere else would bring IPython back into every start."""
    assert facts["signatures of the notebook checks"] == ["() -> bool", "() -> bool"]
    assert facts["ipython_importers"] == ["blocks.py:3674", "ipython_ext.py:2", "ipython_ext.py:6", "utils.py:566",
                                          "utils.py:593"]


def test_our_loaders_hand_all_else_to_the_modules_own():
    """What a loader of ours does not do itself is its module's own loader's: get_data (gradio.utils reads its
    package.json so), get_filename; a copy of one too (copy.copy asks an instance made without __init__)."""
    import copy
    import importlib.machinery

    from playground.page.server.patches import _LoadedOutsideNotebooks

    own = importlib.machinery.SourceFileLoader("server_patches", __file__)
    for loader in (_LoadedOutsideNotebooks(own), copy.copy(_LoadedOutsideNotebooks(own))):
        assert loader.get_filename("server_patches") == __file__
        assert loader.get_data(__file__) == Path(__file__).read_bytes()


def test_in_a_notebook_gradio_still_gets_its_magics():
    """Where IPython is imported already (a notebook), skip_notebook_magics hides nothing: gradio.ipython_ext,
    loaded again here as its loader loads it, imports IPython's magics as it would without it, the notebook's
    IPython stays where it was, and Gradio's notebook checks are asked. (In this process: IPython is imported for good, and Gradio already was.)"""
    import importlib.machinery
    import importlib.util

    import gradio.ipython_ext
    import IPython

    from playground.page.server.patches import _asked_in_notebooks_only, _LoadedWithoutIPython

    path = gradio.ipython_ext.__file__
    its_own = importlib.machinery.SourceFileLoader("ipython_ext_again", path)
    spec = importlib.util.spec_from_file_location("ipython_ext_again", path, loader=_LoadedWithoutIPython(its_own))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.register_cell_magic.__module__ == "IPython.core.magic"
    assert sys.modules["IPython"] is IPython
    assert _asked_in_notebooks_only(lambda: True)() is True  # a notebook's own checks are asked, and say so


def test_uvicorn_takes_what_bound_connections_passes(facts):
    assert {"http", "timeout_keep_alive", "backlog", "h11_max_incomplete_event_size"} <= set(facts["config_parameters"])


def test_the_h11_protocol_has_what_bounded_h11_protocol_extends_and_reads(facts):
    assert facts["signatures of H11Protocol's"] == ["(self, transport: 'asyncio.Transport') -> 'None'",
                                                    "(self, exc: 'Exception | None') -> 'None'", "(self) -> 'None'",
                                                    "(self) -> 'None'"]
    assert facts["h11_protocol_sets"] == ["self.conn", "self.connections", "self.transport", "self.loop", "self.cycle"]
    assert facts["conn_is_h11"]
    assert facts["h11_properties"] == ["trailing_data", "their_state"]
    assert facts["h11_states"] == ["IDLE", "SEND_BODY"]
    assert facts["status_phrases"] == {"414": "Request-URI Too Long", "431": "Request Header Fields Too Large",
                                       "503": "Service Unavailable"}


def test_the_queue_and_events_guard_reads_are_there(facts):
    """Guard reads scope["app"].get_blocks(): its _queue (a gradio.queueing.Queue: pending_messages_per_session,
    event_ids_to_events, pending_event_ids_session) and its fns (fn_index -> BlockFunction: fn, inputs, api_name)."""
    assert facts["app_gets_blocks"]
    assert facts["blocks_queue"]
    assert facts["queue_sets"] == ["pending_messages_per_session", "event_ids_to_events", "pending_event_ids_session"]
    assert facts["fns_shape"] == "(self) -> 'dict[int, BlockFunction]'"  # a property
    assert facts["block_function_sets"] == ["fn", "inputs", "api_name"]
    assert facts["signature of get_route_path"] == "(scope: 'Scope') -> 'str'"
