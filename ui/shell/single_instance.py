"""One SEForge per user and data folder: a second launch hands its files over.

The first instance listens on a :class:`QLocalServer` whose name comes from the
user and the data folder (so a portable copy on a stick runs beside the installed
one). On Unix the socket lives where only this user can create files (the user's
runtime folder, ``$XDG_RUNTIME_DIR``, else a ``seforge-<uid>`` folder of mode 0700 in
the temp folder, each checked for owner and mode), and a socket another user owns is
never talked to: nobody can squat the name and receive the user's files. When no
such folder can be had, each launch simply runs on its own.
A later launch connects, sends the absolute paths of its file arguments as
one JSON line, waits for ``ok`` and exits; the running instance opens them and
comes to the front. When nothing answers, the launch simply starts as usual.
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import json
import os
import stat
import tempfile
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


def server_name(data_folder: Path) -> str | None:
    """The local server's name for this user and data folder: on Unix the path of a
    socket in :func:`private_socket_folder` (None when there is none: no single
    instance), elsewhere a pipe name (short and safe)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError, ImportError):
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    try:
        folder = str(data_folder.resolve())
    except OSError:
        folder = str(data_folder.absolute())
    digest = hashlib.sha256(f"{user}\0{folder}".encode(errors="surrogateescape")
                            ).hexdigest()[:16]
    if os.name == "nt":
        return f"seforge-{digest}"
    private = private_socket_folder()
    return None if private is None else str(private / f"seforge-{digest}")


SOCKET_PATH_BYTES = 100
"""A Unix socket path longer than this does not fit ``sockaddr_un`` (108 on Linux,
104 on macOS)."""


def private_socket_folder() -> Path | None:
    """A folder where only this user can create the socket: ``$XDG_RUNTIME_DIR`` when
    it is this user's and mode 0700, else ``seforge-<uid>`` (created 0700) in the temp
    folder or ``/tmp``, checked the same way; None when neither is safe."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if os.path.isabs(runtime) and is_private_folder(Path(runtime)) and (
            len(os.fsencode(runtime)) <= SOCKET_PATH_BYTES - 30):
        return Path(runtime)
    bases = dict.fromkeys((Path(tempfile.gettempdir()), Path("/tmp")))
    return private_socket_folder_in(list(bases))


def private_socket_folder_in(bases: list[Path]) -> Path | None:
    """Our ``seforge-<uid>`` folder in the first of ``bases`` where it is (or can be
    made) private to this user, or None."""
    for base in bases:
        folder = base / f"seforge-{os.getuid()}"
        if len(os.fsencode(folder)) > SOCKET_PATH_BYTES - 30:
            continue
        with contextlib.suppress(OSError):
            os.mkdir(folder, 0o700)
        if is_private_folder(folder):
            return folder
    return None


def is_private_folder(folder: Path) -> bool:
    """True when ``folder`` is a real folder (not a link) of this user that no one
    else can write to."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    return (stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
            and not info.st_mode & 0o077)


def trusted_server(name: str) -> bool:
    """False when ``name`` is a socket path owned by another user (or not a socket):
    such a server is never sent the user's files. A name that is not a path (a
    Windows pipe) and a path that does not exist yet are trusted."""
    if os.name == "nt" or "/" not in name:
        return True
    try:
        info = os.lstat(name)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISSOCK(info.st_mode) and info.st_uid == os.getuid()


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
    """True when a live instance of this user listens on ``name``."""
    if not trusted_server(name):
        return False
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
    listening on ``name``. A server another user owns is not asked (NOBODY)."""
    if not trusted_server(name):
        return HandOver.NOBODY
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
            # the server writes its answer and hangs up at once: the answer and the
            # hang-up can arrive together, and then waitForReadyRead says False (the
            # socket is already closed) with the answer in the buffer
            if not socket.waitForReadyRead(reply_ms) and not socket.bytesAvailable():
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
        # out before the hang-up, even if the event loop does not run again soon
        socket.waitForBytesWritten(1000)
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
