"""The one rule for the key letters the app gives its buttons itself (Alt and the letter): a
message box's buttons (:mod:`.message_box`) and a wizard's own Next, Finish, Back and Cancel
(:mod:`referee.app.docks.wizard_keys`). A text's letter is the character after a single
``&`` (``&&`` is a written ampersand). :func:`lettered`: a letter a text has already is kept
while nothing before it took it; each other text takes the first letter of one of its words
not taken, else any letter or digit of it not taken.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


def _plain(text: str) -> tuple[str, int | None]:
    """``text`` as shown (``&&`` an ampersand, its letter's ``&`` gone) and the index in it
    of its letter (None: none)."""
    shown: list[str] = []
    letter: int | None = None
    i = 0
    while i < len(text):
        c = text[i]
        if c == "&" and i + 1 < len(text):
            if text[i + 1] == "&":
                shown.append("&")
                i += 2
                continue
            if letter is None:
                letter = len(shown)
            i += 1
            continue
        shown.append(c)
        i += 1
    return "".join(shown), letter


def _with_letter(shown: str, at: int | None) -> str:
    """``shown`` written for a button: its ampersands doubled, ``&`` before index ``at``."""
    if at is None:
        return shown.replace("&", "&&")
    return shown[:at].replace("&", "&&") + "&" + shown[at:].replace("&", "&&")


def _candidates(shown: str) -> list[int]:
    """Where a letter may go in ``shown``: the first character of each word, then every
    other letter or digit, in order."""
    firsts = [
        i for i, c in enumerate(shown) if c.isalnum() and (i == 0 or not shown[i - 1].isalnum())
    ]
    return firsts + [i for i, c in enumerate(shown) if c.isalnum() and i not in firsts]


def lettered(texts: Sequence[str], taken: Collection[str] = ()) -> list[str]:
    """``texts`` each with a letter of its own that ``taken`` (the letters other keys of
    the window hold) does not hold either (see the module docstring); a text with no
    letter or digit free is left without."""
    plain = [_plain(t) for t in texts]
    held = {t.lower() for t in taken}
    chosen: list[int | None] = []
    for shown, at in plain:  # the letters the buttons have already, the first keeps it
        key = shown[at].lower() if at is not None and at < len(shown) else None
        if key is not None and key.isalnum() and key not in held:
            held.add(key)
            chosen.append(at)
        else:
            chosen.append(None)
    for i, (shown, _) in enumerate(plain):
        if chosen[i] is not None:
            continue
        for at in _candidates(shown):
            if shown[at].lower() not in held:
                held.add(shown[at].lower())
                chosen[i] = at
                break
    return [_with_letter(shown, at) for (shown, _), at in zip(plain, chosen, strict=True)]


def letter_of(text: str) -> str | None:
    """The key letter of ``text`` (lower case), None when it has none."""
    shown, at = _plain(text)
    return shown[at].lower() if at is not None and at < len(shown) else None
