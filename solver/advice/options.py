"""How the advice samples and what it answers: the stops and what stopped it."""


from __future__ import annotations


#: What stopped the sampling, as the advice reports it (``stopped_by``), and the option that
#: would let it go on.
STOPPED = {"precision": ("the leaders' 95% interval on P(win) reached --precision as far as more worlds narrow it "
                         "-- the rest is the play model's own uncertainty", "a smaller --precision"),
           "decided": ("the advice was clear: the leader beats the runner-up and bid or pass is settled", None),
           "pass": ("the advice was clear: no leading game pays at the bid, beyond its interval", None),
           "samples": ("--samples worlds were solved", "more --samples"),
           "asked": ("the --samples worlds asked for were solved: given --samples, sampling does not stop "
                     "early where the advice is clear, only at a --precision also given", "more --samples"),
           "budget": ("the --budget ran out (the answer depends on the machine's speed)",
                      "a larger --budget, or none")}


def stopping(precision: float, samples_asked: bool, precision_asked: bool) -> tuple[float | None, bool]:
    """How the race may stop early, as ``(precision, decide)`` for :func:`evaluate_hand` and
    :func:`evaluate_declare`: where the user asked for a number of worlds, the leaders get them
    all -- no stop because the advice is clear, and none at the default precision, only at a
    precision asked for as well; otherwise both stops as usual.

    >>> stopping(0.05, False, False), stopping(0.05, True, False), stopping(0.01, True, True)
    ((0.05, True), (None, False), (0.01, False))
    """
    if not samples_asked:
        return precision, True
    return (precision if precision_asked else None), False


