"""Which sentences of a card's Oracle text matter to paying, and which of them nobody read.

Never silent (problem.md 6, ``notes``): a card typed by name (the spell paid for, or a source on
the board) may say things about paying that no reader of the library understands. Those
sentences must reach the answer as notes, or, with ``strict``, refuse the problem. This module
decides *payment relevance* by a classifier over Oracle sentences, in two roles:

- ``"spell"``: the card is the object being cast. Relevant: its additional and alternative
  costs, "this spell costs {N} less/more", X's restrictions, and the keywords that change its
  payment (convoke, delve, improvise, affinity, kicker, evoke, flashback, ...).
  :mod:`models.cards.spell_text` reads these.
- ``"permanent"``: the card is on the board. Relevant: its mana abilities (605.1a, read by
  :mod:`models.cards.oracle`), and static or triggered abilities that change mana or costs
  ("spells cost {1} less", "lands are every basic land type", "tapped for mana", "is every
  color", "produces"...). Those belong to the board side's reader.

How a reader plugs in. Each reader says which of a card's sentences it read; the note is every
relevant sentence that no reader read::

    from tapwise.models.cards.payment_sentences import register_reader, unread_payment_sentences

    def my_reader(card) -> set[str]:       # card: models.cards.catalog.Card
        return {s for s in payment_sentences(card, "permanent") if my_template(s)}

    register_reader("permanent", my_reader)  # once, at import of the reader's module
    unread_payment_sentences(card, "permanent")         # what is left for the notes
    unread_payment_sentences(card, "permanent", read={...})  # plus sentences read elsewhere

Sentences are compared after :func:`normal` (reminder text dropped, spaces folded, no final
period), so a reader may hand back the sentence in either form. The mana reader is registered
here already (a mana ability it did not skip counts as read). The classifier is deterministic
and used by ``tools/build_card_data.py`` to store each card's relevant sentences (``payment``)
when the library does not store its whole text.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from tapwise.models.cards.words import outside_quotes, sentences as split_sentences

__all__ = ["ROLES", "normal", "card_sentences", "relevant", "payment_sentences",
           "unread_payment_sentences", "register_reader", "note_json"]

ROLES = ("spell", "permanent")
_REMINDER = re.compile(r"\s*\([^()]*\)")

# ---------------------------------------------------------------------------------------------
# The classifier

# Keywords of casting: a paragraph that starts with one changes how this card is paid for.
SPELL_KEYWORDS = ("convoke", "delve", "improvise", "affinity for", "kicker", "multikicker",
                  "evoke", "emerge", "spectacle", "surge", "prowl", "entwine", "buyback",
                  "flashback", "escape", "jump-start", "retrace", "madness", "foretell",
                  "dash", "blitz", "overload", "bestow", "mutate", "offspring", "squad",
                  "bargain", "casualty", "replicate", "strive", "freerunning",
                  "sneak", "disturb", "miracle", "warp", "prototype",
                  "morph", "megamorph", "disguise", "cleave", "awaken", "fuse", "assist",
                  "undaunted",
                  "spree", "harmonize", "mayhem", "impending", "web-slinging", "retrace")
"""Unearth, embalm, encore, plot, suspend, splice and craft are abilities of the card in another
zone (or of another spell), not a way to pay for casting it: not in this list."""
_SPELL_PATTERNS = (
    r"\bas an additional cost to cast\b",
    r"\brather than pay(?:ing)? (?:this spell's|its|the) mana cost\b",
    r"\bcast this spell without paying\b|\bwithout paying this spell's mana cost\b",
    r"\b(?:this spell|it) costs? .*\b(?:less|more) to cast\b",
    r"\bcosts? \{[^}]+\}(?:\{[^}]+\})* (?:less|more) to cast\b.*\b(?:this spell|for each)\b",
    r"\bspend only .*\bmana on x\b",
    r"\bx can't be\b",
    r"\bcast this spell as though it had flash if you pay\b",
    r"\bmana cost\b.*\bthis spell\b",
)
_PERMANENT_PATTERNS = (
    r"^[^\"]*?: .*\badds?\b.*(?:\{|\bmana\b)",  # an activated mana ability (605.1a)
    r"\bfor mana\b",  # its triggered mana abilities and what tapping for mana makes (605.1b)
    r"\b(?:spells?|abilities) .*\bcosts? .*\b(?:less|more)\b",
    r"\bcosts? \{[^}]+\}(?:\{[^}]+\})* (?:less|more)\b",
    r"\bcost(?:s)? (?:an additional|up to)\b",
    r"\bas an additional cost to (?:cast|activate)\b.*\b(?:spells?|abilities)\b",
    r"\blands? (?:you control |your opponents control |on the battlefield )?(?:are|is) "
    r"(?:every|an?|\w+s?\b.*\bin addition\b)",
    r"\bare every basic land type\b",
    r"\blands? (?:[\w ]+ )?(?:are|is) (?:an? )?(?:plains|islands?|swamps?|mountains?|forests?|"
    r"colorless)\b",
    r"\bis every color\b|\bare every color\b|\bis (?:all|every) colors?\b",
    r"\bproduces?\b.*\bmana\b|\bmana\b.*\bproduces?\b",
    r"\bspend mana as though\b|\bas though it were mana of any\b|\bmana of any type can be spent\b",
    r"\bmana (?:is|are) (?:produced|added)\b",
    r"\bhave (?:convoke|improvise|delve|affinity)\b",
    r"\bspells .*without paying their mana costs?\b",
    r"\bmana abilities\b",
)
_NOT_NOW = re.compile(
    r"\b(?:this way|exiled|that card|those cards|the copy|this ability costs|"
    r"can't be activated unless they're mana abilities|your opponents cast|opponents can't)\b"
    r"|^(?:when|whenever|at the beginning)\b(?!.*\bfor mana\b)", re.I)
"""Sentences that match a pattern above but change nothing in this payment: a card exiled by
another ability, an ability's own discount, the opponents' spells, a trigger other than
tapping for mana (an "enters, add {R}{R}" has happened before the payment)."""
_SPELL_RE = re.compile("|".join(_SPELL_PATTERNS), re.I)
_PERMANENT_RE = re.compile("|".join(_PERMANENT_PATTERNS), re.I)
_KEYWORD_RE = re.compile(r"^(?:" + "|".join(re.escape(k) for k in SPELL_KEYWORDS)
                         + r")(?:\b|[ —{])", re.I)


def normal(sentence: str) -> str:
    """A sentence as compared: reminder text dropped, spaces folded, no final period."""
    text = " ".join(_REMINDER.sub("", sentence).split())
    return text.rstrip(".").strip()


def card_sentences(oracle: str) -> list[str]:
    """The card's sentences in printed order: each paragraph without its reminder text, split
    into sentences (a keyword line is one sentence per keyword, "Flying, convoke")."""
    out: list[str] = []
    for paragraph in oracle.split("\n"):
        plain = normal(paragraph)
        if not plain:
            continue
        if "," in plain and not plain.endswith((".", ")")) and ":" not in plain and all(
                len(part.split()) <= 4 for part in plain.split(",")) and "{" not in plain:
            out += [p.strip() for p in plain.split(",") if p.strip()]  # "Flying, convoke"
            continue
        out += [normal(s) for s in split_sentences(plain) if normal(s)]
    return out


def relevant(sentence: str, role: str) -> bool:
    """Whether ``sentence`` (one of :func:`card_sentences`) matters to paying in ``role``."""
    text = normal(sentence)
    masked = outside_quotes(text)
    if role == "spell":
        return bool(_KEYWORD_RE.match(masked) or _SPELL_RE.search(masked))
    if role == "permanent":
        plain = re.sub(r"^[A-Z][\w' ,!?-]*?\s+—\s+", "", masked)  # an ability word
        if re.match(r"^(?:as an additional cost to cast this spell|this spell costs)", plain,
                    re.I):
            return False  # the spell's own cost: nothing once it is on the board
        granted = re.search(r"\b(?:have|has|gains?) \"[^\"]*\badd\b", text, re.I)
        return bool(_PERMANENT_RE.search(plain) or granted) and not _NOT_NOW.search(plain)
    raise ValueError(f"role must be one of {ROLES}, not {role!r}")


def relevant_any(oracle: str) -> list[str]:
    """The sentences of ``oracle`` relevant in either role (what the card data stores)."""
    return [s for s in card_sentences(oracle) if relevant(s, "spell") or relevant(s, "permanent")]


def payment_sentences(card: Any, role: str) -> list[str]:
    """The relevant sentences of a library card (:class:`models.cards.catalog.Card`) in
    ``role``: from its stored Oracle text, or from the relevant sentences the data stores."""
    stored = _stored(card)
    return [s for s in stored if relevant(s, role)]


def _stored(card: Any) -> list[str]:
    if getattr(card, "oracle", None):
        return card_sentences(card.oracle)
    return list(getattr(card, "payment", ()) or ())


# ---------------------------------------------------------------------------------------------
# Readers and what they leave


Reader = Callable[[Any], Iterable[str]]
_READERS: dict[str, list[Reader]] = {"spell": [], "permanent": []}


def register_reader(role: str, reader: Reader) -> None:
    """Add a reader: ``reader(card)`` returns the sentences of ``card`` it reads in ``role``
    (idempotent: registering the same function twice keeps one)."""
    if reader not in _READERS[role]:
        _READERS[role].append(reader)


def unread_payment_sentences(card: Any, role: str, read: Iterable[str] = ()) -> list[str]:
    """The relevant sentences of ``card`` in ``role`` that neither ``read`` nor any registered
    reader reads, in printed order: what the answer's ``notes`` name."""
    done = {normal(s) for s in read}
    for reader in _READERS[role]:
        done |= {normal(s) for s in reader(card)}
    return [s for s in payment_sentences(card, role) if normal(s) not in done]


def note_json(card_name: str, sentences: Iterable[str]) -> list[dict[str, str]]:
    """The answer's notes for one card."""
    return [{"card": card_name, "text": s} for s in sentences]


def _mana_reader(card: Any) -> set[str]:
    """The mana abilities the Oracle reader read: every relevant sentence of a mana source that
    is part of an ability it did not skip (a skipped one stays unread, and is noted)."""
    if not getattr(card, "oracle", None):
        return set()
    skipped = " ".join(normal(s.sentence) for s in card.skipped)
    read = set()
    for s in card_sentences(card.oracle):
        own = outside_quotes(s)  # an ability granted in quotes is the other objects'
        if re.search(r"\badds?\b|\bfor mana\b", own, re.I) and normal(s) not in skipped:
            read.add(s)
    return read


register_reader("permanent", _mana_reader)
