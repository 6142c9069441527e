"""Behind a reverse proxy (``PROXY_FIX=1``): whom the app believes about the client.

The proxy's ``X-Forwarded-For`` (its last hop: exactly one proxy is trusted), ``-Proto``
and ``-Host`` are taken only from the proxy: from the addresses ``PROXY_FIX_FROM`` names
(``127.0.0.1``, ``10.0.0.5,10.0.1.0/24``), a request from anywhere else is counted by its
own address. Without ``PROXY_FIX_FROM`` every peer is believed, which is safe only when
nobody but the proxy reaches the app's port: the app says so at start when it listens on
more than this machine.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable
from typing import Any

from flask import Flask, request
from werkzeug.middleware.proxy_fix import ProxyFix

log = logging.getLogger(__name__)

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def networks(addresses: Iterable[str]) -> list[Network]:
    """``PROXY_FIX_FROM``'s addresses and networks; a wrong one stops the app at start."""
    return [ipaddress.ip_network(a.strip(), strict=False) for a in addresses if a.strip()]


class TrustedProxy:
    """:class:`ProxyFix` (one proxy) for the requests that come from ``trusted``."""

    def __init__(self, app: Any, trusted: list[Network]) -> None:
        self.app = app
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=1)
        self.trusted = trusted

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if self.from_proxy(str(environ.get("REMOTE_ADDR", ""))):
            return self.fixed(environ, start_response)
        return self.app(environ, start_response)

    def from_proxy(self, address: str) -> bool:
        if not self.trusted:
            return True
        ip = ip_of(address)
        return ip is not None and any(ip in network for network in self.trusted)


def ip_of(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address a peer's address names; an IPv4 client of a dual-stack socket (which
    a server listening on ``::`` sees as ``::ffff:192.0.2.7``) as the IPv4 address it is.

    >>> ip_of("::ffff:192.0.2.7"), ip_of("2001:db8::1"), ip_of("unix")
    (IPv4Address('192.0.2.7'), IPv6Address('2001:db8::1'), None)
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_address() -> str:
    """Whom a limit counts: the client's address (the proxy's ``X-Forwarded-For`` with
    ``PROXY_FIX``); an IPv6 client by its /64, which one home or phone holds whole; an IPv4
    client of a dual-stack socket by its IPv4 address (as ``::ffff:…``, every IPv4 client
    of the internet was one /64)."""
    address = request.remote_addr or "unknown"
    ip = ip_of(address)
    if ip is None:
        return address
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def init_app(app: Flask) -> None:
    """Trust the proxy's headers when ``PROXY_FIX`` is set, from ``PROXY_FIX_FROM`` only."""
    if not app.config.get("PROXY_FIX"):
        return
    trusted = networks(app.config.get("PROXY_FIX_FROM") or [])
    app.wsgi_app = TrustedProxy(app.wsgi_app, trusted)  # type: ignore[method-assign]
    if not app.config.get("PUBLIC_URL") and not app.config.get("TRUSTED_HOSTS"):
        log.warning(
            "PROXY_FIX is set without PUBLIC_URL or TRUSTED_HOSTS: QR codes carry the "
            "address the app listens on, not the proxy's name. Set PUBLIC_URL."
        )
    listen = str(app.config.get("LISTEN_HOST") or "")
    if not trusted and listen not in LOOPBACK:
        log.warning(
            "PROXY_FIX is set and the app listens on %s: anyone who reaches its port "
            "directly can name any client address (X-Forwarded-For) and step around the "
            "rate limits. Listen on 127.0.0.1 behind the proxy, or set PROXY_FIX_FROM to "
            "the proxy's address.",
            listen or "an address it was not told (LISTEN_HOST)",
        )
