"""The demo match as its first frame shows it: the map and the units of
:mod:`referee.match.demo`, read from the map file and the unit catalogue without the engine,
so that a first start paints the demo before the rules are loaded and the match file is
written (:func:`referee.app.app.run_app`). The demo's one step writes orders and moves the
clock: no unit moves, so the match file, once open, shows the same tokens on the same hexes
(``tests/app/test_app_start.py`` checks it).

The preview is kept in the cache folder (:func:`referee.paths.cache_dir`) once computed, so
that a start needs neither the unit catalogue nor the rulings register before its first
frame. A kept preview names what it was computed from: every file of the data folder and
the source of every referee module loaded to compute it, each with its modification time
and size; it is used only while all of them are unchanged (else computed and kept again).
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.board.hexgrid import parse_label
from referee.board.maps import BattleMap, find_map, load_map
from referee.match.demo import DEMO_MAP, DEMO_UNITS
from referee.rules.state import UnitState

Preview = tuple[BattleMap, list[UnitState]]
Stamps = dict[str, tuple[int, int]]
_VERSION = 1


def demo_preview() -> Preview:
    """The demo's battlefield (the terrain of the edition its file names) and its units as
    set up (card, side, hex, facing, speed): the kept preview when nothing it was computed
    from has changed, else computed (and kept)."""
    kept = kept_preview()
    if kept is not None:
        return kept
    preview = computed_preview()
    keep_preview(preview)
    return preview


def computed_preview() -> Preview:
    """The demo's map and units read from the map file and the unit catalogue."""
    from referee.units.catalogue import find_unit

    battle_map = load_map(find_map(DEMO_MAP))
    units = [
        UnitState(
            uid=spec["uid"],
            unit=find_unit(spec["unit"]),
            side=spec["side"],
            hex=parse_label(spec["hex"]),
            facing=spec["facing"],
            speed=spec["speed"],
        )
        for spec in DEMO_UNITS
    ]
    return battle_map, units


def preview_file() -> Path:
    """Where the preview is kept: one file per data folder (worktrees, installs)."""
    from referee.paths import cache_dir, data_dir

    data = str(data_dir()).strip(os.sep).replace(os.sep, "__")
    return cache_dir() / f"demo-preview-v{_VERSION}" / f"{data}.pickle"


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _data_stamps() -> Stamps:
    """Every file of the data folder, with its stamp."""
    from referee.paths import data_dir

    stamps: Stamps = {}
    for folder, dirs, files in os.walk(data_dir()):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            stamp = _stamp(path)
            if stamp is not None:
                stamps[path] = stamp
    return stamps


def _code_stamps() -> Stamps:
    """The source file of every referee module loaded now, with its stamp."""
    stamps: Stamps = {}
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if (name == "referee" or name.startswith("referee.")) and where:
            stamp = _stamp(where)
            if stamp is not None:
                stamps[where] = stamp
    return stamps


def _unchanged(stamps: Stamps) -> bool:
    return all(_stamp(path) == stamp for path, stamp in stamps.items())


def _proxy(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


def keep_preview(preview: Preview) -> None:
    """Keep ``preview`` with the stamps of what it was computed from (quietly not, when the
    cache folder cannot be written)."""
    import copyreg
    import io

    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = copyreg.dispatch_table.copy()
    pickler.dispatch_table[MappingProxyType] = lambda m: (_proxy, (dict(m),))
    try:
        pickler.dump((_VERSION, _data_stamps(), _code_stamps(), preview))
        file = preview_file()
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        tmp.write_bytes(buffer.getvalue())
        tmp.replace(file)
    except (OSError, pickle.PicklingError, TypeError):
        pass


def kept_preview() -> Preview | None:
    """The kept preview, or None when there is none or anything it was computed from
    changed (a data file added, removed or edited; a module's source edited)."""
    try:
        raw = preview_file().read_bytes()
        version, data, code, preview = pickle.loads(raw)
    except Exception:  # a file cut short, of another version: computed again
        return None
    if version != _VERSION or data != _data_stamps() or not _unchanged(code):
        return None
    return preview  # type: ignore[no-any-return]
