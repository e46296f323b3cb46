"""Prepared boards kept between requests (issue 22), for the JSON-lines server.

An engine searching asks one board many costs, each a whole request (``{"cost": ..., "sources":
...}``). The server keeps the last few boards it was asked, prepared (:class:`solver.prepared.Board`:
read, merged and compiled once), keyed by the board's JSON text, so a request repeating a board
only loads and solves its cost. A board is prepared the second time it is asked (preparing costs
more than one ``pay``, so a stream of boards each asked once is not slowed). A prepared board answers exactly as ``pay`` does on the request
(tests/test_prepared.py and tests/test_server_boards.py compare them byte for byte), so keeping
one changes no answer: a request whose board can't be prepared, or holding a key a prepared
board's question doesn't take, is answered by ``pay`` itself, which names the mistake.

The memo is registered in models/caches.py: it is bounded (:data:`MAX_BOARDS`), counted, and
emptied with the others when the server's memos pass ``--cache-entries``.
"""

from __future__ import annotations

import json
from typing import Any

from tapwise.models import caches
from tapwise.models.problem import BOARD_KEYS, ProblemError
from tapwise.solver.pay import pay
from tapwise.solver.prepared import QUESTION_KEYS, Board

MAX_BOARDS = 8
"""Boards kept at once: a search asks one board (a turn's) many costs; each board may keep up
to ``solver.prepared.MAX_KEPT_COSTS`` compiled costs, so a few boards bound the memory."""

_SEEN = None
"""A board asked once: prepared if it comes back."""
_BAD = False
"""A board that is not valid: ``pay`` answers (and names its mistake)."""
_MISSING = object()
_BOARDS: dict[str, Board | bool | None] = caches.table(MAX_BOARDS)  # board JSON -> Board, _SEEN or _BAD
_BOARD_KEYS = frozenset(BOARD_KEYS)
_ROUTED = frozenset(QUESTION_KEYS) | _BOARD_KEYS | {"query"}
"""The keys of a pay request a prepared board answers: its board's, a question's and ``query``."""


def board_of(board: dict[str, Any], again: bool = False) -> Board | None:
    """The prepared board of ``board`` (its board keys), from the memo or prepared now; None
    when it is not valid or not JSON, so the caller asks ``pay`` (which names the field of a bad
    board). With ``again``, a board asked for the first time is only remembered (None), and
    prepared if it comes back."""
    try:
        key = json.dumps(board, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # values JSON can't carry: pay() reads them
        return None
    kept = _BOARDS.get(key, _MISSING)
    if kept is _MISSING and again:
        caches.remember(_BOARDS, key, _SEEN, MAX_BOARDS)
        return None
    if kept is _MISSING or kept is _SEEN:
        try:
            kept = Board(board)
        except ProblemError:
            kept = _BAD
        caches.remember(_BOARDS, key, kept, MAX_BOARDS)
    return None if kept is _BAD else kept


def pay_request(request: dict[str, Any]) -> dict[str, Any]:
    """``pay(request)``'s answer, from the request's board prepared once and kept."""
    if not all(k in _ROUTED for k in request):
        return pay(request)
    board = board_of({k: v for k, v in request.items() if k in _BOARD_KEYS}, again=True)
    if board is None:
        return pay(request)
    return board.pay({k: v for k, v in request.items() if k not in _BOARD_KEYS and k != "query"})
