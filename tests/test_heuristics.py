"""The discard heuristic: every discard ranked by its score, worked out by parts
(:func:`solver.heuristics._scored_discards`) as the definition (:func:`_discard_score`) scores it."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from solver.cards import iter_cards, parse_cards
from solver.games import CLUBS_GAME, GAMES, GRAND, HEARTS_GAME, NULL
from solver.heuristics import _discard_score, _ranked_discards, choose_discard, null_danger, ranked_discards
from solver.play import trump_set


def _by_definition(twelve: int, game: int) -> list[int]:
    """Every discard scored one at a time by the definition, ranked as the heuristic ranks them
    (best score, then the higher card numbers)."""
    scored = []
    for a, b in combinations(list(iter_cards(twelve)), 2):
        d = (1 << a) | (1 << b)
        s = -null_danger(twelve & ~d) if game == NULL else _discard_score(twelve, d, game, trump_set(game))
        scored.append((s, a + b, d))
    return [d for _, _, d in sorted(scored, reverse=True)]


@pytest.mark.parametrize("game", GAMES)
def test_ranking_by_parts_is_the_definitions(game: int) -> None:
    rng = random.Random(game)
    for _ in range(400):
        twelve = sum(1 << c for c in rng.sample(range(32), 12))
        assert list(_ranked_discards.__wrapped__(twelve, game)) == _by_definition(twelve, game), twelve


def test_pairs_of_one_suit_are_scored_together() -> None:
    # the ace and ten of hearts in a clubs game: discarding the ten alone is -4 (A-T kept
    # together), with its ace +10 - 12 and a void (12): the pair is not the sum of its parts
    twelve = parse_cards("CJ SJ CA CT CK CQ C9 HA HT SA S7 D7")
    ranked = ranked_discards(twelve, CLUBS_GAME)
    assert len(ranked) == 66 and len(set(ranked)) == 66
    assert ranked == _by_definition(twelve, CLUBS_GAME)
    assert choose_discard(twelve, CLUBS_GAME) == ranked[0]


def test_obvious_discards() -> None:
    # hearts: a bare ten of diamonds and a lone club seven leave two voids and bank ten points
    assert choose_discard(parse_cards("CJ SJ HJ HA HT HK H9 H8 SA ST DT C7"), HEARTS_GAME) == parse_cards("DT C7")
    # Grand: a jack costs 30, more than any side pair but two aces that leave two bare tens
    twelve = parse_cards("CJ SJ HJ DJ CA CT SA ST HA H7 D8 D9")
    jacks = parse_cards("CJ SJ HJ DJ")
    ranked = ranked_discards(twelve, GRAND)
    assert choose_discard(twelve, GRAND) == parse_cards("D8 D9")           # a void, nothing given up
    first_jack = next(i for i, d in enumerate(ranked) if d & jacks)
    assert all(not (d & jacks) for d in ranked[:first_jack]) and first_jack >= 26
    assert ranked.index(parse_cards("CA SA")) > first_jack
