"""A client's answer checked before it is stored or handed to a table: its JSON type, size and
shape, and then against the question's legal answers.

An answer is a short string (a card, ``yes``, ``pass``, ``pickup``, a game ...), or
``{"discard": [two cards], "game": ...}`` after the pick-up (``{"discard": ...}`` alone in a
Ramsch), or ``{"hint": true}``.  Nothing else reaches a table: the table's own signals (the
end of a match, a time-out) cannot be sent by a client.

>>> shape_error({"answer": [[[]]]}), shape_error(None) is not None, shape_error("CJ")
('answer: a string, {"discard": [two cards], "game": ...} or {"hint": true}', True, None)
>>> q = {"kind": "card", "legal": ["CJ", "HT"]}
>>> legal_answer(q, "10h"), legal_answer(q, "SA"), legal_answer(q, " cj ")
('HT', None, 'CJ')
"""

from __future__ import annotations

from typing import Any

from solver.cards import CARD_NAMES, CardParseError, parse_card, parse_card_list

MAX_TEXT = 40                   # characters of a string answer (the longest legal one is 'null ouvert')
SHAPE = 'answer: a string, {"discard": [two cards], "game": ...} or {"hint": true}'


def is_hint(answer: Any) -> bool:
    return answer == {"hint": True} and isinstance(answer.get("hint"), bool)


def shape_error(answer: Any) -> str | None:
    """What is wrong with the answer's JSON type, size or shape (None: it may be checked against
    the question)."""
    if isinstance(answer, str):
        return None if len(answer) <= MAX_TEXT else f"answer: at most {MAX_TEXT} characters"
    if not isinstance(answer, dict) or not answer:
        return SHAPE
    if is_hint(answer):
        return None
    if set(answer) - {"discard", "game"} or "discard" not in answer:
        return SHAPE
    discard, game = answer["discard"], answer.get("game", "")
    if isinstance(discard, list):
        if len(discard) != 2 or not all(isinstance(c, str) and len(c) <= 8 for c in discard):
            return "answer.discard: two cards"
    elif not isinstance(discard, str) or len(discard) > MAX_TEXT:
        return "answer.discard: two cards"
    if not isinstance(game, str) or len(game) > MAX_TEXT:
        return "answer.game: a game's name"
    return None


def legal_answer(question: dict, answer: Any) -> Any:
    """The entry of ``question["legal"]`` that ``answer`` means (a card in any spelling the
    parser takes, words in any case), or None."""
    legal = question.get("legal") or []
    if answer in legal:
        return answer
    if isinstance(answer, str):
        word = answer.strip().lower()
        for entry in legal:
            if isinstance(entry, str) and entry.lower() == word:
                return entry
        if question.get("kind") == "card":
            try:
                code = CARD_NAMES[parse_card(answer)]
            except CardParseError:
                return None
            return code if code in legal else None
        return None
    if isinstance(answer, dict) and "discard" in answer:
        try:
            cards = {CARD_NAMES[c] for c in parse_card_list(answer["discard"])}
        except CardParseError:
            return None
        game = str(answer.get("game", "")).strip().lower()
        for entry in legal:
            if isinstance(entry, dict) and set(entry.get("discard", ())) == cards and \
                    str(entry.get("game", "")).lower() == game:
                return entry
    return None


__all__ = ["MAX_TEXT", "is_hint", "legal_answer", "shape_error"]
