"""Where phones in the room reach the server: the room address a share link made on this machine's own page
carries, and what the QR code's place says when there is none.

Bugs caught: a QR code of http://127.0.0.1:7860 (every phone opens its own localhost), a loopback or
link-local address taken for the room's, a server on 127.0.0.1 only that does not say how to start it for
the room."""

from __future__ import annotations

import fcntl
import ipaddress
import json
import socket
import struct

import pytest

from playground.page import page_route, room
from playground.page.shell import VALUES

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def interface_addresses() -> set[str]:
    """Every IPv4 address of this machine's interfaces, read from the kernel one interface at a time (another
    way than room.py's route lookup)."""
    found = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # no IPv4 address on it
                continue
            found.add(socket.inet_ntoa(packed[20:24]))
    return found


def room_addresses() -> set[str]:
    """The interfaces' addresses another machine could reach: neither loopback nor link-local."""
    return {a for a in interface_addresses()
            if not (ipaddress.ip_address(a).is_loopback or ipaddress.ip_address(a).is_link_local)}


@pytest.mark.parametrize("host, expected", [
    ("127.0.0.1", True), ("127.0.1.1", True), ("localhost", True), ("LocalHost", True), ("[::1]", True),
    ("::1", True), ("app.localhost", True),
    ("192.168.1.20", False), ("0.0.0.0", False), ("example.org", False), ("", False), ("localhost.example", False),
])
def test_is_loopback(host, expected):
    assert room.is_loopback(host) is expected


@pytest.mark.parametrize("listen, addresses, expected", [
    # Every address: the first another machine reaches. Debian names its host 127.0.1.1; 169.254 is link-local.
    ("0.0.0.0", ["127.0.1.1", "169.254.3.4", "fe80::1", "not an address", "192.168.1.20", "10.0.0.5"], "192.168.1.20"),
    ("::", ["10.0.0.5"], "10.0.0.5"),
    ("", ["10.0.0.5"], "10.0.0.5"),
    ("0.0.0.0", ["127.0.0.1", "0.0.0.0"], None),  # no address for the room
    ("0.0.0.0", [], None),
    ("127.0.0.1", ["192.168.1.20"], None),  # this machine only, whatever it has
    ("localhost", ["192.168.1.20"], None),
    ("192.168.1.20", [], "192.168.1.20"),  # one address, the room's
])
def test_room_host(listen, addresses, expected):
    assert room.room_host(listen, addresses) == expected


def test_the_machines_addresses_are_its_interfaces_and_send_nothing():
    found = room.machine_addresses()
    assert all(a in interface_addresses() or ipaddress.ip_address(a).is_loopback for a in found), found
    if room_addresses():  # this machine has a room address: the one found is one of them
        assert room.room_host("0.0.0.0", found) in room_addresses()


def app_values() -> dict:
    """The app's values.json (what its page's program reads from the server), made afresh."""
    return json.loads(page_route.Built().files[VALUES])


def test_the_page_gives_the_room_host_only_to_a_server_listening_beyond_this_machine(monkeypatch):
    monkeypatch.setenv("GRADIO_SERVER_NAME", "127.0.0.1")
    assert app_values()["PLAYGROUND_ROOM_HOST"] is None
    monkeypatch.setenv("GRADIO_SERVER_NAME", "192.168.1.20")
    assert app_values()["PLAYGROUND_ROOM_HOST"] == "192.168.1.20"
    monkeypatch.delenv("GRADIO_SERVER_NAME")  # Gradio's default: 127.0.0.1
    assert app_values()["PLAYGROUND_ROOM_HOST"] is None


def test_a_link_to_this_machine_gets_no_qr_code_but_what_to_do():
    """What the page says in the QR code's place for a link to this machine (page.js puts the host in)."""
    assert room.unreachable_html("127.0.0.1", "127.0.0.1") == (
        "<p class='note unreachable'>No QR code: phones in the room cannot open this link, which points at this "
        "computer itself (127.0.0.1); the server listens on this computer only. For the room, start it with "
        "<code>GRADIO_SERVER_NAME=0.0.0.0 python app.py</code> and open the page again.</p>")
    assert room.unreachable_html("localhost", "0.0.0.0") == (
        "<p class='note unreachable'>No QR code: phones in the room cannot open this link, which points at this "
        "computer itself (localhost); this computer had no network address another machine could reach when the "
        "server started: join the room's network, start the server again and open the page again.</p>")
    assert app_values()["PLAYGROUND_UNREACHABLE"] == room.unreachable_html("{host}", "127.0.0.1")