"""What a person types, turned into the JSON of ``problem.md``: a board in the quick-mode
grammar (``"4 Plains, Sol Ring, Hallowed Fountain"``) and a cost in mana notation or a card's
name (``"{2}{U}"``, ``"Counterspell"``). The CLI, the Python API and the prepared board read
them alike, so what works after ``--board`` works in ``tapwise.prepare``.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.problem import ProblemError

__all__ = ["read_board", "board_json", "cost_json"]


def read_board(text: str, facts: list[str] | dict[str, Any] | None = None) -> dict[str, Any]:
    """The board keys (``sources``, and ``facts``/``effects`` when its cards need them) of
    ``text`` in the board grammar (``tapwise pay --help`` shows it). ``facts`` gives the facts
    the board's cards read that the typed board can't tell (``{"commander colors": "WUG"}``).
    Raises :class:`ProblemError` (field ``board``) for an unknown card (with suggestions) or
    text that doesn't follow the grammar."""
    from tapwise.models.cards.board import read_board as parse

    try:
        return parse(text, facts).problem_keys()
    except (ValueError, KeyError) as e:  # BoardError, UnknownCardError, a bad fact
        raise ProblemError("board", str(e.args[0] if e.args else e)) from None


def board_json(board: str | dict[str, Any]) -> dict[str, Any]:
    """A board as JSON keys: text in the grammar is read, a dict is returned as given."""
    return read_board(board) if isinstance(board, str) else board


def cost_json(cost: str | dict[str, Any]) -> dict[str, Any]:
    """A cost as a question dict: mana notation gives ``{"cost": text}``, a card's name
    ``{"card": name}`` (its mana cost, ``for`` and what its payment text says,
    models/cards/spell_card.py); a dict is returned as given.
    Raises :class:`ProblemError` (field ``cost``) for text that is neither, with suggestions."""
    if not isinstance(cost, str):
        return cost
    from tapwise.models.cards.board import spell_for

    try:  # a card by name: the problem key ``card`` (its cost and payment text)
        return {"card": cost} if spell_for(cost) is not None else {"cost": cost}
    except (ValueError, KeyError) as e:  # UnknownCardError, BoardError (no mana cost)
        raise ProblemError("cost", str(e.args[0] if e.args else e)) from None
