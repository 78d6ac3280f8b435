"""What :class:`~referee.app.wizards.common.dice_entry.DiceEntry` says of a step's dice:
what each die is for, and how the dice stand (the app's, hidden until the step is written,
or typed: every die typed, or the next one to type)."""

from __future__ import annotations

from html import escape

from referee.dice.typed_run import DieSlot, TypedRun


def purpose_html(slot: DieSlot) -> str:
    """What die ``slot`` is for, with its note, escaped."""
    note = slot.request.note
    return f"{escape(slot.request.purpose or 'the roll')}" + (
        f" <span style='color:#666'>({escape(note)})</span>" if note else ""
    )


def roll_words(count: int, seed: int) -> str:
    """What an entry whose app dice show before the step is written says before they are
    rolled: how many dice, with which seed, and that Roll shows them (the assault's)."""
    dice = "die" if count == 1 else "dice"
    return (
        f"The app rolls {count} {dice} with the step's own seed ({seed}; the journal keeps "
        f"it, match check rolls the same dice again). Roll (Return) rolls and shows "
        f"{'it' if count == 1 else 'them'}; nothing is seen before the choice between the "
        "app's dice and the table's is made, and once shown they stand."
    )


def status_text(
    run: TypedRun, typed: bool, hides_dice: bool, hidden_words: str | None = None
) -> str:
    """How the dice of ``run`` stand: typed (or the app's), and hidden until the step is
    written (``hides_dice``), or until the owner shows them (``hidden_words`` says when)."""
    count = len(run.slots)
    if not count and not hides_dice:
        return "No dice: nothing in this step is left to chance."
    if hides_dice and hidden_words is not None:
        return hidden_words
    if hides_dice:
        return (
            "The app rolls the dice when the step is written (Finish), and only then "
            "shows them, with what they did: nothing is seen before the choices are "
            "made. Listed: the dice known now; dice that depend on them (damage after "
            "hits, the follow-up of an open-ended 6) come with them."
        )
    if not typed:
        return (
            f"The app rolled {count} {'die' if count == 1 else 'dice'} with "
            "the step's own seed: these are the dice the journal will hold."
        )
    if run.complete:
        return f"Every die typed ({count})."
    nxt = next((i for i, s in enumerate(run.slots, 1) if s.value is None), None)
    return (
        f"{count} {'die' if count == 1 else 'dice'} known so far"
        + (f"; type die {nxt} next." if nxt else ".")
        + " Dice that depend on these (damage after hits, the follow-up of an "
        "open-ended roll) are added as they become known."
    )


def refused_note(text: str, sides: int) -> str:
    """Beside a die's box: ``text`` typed there is refused (no face of a d``sides``)."""
    return (
        f"<br><span style='color:#c62828'>{escape(text)} refused: a d{sides} shows "
        f"1 to {sides}</span>"
    )
