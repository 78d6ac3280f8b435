"""Whether the system has the libraries Qt's X11 (xcb) platform needs, asked before Qt is.

Qt aborts the whole process, with a message about "no Qt platform plugin could be
initialized", when a library the xcb plugin links against is missing (libxcb-cursor0 is the
usual one on a fresh system). ``referee`` asks first: each library is loaded by its name
(``dlopen``, through :mod:`ctypes`) and those that do not load are named with the Debian
and Ubuntu package that brings them, so the message says what to install. No Qt is needed
to ask.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping

XCB_LIBRARIES: dict[str, str] = {
    # the libraries Qt 6's xcb platform plugin (libqxcb.so, libQt6XcbQpa.so.6) needs, by
    # the name it asks for, and the Debian/Ubuntu package that has each
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libGL.so.1": "libgl1",
    "libglib-2.0.so.0": "libglib2.0-0",
}
GUI_LIBRARIES: dict[str, str] = {
    # what Qt's GUI library itself needs beyond them (an import of PySide6.QtGui names it)
    "libEGL.so.1": "libegl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
}

Loader = Callable[[str], object]


def missing_libraries(
    libraries: Mapping[str, str] | None = None, load: Loader | None = None
) -> dict[str, str]:
    """The libraries of ``libraries`` (by default :data:`XCB_LIBRARIES`) that do not load
    (``load``: :class:`ctypes.CDLL` by default, imported only when asked), with their
    packages."""
    if load is None:
        import ctypes

        load = ctypes.CDLL
    wanted = XCB_LIBRARIES if libraries is None else libraries
    missing: dict[str, str] = {}
    for name, package in wanted.items():
        try:
            load(name)
        except OSError:
            missing[name] = package
    return missing


def uses_xcb(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether Qt would draw through X11 (xcb) here: on Linux with a DISPLAY, unless another
    platform is asked for (``QT_QPA_PLATFORM``) or the session is Wayland's."""
    env = os.environ if environ is None else environ
    if (platform or sys.platform) != "linux" or not env.get("DISPLAY"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.startswith("xcb")
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def install_advice(missing: Mapping[str, str]) -> str:
    """One sentence: what is missing, and the command that installs it (a library whose
    package is not known maps to '')."""
    names = ", ".join(missing)
    packages = " ".join(dict.fromkeys(p for p in missing.values() if p))
    how = (
        f"install them with: sudo apt-get install {packages} (Debian, Ubuntu; other "
        "systems: the packages that hold these libraries)"
        if packages
        else "install the packages of your system that hold them"
    )
    return f"the window needs system libraries that are missing ({names}); {how}"


def xcb_problem() -> str | None:
    """Why Qt's X11 platform would abort here, with what to install; None if it would not
    (or if Qt draws another way)."""
    if not uses_xcb():
        return None
    missing = missing_libraries()
    return install_advice(missing) if missing else None


def import_problem(error: ImportError) -> str | None:
    """What to install when importing PySide6 failed for a missing system library (its
    message names the library), or None when the error is of another kind."""
    text = str(error)
    named = {**XCB_LIBRARIES, **GUI_LIBRARIES}
    missing = {name: package for name, package in named.items() if name in text}
    if not missing and "cannot open shared object file" in text:
        library = text.split(":", 1)[0].strip()
        missing = {library: ""}
    return install_advice(missing) if missing else None
