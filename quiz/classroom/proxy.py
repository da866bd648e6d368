"""Which reverse proxies the classroom server believes, and the client address they give.

Behind nginx or Caddy every request reaches the classroom server from the
proxy's address, and the limiter of wrong codes (per client address) would
count the whole class as one. ``class serve --trusted-proxy ADDR`` (an address
or a network, repeated) names the proxies whose ``X-Forwarded-For`` header is
believed; from anyone else, and by default, it is ignored. Standard library
only: the command line's parser imports this module.
"""

from __future__ import annotations

import argparse
import ipaddress
from dataclasses import dataclass

from ..words.core import pgettext

__all__ = ["PAGES_PER_ADDRESS", "PER_ADDRESS", "Network", "TrustedProxies", "add_doors_option",
           "add_proxy_option", "proxy_network"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_network(text: str) -> Network:
    """An address or network (CIDR) of a trusted proxy, as given on the command line.

    >>> proxy_network("10.0.0.5"), proxy_network("192.168.1.0/24")
    (IPv4Network('10.0.0.5/32'), IPv4Network('192.168.1.0/24'))

    Raises:
        argparse.ArgumentTypeError: not an address nor a network (one line).
    """
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(
            pgettext("serve", "'%(text)s' is not an address or a network (e.g. %(example)s)")
            % {"text": text[:60], "example": "10.0.0.5, 10.0.0.0/8"}
        ) from None


def add_proxy_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--trusted-proxy ADDR`` (repeatable) to the ``class serve`` parser."""
    parser.add_argument(
        "--trusted-proxy", dest="trusted_proxies", metavar="ADDR", action="append",
        type=proxy_network, default=[],
        help=pgettext("serve", "a reverse proxy in front (an address or a network like "
                               "%(example)s; repeat for more): its X-Forwarded-For header names "
                               "the client. Never trusted otherwise") % {"example": "10.0.0.0/8"})


#: Connections one address may hold open at once (``class serve``: a student's app keeps one).
PER_ADDRESS = 32
#: Connections one address may hold open at once on the web pages (``web``): a browser keeps
#: two or three, and a class behind one school address shares it.
PAGES_PER_ADDRESS = 128


def add_doors_option(parser: argparse.ArgumentParser, default: int) -> None:
    """Add ``--connections-per-address N`` to a server's parser (the cap of
    :class:`quiz.classroom.doors.ConnectionCap`; ``default``: :data:`PER_ADDRESS` or
    :data:`PAGES_PER_ADDRESS`)."""

    def most(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if not 1 <= value <= 100_000:
            raise argparse.ArgumentTypeError(
                pgettext("classguard", "'%(text)s' is not a number of connections from 1 to "
                                       "100000") % {"text": text[:20]})
        return value

    parser.add_argument(
        "--connections-per-address", type=most, default=default, metavar="N",
        help=pgettext("classguard", "connections one address may hold open at once (default "
                                    "%(n)s; raise it when a whole class reaches this server "
                                    "from one address without a proxy)") % {"n": default})


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


@dataclass(frozen=True)
class TrustedProxies:
    """Which peers' ``X-Forwarded-For`` is believed, and the client address it gives.

    The header is read from the right: each hop a trusted proxy added is
    skipped, and the first address no trusted proxy stands for is the client.
    What a client writes in the header itself stays to the left of that and is
    never read; from an untrusted peer the header is ignored altogether.

    >>> proxies = TrustedProxies((proxy_network("10.0.0.0/8"),))
    >>> proxies.client("10.0.0.5", ["6.6.6.6, 203.0.113.7"])
    '203.0.113.7'
    >>> proxies.client("10.0.0.5", ["203.0.113.7, 10.0.0.9"])
    '203.0.113.7'
    >>> proxies.client("198.51.100.2", ["203.0.113.7"])
    '198.51.100.2'
    >>> TrustedProxies().client("127.0.0.1", ["203.0.113.7"])
    '127.0.0.1'
    """

    networks: tuple[Network, ...] = ()

    def trusts(self, address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
        """Whether ``address`` is one of the trusted proxies."""
        return any(address.version == n.version and address in n for n in self.networks)

    def client(self, peer: str | None, forwarded_for: list[str]) -> str:
        """The client's address for a request from ``peer`` with these header values."""
        here = _ip(peer or "")
        if here is None:
            return peer or "?"
        if not self.networks or not self.trusts(here):
            return str(here)
        hops = [h for value in forwarded_for for h in value.split(",")]
        for hop in reversed(hops):
            address = _ip(hop)
            if address is None:  # not an address: stop at the last proxy that vouched
                break
            here = address
            if not self.trusts(address):
                break
        return str(here)
