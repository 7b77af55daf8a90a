"""One SEForge per user and data folder: a second launch hands its files over.

The first instance listens on a :class:`QLocalServer` whose name comes from the
user and the data folder (so a portable copy on a stick runs beside the installed
one). A later launch connects, sends the absolute paths of its file arguments as
one JSON line, waits for ``ok`` and exits; the running instance opens them and
comes to the front. When nothing answers, the launch simply starts as usual.
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import json
import os
from collections.abc import Sequence
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

CONNECT_MS = 500
REPLY_MS = 5000
MAX_MESSAGE_BYTES = 1024 * 1024
"""A longer message is not from SEForge: the connection is dropped."""
ACK = b"ok\n"


def server_name(data_folder: Path) -> str:
    """The local server's name for this user and data folder (short and safe for
    both Unix socket paths and Windows pipe names)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError, ImportError):
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    try:
        folder = str(data_folder.resolve())
    except OSError:
        folder = str(data_folder.absolute())
    digest = hashlib.sha256(f"{user}\0{folder}".encode()).hexdigest()[:16]
    return f"seforge-{digest}"


def encode_message(paths: Sequence[str | os.PathLike[str]]) -> bytes:
    files = [str(Path(p).absolute()) for p in paths]
    return json.dumps({"open": files}, ensure_ascii=True).encode("ascii") + b"\n"


def decode_message(data: bytes) -> list[str] | None:
    """The paths in one message, or None when it is not a SEForge message."""
    try:
        message = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or not isinstance(message.get("open"), list):
        return None
    return [p for p in message["open"] if isinstance(p, str) and p]


def instance_running(name: str) -> bool:
    """True when a live instance listens on ``name``."""
    socket = QLocalSocket()
    socket.connectToServer(name)
    alive = bool(socket.waitForConnected(CONNECT_MS))
    socket.abort()
    return alive


class HandOver(Enum):
    SENT = "sent"
    """The running instance confirmed: this launch can end."""
    NOBODY = "nobody"
    """No instance listens on the name."""
    NO_ANSWER = "no answer"
    """One listens but did not confirm in time (busy or hung)."""


def hand_over(name: str, paths: Sequence[str | os.PathLike[str]],
              reply_ms: int = REPLY_MS) -> HandOver:
    """Hand ``paths`` (possibly none: just come to the front) to the instance
    listening on ``name``."""
    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(CONNECT_MS):
        return HandOver.NOBODY
    try:
        socket.write(QByteArray(encode_message(paths)))
        if not socket.waitForBytesWritten(reply_ms):
            return HandOver.NO_ANSWER
        reply = b""
        while not reply.endswith(b"\n"):
            if not socket.waitForReadyRead(reply_ms):
                return HandOver.NO_ANSWER
            reply += bytes(socket.readAll().data())
        return HandOver.SENT if reply == ACK else HandOver.NO_ANSWER
    finally:
        socket.abort()


def send_to_running(name: str, paths: Sequence[str | os.PathLike[str]],
                    reply_ms: int = REPLY_MS) -> bool:
    """True once a running instance confirmed it got ``paths``; False when none
    runs or it did not answer in time (then this launch should start normally)."""
    return hand_over(name, paths, reply_ms) is HandOver.SENT


class InstanceServer(QObject):
    """Listens for later launches; emits ``files_received`` with their paths (an
    empty list: a launch without files, which only wants the window in front)."""

    files_received = Signal(list)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.server = QLocalServer(self)
        # No socket options: with them Qt (on Unix) renames its socket over an existing
        # one, taking a live instance's name. The plain socket is not writable, so
        # not connectable, by other users (umask), and the name is probed first.
        self.server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        """Start listening. A name left behind by a crashed instance is reclaimed;
        one a live instance answers on is not (False)."""
        if instance_running(self.name):
            return False
        if self.server.listen(self.name):
            return True
        if instance_running(self.name):  # another launch won the race
            return False
        QLocalServer.removeServer(self.name)
        return bool(self.server.listen(self.name))

    def close(self) -> None:
        self.server.close()
        for socket in list(self._buffers):
            self._forget(socket)

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            if socket is None:
                break
            socket.setParent(self)
            self._buffers[socket] = b""
            socket.readyRead.connect(self._on_ready_read)
            socket.disconnected.connect(self._on_disconnected)
            if socket.bytesAvailable():
                self._read(socket)

    def _on_ready_read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read(socket)

    def _on_disconnected(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._forget(socket)

    def _read(self, socket: QLocalSocket) -> None:
        if socket not in self._buffers:
            return
        data = self._buffers[socket] + bytes(socket.readAll().data())
        self._buffers[socket] = data
        if b"\n" not in data:
            if len(data) > MAX_MESSAGE_BYTES:
                self._forget(socket)
            return
        paths = decode_message(data.split(b"\n", 1)[0])
        if paths is None:
            self._forget(socket)
            return
        self._buffers[socket] = b"\0"  # answered: ignore anything more it sends
        socket.write(QByteArray(ACK))
        socket.flush()
        socket.disconnectFromServer()
        self.files_received.emit(paths)

    def _forget(self, socket: QLocalSocket) -> None:
        if self._buffers.pop(socket, None) is None:
            return
        for signal in (socket.readyRead, socket.disconnected):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect()
        socket.abort()
        socket.deleteLater()
