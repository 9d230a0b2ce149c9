"""A workbook's zip container, opened as untrusted: only its XML parts are read, each only as far as the bounds,
then packed afresh, uncompressed, for the workbook reader. What it reads is what was measured: a zip bomb, or a
part whose size its header understates, stops here."""

from __future__ import annotations

import io
import zipfile
import zlib

MAX_PARTS = 1000  # a workbook has a dozen or so parts; a few sheets with their relations
MAX_UNZIPPED = 64_000_000  # the XML of a sheet far past a deck's bounds (MAX_CELLS), with room for its styles
READ = (".xml", ".rels")  # the parts a sheet's cells are in; pictures and the like are left unread


class Refused(ValueError):
    """Why a workbook's container is not read, in the designer's words."""


def unpack(data: bytes) -> dict[str, bytes]:
    """The XML parts of the zip `data` (and an OpenDocument's `mimetype`), by name, in the container's order."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise Refused(f"not a workbook: the file is not a zip container ({exc})") from None
    with archive:
        infos = [i for i in archive.infolist() if i.filename.endswith(READ) or i.filename == "mimetype"]
        if len(archive.infolist()) > MAX_PARTS:
            raise Refused(f"the workbook has more than {MAX_PARTS:,} parts")
        parts, left = {}, MAX_UNZIPPED
        for info in infos:
            parts[info.filename] = _part(archive, info, left)
            left -= len(parts[info.filename])
    return parts


def _part(archive: zipfile.ZipFile, info: zipfile.ZipInfo, left: int) -> bytes:
    if info.file_size > left:
        raise Refused(f"the workbook unpacks to more than {MAX_UNZIPPED:,} bytes")
    try:
        with archive.open(info) as part:
            data = part.read(left + 1)
    except (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError, OSError, EOFError) as exc:
        raise Refused(f"the workbook's part {info.filename} cannot be read ({exc})") from None
    if len(data) > left:
        raise Refused(f"the workbook unpacks to more than {MAX_UNZIPPED:,} bytes")
    if b"<!ENTITY" in data:  # no workbook needs entities of its own; expanded, a few lines can make gigabytes
        raise Refused("the workbook's XML declares entities")
    return data


def repack(parts: dict[str, bytes]) -> bytes:
    """The parts as a fresh, uncompressed zip."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in parts.items():
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return out.getvalue()
