""""Did you mean": the closest card names to a misspelled one, worded once for every surface.

The CLI's quick mode and the JSON loader both say it the same way, so a name misspelled in a
problem file gets the suggestions a name misspelled after ``--board`` gets.
"""

from __future__ import annotations


def did_you_mean(name: str) -> str:
    """``"; did you mean 'Forest' or 'Forests'?"`` for an unknown card name, or "" when no name
    is close (or the card library can't be read)."""
    from tapwise.models.cards import _split, _suggest

    try:
        close = _suggest(_split(name)[0])
    except (OSError, ValueError):
        return ""
    return ("; did you mean " + " or ".join(repr(s) for s in close) + "?") if close else ""
