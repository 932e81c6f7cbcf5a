"""What passing is worth: a Seeger-Fabian defender scores too.

Under Seeger-Fabian each defender scores 40 (30 at a table of four) when the declarer loses.
A seat that passes therefore expects some points: the chance that another seat declares and
loses, times 40.  A bid pays only while the game's expected score stays above that, not merely
above zero; the simple scoring gives defenders nothing, and there passing is worth 0.

The chance is measured, not assumed: over the arena's duplicate games of seeds 2026 and 3001
(``benchmarks/results/best_vs_pimc.jsonl`` and ``best_vs_pimc_54.jsonl``: 29,269 seat-games in
which the seat did not declare, ``best`` and ``pimc`` declaring), by the seat's jacks and aces
together.  ``python benchmarks/fit_defending.py`` prints the table again.  The seat (forehand,
middlehand, rearhand) moved it by less than its noise, so it is left out.

>>> from solver.cards import parse_cards
>>> defending_value(parse_cards("CJ SJ CA SA HA C7 C8 S7 S8 H7"), "seeger-fabian")
4.4
>>> defending_value(parse_cards("CJ SJ CA SA HA C7 C8 S7 S8 H7"), "simple")
0.0
"""

from __future__ import annotations

from ..cards import CA, DA, HA, JACKS, SA, popcount

#: The four aces.
ACES = (1 << CA) | (1 << SA) | (1 << HA) | (1 << DA)

#: P(another seat declares and loses | this seat does not declare), by the seat's jacks and
#: aces together: 0, 1, 2, 3, and 4 or more (``benchmarks/fit_defending.py``).
DEFENCE_WINS = (0.054, 0.053, 0.075, 0.087, 0.110)

#: A Seeger-Fabian defender's points when the declarer loses, by the number at the table.
DEFENDER_POINTS = {3: 40, 4: 30}


def high_cards(hand: int) -> int:
    """The hand's jacks and aces, counted together."""
    return popcount(hand & (JACKS | ACES))


def defending_value(hand: int, scoring: str, players: int = 3) -> float:
    """The points a seat holding ``hand`` expects when it passes (does not declare) under
    ``scoring``: a defender's Seeger-Fabian points times :data:`DEFENCE_WINS`; 0 under the
    simple scoring."""
    if scoring != "seeger-fabian":
        return 0.0
    return round(DEFENDER_POINTS[players] * DEFENCE_WINS[min(high_cards(hand), len(DEFENCE_WINS) - 1)], 2)
