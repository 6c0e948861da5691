"""Atomic file writing and bounded reading, shared by save files and the program's own files."""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that a crash leaves the old or the new file."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file: written to
    a temporary file beside it, synced, checked whole (a full disk raises instead of leaving a
    cut-short file) and renamed over it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if os.path.getsize(tmp) != len(data):
            raise OSError(errno.ENOSPC, "the file was cut short", str(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def append_line_synced(path: str | os.PathLike, line: str, create: bool = True) -> None:
    """Append ``line`` and a newline in one write, then fsync: on disk once this returns.

    If the write fails part way, the file is cut back to its old length when
    possible, so a later reader finds at most a torn last line.  With
    ``create`` False a missing file raises ``FileNotFoundError``.
    """
    data = (line + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | (os.O_CREAT if create else 0), 0o644)
    try:
        size = os.fstat(fd).st_size
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(28, "No space left on device (short write)")
            os.fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, size)
            except OSError:
                pass
            raise
    finally:
        os.close(fd)


def read_bytes_limited(path: str | os.PathLike, limit: int) -> bytes:
    """The file's bytes; ``OverflowError`` if it holds more than ``limit`` (checked before reading it all).

    Only a regular file is read (a pipe would block, ``/dev/zero`` never end),
    and at most ``limit + 1`` bytes of it, so a growing file costs bounded
    memory and time too.
    """
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "Is a directory", str(path))
    if not stat.S_ISREG(mode):  # a pipe would block, a device never end
        raise OSError(22, "Not a regular file", str(path))
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > limit:
            raise OverflowError(f"{path} holds {size} bytes, more than {limit}")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise OverflowError(f"{path} holds more than {limit} bytes")
    return data


def remove_temporaries(path: str | os.PathLike) -> list[Path]:
    """Delete the temporary files a killed ``write_text_atomic`` of ``path`` left; return them."""
    path = Path(path)
    removed: list[Path] = []
    try:
        leftovers = list(path.parent.glob(f"{path.name}.*.tmp"))
    except OSError:
        return removed
    for tmp in leftovers:
        try:
            tmp.unlink()
            removed.append(tmp)
        except OSError:
            pass
    return removed


def _fsync_dir(directory: Path) -> None:
    # The rename itself is only durable once the directory entry is on disk (POSIX).
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
