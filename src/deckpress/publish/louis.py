"""liblouis's `lou_translate`, run as a process the press does not trust: bounded in time and in what it may
write, its whole process group ended however it ends, and anything it says taken as a reason to skip the braille
files (a warning), never as a reason for a traceback. A translator that hangs, floods its output, writes what is
not text, fails or is killed leaves the rest of the build as it was."""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import subprocess
import tempfile

from deckpress.findings import escaped

TIMEOUT_S = 30  # a game's pages translate in well under a second
OUTPUT_FACTOR = 16  # braille is never many times longer than its print: more is a runaway translator
MEGABYTE = 1 << 20
# The translator started by a shell that first limits what it may write (`ulimit -f`, in 512-byte blocks, its
# hard limit too), then becomes it: no Python runs in the child between fork and exec. A `preexec_fn` did, which
# is unsafe beside threads and made Python copy the whole process for each start (22 ms for a 300 MB heap,
# against 1.4 ms through the shell). A hard limit already lower than ours, which the shell may not raise (but as
# root), stays; what the translator writes past the cap is refused here too, whatever limit the shell set.
LIMITED = 'ulimit -f "$1" 2>/dev/null; shift; exec "$@"'


class BrailleUnavailable(Exception):
    """The translator is missing, has no table for the language, or failed: the braille files are skipped."""


def run_translator(command: list[str], given: str) -> str:
    """What the translator writes for `given` (UTF-8 text), or BrailleUnavailable saying why not."""
    data, name = given.encode("utf-8"), os.path.basename(command[0])
    blocks = -(-(OUTPUT_FACTOR * len(data) + MEGABYTE) // 512)
    cap = blocks * 512  # what it may write, in the limit's own blocks
    if shutil.which(command[0]) is None:  # said as before the shell: it would only say its exec failed
        raise BrailleUnavailable(f"{name} could not be started: not an executable file")
    with tempfile.TemporaryFile() as into, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        into.write(data)  # read from a file, not a pipe: nothing to feed it piece by piece while it works
        into.seek(0)
        try:
            proc = subprocess.Popen(["/bin/sh", "-c", LIMITED, "sh", str(blocks), *command], stdin=into,
                                    stdout=out, stderr=err, start_new_session=True)
        except OSError as e:
            raise BrailleUnavailable(f"{name} could not be started: {e.strerror}") from None
        try:
            _wait(proc, TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise BrailleUnavailable(f"{name} gave no answer in {TIMEOUT_S} s") from None
        finally:
            _end_group(proc)
        said = _read(out, cap)
        if len(said) > cap:
            raise BrailleUnavailable(f"{name} wrote more than {cap:,} bytes for {len(data):,}: a runaway")
        return _answer(name, proc.returncode, said, _read(err, 4096))


def _wait(proc: subprocess.Popen[bytes], timeout: float) -> None:
    """Wait for the process to end, woken as it ends where the system can say so (a pidfd: Linux); Python's own
    wait with a timeout polls, sleeping up to 50 ms past the end (a tenth of a small game's text edition)."""
    try:
        end = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
        proc.wait(timeout)
        return
    try:
        ended = select.poll()  # not select(): it refuses a descriptor numbered 1024 or more (a long `watch`)
        ended.register(end, select.POLLIN)
        if not ended.poll(timeout * 1000):
            raise subprocess.TimeoutExpired(proc.args, timeout)
    finally:
        os.close(end)
    proc.wait()


def _end_group(proc: subprocess.Popen[bytes]) -> None:
    """The translator and anything it started: ended, so no child of it outlives the build."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


def _read(file: object, cap: int) -> bytes:
    assert hasattr(file, "seek") and hasattr(file, "read")
    file.seek(0)
    return bytes(file.read(cap + 1))


def _answer(name: str, status: int | None, out: bytes, err: bytes) -> str:
    said = escaped(err.decode("utf-8", "replace").strip())[:200]
    if status:
        how = f"was stopped by signal {-status}" if status < 0 else f"failed (exit {status})"
        raise BrailleUnavailable(f"{name} {how}{': ' + said if said else ''}")
    if said:
        raise BrailleUnavailable(f"{name} failed: {said}")
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise BrailleUnavailable(f"{name} wrote what is not text") from None
