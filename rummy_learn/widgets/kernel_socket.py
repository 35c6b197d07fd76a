"""The kernel's websocket for a Jupyter server that serves the kit: small messages at once.

A click in a widget goes to the kernel and comes back as three small websocket messages
(the kernel busy, the widget's new state, the kernel idle). jupyter_server leaves its
websockets with Nagle's algorithm on, so the server holds each message after the first
until the browser has acknowledged the one before; a browser that has nothing to send
acknowledges after its delayed-ACK time (40 ms on Linux). Every answer then came 40 ms
late: most of a click's time in JupyterLab (``benchmarks/bench_classroom.py`` with one
learner: 47 ms for a meld, 5 ms of it in the kernel).

:class:`NoDelayKernelConnection` is jupyter_server's own connection with ``TCP_NODELAY``
set on its socket, as tornado's documentation advises for interactive websockets. The
kit's Jupyter settings (``binder/jupyter_server_config.json``, installed by ``./dev`` and
by ``binder/postBuild``) name it as ``ServerApp.kernel_websocket_connection_class``.

>>> NoDelayKernelConnection.__mro__[1].__name__
'ZMQChannelsWebsocketConnection'
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)

__all__ = ["NoDelayKernelConnection"]


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, sending each message at once."""

    # the type of jupyter_server's own connection (its base class says a coroutine)
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Set ``TCP_NODELAY`` on the websocket, then connect as jupyter_server does."""
        self.websocket_handler.set_nodelay(True)
        result: asyncio.Future[None] | None = super().connect()
        return result
