"""The advice's sentences: the one-line answers to "bid N?" and "which game?", the evidence
and auction notes, the hand model's quick estimate, and the JSON record of an answer.  Both the
``skat bid`` / ``skat declare`` commands and the web app say them (nothing here prints)."""

from __future__ import annotations

from .options import STOPPED
from .results import HandEvaluation
from ..bidding import auction_record
from ..handmodel.model import HandEstimate, advice_name


def pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def spoken(name: str) -> str:
    """A declaration's name as the answer says it: "hearts after the pick-up", "hearts Hand"."""
    if name.endswith(" (pick-up)"):
        return name[:-len(" (pick-up)")] + " after the pick-up"
    return name.replace(" hand", " Hand")


def short(name: str) -> str:
    """A declaration's name in the compact table: "hearts", "hearts H", "grand H sch"."""
    return (name.replace(" (pick-up)", "").replace(" hand", " H").replace(" ouvert", " ouv")
            .replace(" schneider", " sch").replace(" schwarz", " sw").replace(" spitze", " sp"))


def stopped_note(ev: HandEvaluation) -> str:
    """What stopped the sampling, and the option that would narrow the numbers."""
    why, more = STOPPED[ev.stopped]
    return f"sampling stopped after {ev.samples} worlds: {why}" + (f"; {more} narrows it" if more else "")


def _overbid_note(ev: HandEvaluation) -> str:
    """A declaration that would win but cannot be worth the bid ("null Hand wins 100% but is
    worth 35: overbid at 46")."""
    at = ev.at
    over = [r for r in ev.declarations if r.overbid_at(at) and r.p_win(18) >= 0.5]
    if not over:
        return ""
    r = max(over, key=lambda r: (r.p_win(18), r.top_value()))
    return (f"; {spoken(ev.name_of(r))} wins {pct(r.p_win(18))} but is worth {r.top_value()}: "
            f"overbid at {at}")


def verdict(ev: HandEvaluation, asked: bool = True) -> str:
    """The one-line answer to "bid N?" (or, with no bid asked, how far to bid): the declaration,
    the highest bid at which it pays, and a higher bid another declaration pays, or the pick-up
    priced as the game chosen after the skat (:class:`~.pickup.PickupOption`)."""
    a = ev.advice()
    r = ev.recommended
    d = r.to_dict(ev.at, ev.min_win)
    lo, hi = d["p_win_ci"]
    what = spoken(d["name"])
    at, up = ev.at, a["up_to"]
    chance = f"wins {pct(d['p_win'])} (95% {pct(lo)}–{pct(hi)}), expected {d['expected_score']:+.0f} at {at}"
    higher = a["higher"]
    alt = f"; up to {higher['bid']} only as {spoken(higher['declaration'])}" if higher else ""
    if a["verdict_basis"] == "pickup":
        return _pickup_verdict(a, asked, f"{what}, the best single game, {chance}{alt}", STOPPED[ev.stopped][1])
    option = (a["pickup"] or {}).get("max_bid")
    if option and option > max(up or 0, higher["bid"] if higher else 0):
        alt += f"; up to {option} {CHOOSING}"
    if a["verdict"] == "borderline":
        elo, ehi = a["expected_score_ci"]
        _, more = STOPPED[ev.stopped]
        return (f"Borderline at {at}: {what} {chance}, somewhere between {elo:+.0f} and {ehi:+.0f}: the samples "
                f"cannot tell a gain from a loss" + (f" ({more} narrows it)" if more else "") + alt)
    if a["verdict"] == "yes":
        head = (f"Yes — bid up to {up} and play {what}" if asked else f"Bid up to {up} and play {what}")
        return f"{head}: {chance}{alt}"
    if up and up < at:
        head = f"No — bid up to {up}, not {at}, and play {what}" if asked else f"Bid up to {up} and play {what}"
    else:
        return (f"{f'No — do not bid {at}' if asked else 'Pass'}: {what}, the best game, {chance}{alt}"
                f"{_overbid_note(ev)}")
    return f"{head}: {chance}{alt}{_overbid_note(ev)}"


#: The pick-up as a declarer takes it, in the answers (:class:`~.pickup.PickupOption`).
CHOOSING = "picking up and choosing the game after the skat"


def _pickup_verdict(a: dict, asked: bool, single: str, more: str | None) -> str:
    """:func:`verdict` where the pick-up priced as the game chosen after the skat turns the
    answer (``advice()``'s ``verdict_basis``: borderline or yes, where the best single
    declaration, ``single`` its clause, says less)."""
    p, at = a["pickup"], a["bid"]
    lo, hi = p["expected_score_ci"]
    if a["verdict"] == "borderline":
        return (f"Borderline at {at}: {CHOOSING} expects {p['expected_score']:+.0f}, somewhere between "
                f"{lo:+.0f} and {hi:+.0f}: the samples cannot tell a gain from a loss"
                + (f" ({more} narrows it)" if more else "") + f"; {single}")
    head = f"{'Yes — bid' if asked else 'Bid'} up to {p['max_bid']} {CHOOSING}"
    return f"{head}: expected {p['expected_score']:+.0f} (95% {lo:+.0f} … {hi:+.0f}) at {at}; {single}"


#: The least a pick-up chosen after the skat adds to its best single declaration before the
#: answer says so (points at the bid).
PICKUP_NOTE_FROM = 1.0


def pickup_line(ev: HandEvaluation) -> str:
    """What the pick-up is worth when the game is chosen after the skat is seen, where that
    adds to the best single pick-up declaration ("" otherwise, and after the pick-up): the
    line under the answer to "bid N?"."""
    o = ev.pickup_option
    if o is None:
        return ""
    d = o.to_dict(ev.at)
    if d["committed"] is None or d["expected_score"] - d["committed_expected_score"] < PICKUP_NOTE_FROM:
        return ""
    up = d["max_bid"]
    lo, hi = d["expected_score_ci"]
    return (f"{CHOOSING[0].upper()}{CHOOSING[1:]}: expected {d['expected_score']:+.0f} "
            f"(95% {lo:+.0f} … {hi:+.0f}) at {ev.at}, "
            f"against {d['committed_expected_score']:+.0f} for {spoken(d['committed'])} whatever the skat "
            f"(estimated from the worlds, fitted on the computer players' play-outs); "
            + (f"it pays up to {up}." if up else "it pays at no bid."))


def estimate_line(est: HandEstimate) -> str:
    """The hand-value model's instant answer, labelled as such (it samples no worlds)."""
    d = est.declarations[est.recommended]
    what = spoken(advice_name(est.recommended))
    head = (f"bid up to {est.safe_bid} and play {what}" if est.verdict == "bid" and est.safe_bid else
            f"bid and play {what}" if est.verdict == "bid" else f"pass ({what} is the best game)")
    sure = "the model is sure of it" if est.settled else f"not settled: {est.unsettled}"
    return (f"Quick estimate (hand-value model, at 18, no worlds sampled): {head}: wins about {pct(d.p_win)}, "
            f"expected {d.expected_score:+.0f}; {sure}. The Monte Carlo answer follows.")


def hand_verdict(ev: HandEvaluation) -> str:
    """The one answer once the auction is won: play a Hand game, or pick up the skat, by the
    declaration with the best expected score at the bid, the pick-up priced as the game chosen
    after the skat is seen (:class:`~.pickup.PickupOption`) where that beats the Hand game."""
    r = ev.recommended
    d = r.to_dict(ev.at, ev.min_win)
    lo, hi = d["p_win_ci"]
    o = ev.pickup_option
    if r.declaration.hand and o is not None and o.expected_score(ev.at) > d["expected_score"]:
        # the pick-up as a declarer takes it (the game chosen after the skat) beats the Hand game
        olo, ohi = o.expected_score_ci(ev.at)
        return (f"Pick up the skat: choosing the game after it expects {o.expected_score(ev.at):+.0f} "
                f"(95% {olo:+.0f} … {ohi:+.0f}) at {ev.at}, "
                f"more than {spoken(d['name'])}, which wins {pct(d['p_win'])} (95% {pct(lo)}–{pct(hi)}), "
                f"expected {d['expected_score']:+.0f}")
    head = f"Play {spoken(d['name'])}" if r.declaration.hand else "Pick up the skat"
    return (f"{head}: {spoken(d['name'])} wins {pct(d['p_win'])} (95% {pct(lo)}–{pct(hi)}), "
            f"expected {d['expected_score']:+.0f} at {ev.at}" + _overbid_note(ev))


def declare_verdict(ev: HandEvaluation) -> str:
    """``skat declare``'s one answer: the discard and the game, with its chance and score."""
    r = ev.recommended
    d = r.to_dict(ev.at, ev.min_win)
    lo, hi = d["p_win_ci"]
    discard = " ".join(d.get("discard") or [])
    return (f"Discard {discard} and play {d['name']}: wins {pct(d['p_win'])} (95% {pct(lo)}–{pct(hi)}), "
            f"expected {d['expected_score']:+.0f} at {ev.at}" + _overbid_note(ev))


def evidence_line(ev: HandEvaluation) -> str:
    """What the answer's played-out chance rests on, as a sentence ("" where it is double-dummy):
    the terminal's line under the answer, the web's hints."""
    e = ev.advice()["evidence"]
    return f"Evidence: {e['text']}." if e else ""


def auction_note(ev: HandEvaluation) -> str:
    """How the auction shaped the worlds, in words ("" without one): the calls, and how many of
    all the deals the unseen cards allow fit them."""
    if not ev.auction:
        return ""
    share = ev.acceptance or 0.0
    fit = f"{pct(share)} of all deals fit it" if share >= 0.005 else "fewer than 1 in 200 of all deals fit it"
    return f"worlds weighted by the auction {' '.join(auction_record(ev.auction))} ({fit})"


def answer_record(ev: HandEvaluation, question: str = "bid", asked: bool = True) -> dict:
    """What ``skat bid --json`` (``question="bid"``) or ``skat declare --json`` (``"declare"``)
    prints and the web advisor shows: the evaluation with its answer in words, ``answer`` being
    the terminal's first line, ``evidence`` the line under it and ``auction_note`` the table's."""
    d = ev.to_dict()
    d["answer"] = declare_verdict(ev) if question == "declare" else verdict(ev, asked)
    d["evidence_line"] = evidence_line(ev)
    d["pickup_line"] = pickup_line(ev) if question == "bid" else ""
    d["auction_note"] = auction_note(ev)
    return d


