"""The kernel's websocket with TCP_NODELAY: the kit's Jupyter servers send each message at once."""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets.utils.importstring import import_item

from rummy_learn.widgets.kernel_socket import NoDelayKernelConnection

ROOT = Path(__file__).parent.parent


class Handler:
    """What the connection needs of its websocket handler here: the no-delay switch."""

    def __init__(self) -> None:
        self.nodelay: list[bool] = []

    def set_nodelay(self, value: bool) -> None:
        self.nodelay.append(value)


def test_connecting_turns_nagle_off_before_jupyter_servers_own_connect():
    handler, order = Handler(), []
    connection = NoDelayKernelConnection.__new__(NoDelayKernelConnection)
    connection._trait_values["websocket_handler"] = handler  # a real one needs a live request

    def connect(self: object) -> str:
        order.append(list(handler.nodelay))
        return "connected"

    with mock.patch.object(ZMQChannelsWebsocketConnection, "connect", connect):
        assert connection.connect() == "connected"
    assert handler.nodelay == [True]
    assert order == [[True]]  # set before the kernel's first message can be sent


def test_the_kits_server_settings_name_the_connection():
    settings = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    named = import_item(settings["ServerApp"]["kernel_websocket_connection_class"])
    assert named is NoDelayKernelConnection
    assert issubclass(named, BaseKernelWebsocketConnection)
