"""Write stage: finished files move into place only when all of them are ready."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"


@dataclass
class Output:
    path: str  # relative to the out folder, with forward slashes
    data: bytes
    entry: dict[str, Any] = field(default_factory=dict)  # what the manifest says besides path and checksum


def manifest_entry(output: Output) -> dict[str, Any]:
    return {"path": output.path, **output.entry, "sha256": hashlib.sha256(output.data).hexdigest()}


def write_outputs(out_dir: Path, outputs: list[Output], manifest: bool = True) -> None:
    """Stage every file beside `out_dir`, then move each into place; the manifest (if any) goes last."""
    out_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".deckpress-", dir=out_dir.resolve().parent))
    try:
        staged = []
        for output in outputs:
            target = staging / output.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(output.data)
            staged.append((target, out_dir / output.path))
        if manifest:
            merged = _merged_manifest(out_dir, outputs)
            (staging / MANIFEST).write_text(json.dumps(merged, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            staged.append((staging / MANIFEST, out_dir / MANIFEST))
        for source, target in staged:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _merged_manifest(out_dir: Path, outputs: list[Output]) -> dict[str, Any]:
    """This build's entries plus earlier ones for other outputs that are still on disk."""
    entries = {e["path"]: e for e in _read_manifest(out_dir) if (out_dir / e["path"]).is_file()}
    entries.update({o.path: manifest_entry(o) for o in outputs})
    return {"outputs": [entries[p] for p in sorted(entries)]}


def _read_manifest(out_dir: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        return [e for e in data.get("outputs", []) if isinstance(e, dict) and isinstance(e.get("path"), str)]
    except (OSError, ValueError, AttributeError):
        return []
