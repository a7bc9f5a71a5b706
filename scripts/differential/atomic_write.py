"""Atomic file replacement for the harness scripts: write a temporary file in the
target's directory, fsync it, rename it over the target, fsync the directory. A failed
or killed run leaves the old file (the same rule the standoff front ends follow)."""

import contextlib
import os
import tempfile


@contextlib.contextmanager
def atomic_write(path, mode="w"):
    """Yields a file object; on a clean exit its content replaces `path`, on an
    exception the temporary file is removed and `path` is untouched."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix="." + os.path.basename(path) + ".",
                               suffix=".tmp")
    umask = os.umask(0)
    os.umask(umask)
    try:
        # mkstemp makes the file private; give it the mode open() would.
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, mode) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.remove(tmp)
        raise
    dir_fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
