"""Rendering finished result records as text: card symbols, colours, tables.

Rendering reads records that already carry their values; it never solves.
"""

from __future__ import annotations


import html
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from solver.cards import CARD_NAMES, format_card, parse_card, sort_key
from solver.games import SEATS, parse_game
from solver.play import display_order
from solver.scoring import SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, TOTAL_POINTS, WIN_POINTS

RED = {"H", "D"}


def card_text(code: str) -> Text:
    """One card with its suit symbol, red for hearts and diamonds."""
    sym = format_card(parse_card(code), "symbol")
    return Text(sym, style="red" if code[0] in RED else "")


def _ordered(codes: list[str], game: str | None) -> list[str]:
    """Card codes as a player sorts them for ``game`` (trumps first; Null: the ten between nine
    and jack), else by suit."""
    if game is None:
        return sorted(codes, key=lambda c: sort_key(parse_card(c)))
    return [CARD_NAMES[c] for c in display_order([parse_card(x) for x in codes], parse_game(game))]


def cards_text(codes: list[str], game: str | None = None) -> Text:
    """Cards with symbols, sorted as a player sorts them for ``game`` (trumps first)."""
    t = Text()
    ordered = _ordered(codes, game)
    for i, c in enumerate(ordered):
        if i:
            t.append(" ")
        t.append_text(card_text(c))
    return t


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "wins" if v else "loses"
    return str(v)


def solved_table(rec: dict[str, Any], console: Console) -> None:
    """Print one solved record: the position, its value, every legal card with its value."""
    who = f", declarer {rec['declarer']}" if rec.get("declarer") else ""
    title = f"{rec.get('id', '')} {rec['game']}{' hand' if rec.get('hand') else ''}{who}"
    t = Table(title=title.strip(), show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    for seat in "FMR":
        hand = rec["hands"][seat] if isinstance(rec["hands"], dict) else rec["hands"]["FMR".index(seat)]
        label = seat + (" (declarer)" if rec.get("declarer") == seat else "")
        t.add_row(label, cards_text([c.upper() for c in hand] if isinstance(hand, list) else hand.split(),
                                    rec["game"]))
    t.add_row("skat", cards_text(list(rec.get("skat", []))))
    if rec.get("played"):
        t.add_row("played", Text(" ").join(card_text(c) for c in rec["played"]))
    console.print(t)
    if "dd_ramsch" in rec:
        line = ("double-dummy, each against the other two: the fewest card points "
                + ", ".join(f"{s} {v}" for s, v in rec["dd_ramsch"].items()))
    elif "dd_points" in rec:
        won = ("enough, but the game is worth only " f"{rec['dd_game_value']} against the bid of {rec['bid']}: "
               "overbid, lost") if rec.get("dd_overbid") else "wins" if rec["dd_declarer_wins"] else "loses"
        line = (f"double-dummy: declarer {rec['dd_points']} card points, {won}"
                f"{', takes every trick' if rec.get('dd_all_tricks') else ''}"
                + (f", Spitze {'kept' if rec['dd_spitze'] else 'lost'}" if "dd_spitze" in rec else ""))
    else:
        line = f"double-dummy: Null {'won' if rec['dd_declarer_wins'] else 'lost'} by the declarer"
    if "dd_score" in rec:
        line += f" ({rec['dd_score']:+d} at the bid of {rec['bid']})"
    if rec.get("played"):
        line += (" (solved from the deal's start: the game is finished)" if rec.get("dd_from") == "start"
                 else f" (solved from the position after {len(rec['played'])} cards)")
    console.print(line)
    best = rec.get("dd_best")
    if best:
        bt = Table(show_header=True, box=None)
        bt.add_column("card")
        bt.add_column("value after it", justify="right")
        top = next(iter(best.values()))
        for card, v in best.items():
            bt.add_row(card_text(card), Text(_val(v), style="bold green" if v == top else ""))
        console.print(bt)
    console.print()


def offiziers_table(rec: dict[str, Any], console: Console) -> None:
    """An Offiziersskat record solved (or reviewed): the piles (upper card over lower), the
    double-dummy value, every playable card's value, or the review's rows."""
    console.rule(f"{rec.get('id', '')} Offiziersskat, {rec['game']}, declarer F".strip())
    for side in "FR":
        piles = rec["piles"][side]
        console.print(Text(f"{side} up:   ", style="bold") + cards_text([u for _, u in piles], rec["game"]))
        console.print(Text(f"{side} down: ", style="bold") + cards_text([d for d, _ in piles], rec["game"]))
    if rec.get("played"):
        console.print(Text("played: ", style="bold") + Text(" ").join(card_text(c) for c in rec["played"]))
    if "dd_points" in rec:
        console.print(f"double-dummy (every face-down card known): F {rec['dd_points']} card points, "
                      f"{'wins' if rec['dd_declarer_wins'] else 'loses'} (from the {rec['dd_from']})")
    if rec.get("dd_best"):
        bt = Table(show_header=True, box=None)
        bt.add_column("card")
        bt.add_column("F's points after it", justify="right")
        for card, v in rec["dd_best"].items():
            bt.add_row(card_text(card), str(v))
        console.print(bt)
    if "analysis" in rec:
        t = Table(box=None, show_header=True)
        for col in ("trick", "seat", "card", "before", "after", "best", "cost", ""):
            t.add_column(col, justify="right" if col in ("before", "after", "cost") else "left")
        for r in rec["analysis"]:
            t.add_row(str(r["trick"]), r["seat"], card_text(r["card"]), str(r["value_before"]), str(r["value_after"]),
                      Text(" ").join(card_text(x) for x in r["best"]),
                      Text(str(r["cost"]) if r["cost"] else "", style="red" if r["cost"] else ""),
                      Text(r["outcome_changed"] or "", style="bold red"))
        console.print(t)
        sm = rec["summary"]
        console.print(f"start value (double-dummy): F {sm['start_value']} card points"
                      + (f"; actual {sm['declarer_points']}: {sm['reason']}" if "reason" in sm else ""))
        console.print("mistakes: " + ", ".join(f"{s} {m['mistakes']} (cost {m['cost']})"
                                               for s, m in sm["mistakes"].items()))
    console.print()


# ------------------------------------------------------------------ deal review

def _v(v) -> str:
    if isinstance(v, bool):
        return "win" if v else "loss"
    return str(v)


def summary_lines(sm: dict) -> list[str]:
    """The lines under a review that the terminal and the HTML report both give: each seat's
    information cost, luck and skill, the declaration by the played-out advice, the most
    expensive double-dummy mistake and the double-dummy declaration check."""
    out = []
    if "info" in sm:
        out.append("by what each player knew: " + ", ".join(
            f"{s} " + ("" if m.get("accuracy") is None else f"accuracy {m['accuracy']:.0f}, ")
            + f"cost {m['cost']:.1f} ({m['inaccuracy']} inaccuracies, {m['mistake']} mistakes, "
            f"{m['blunder']} blunders" + (f"; {m['unsettled']} of them not settled" if m.get("unsettled") else "")
            + ")" for s, m in sm["info"].items()))
    out += luck_lines(sm)
    w = sm.get("worst_mistake")
    if w:
        out.append(f"most expensive (double-dummy): trick {w['trick']}, {w['seat']} played {w['card']} "
                   f"(best {' '.join(w['best'])}), cost {w['cost']}")
    alts = sm.get("declaration")
    if alts:
        actual = next(a for a in alts if a["actual"])
        top = alts[0]
        if top["score"] > actual["score"]:
            out.append(f"declaration: {top['declaration']} discarding {' '.join(top['discard'])} would have "
                       f"scored {top['score']:+d} double-dummy (the actual one {actual['score']:+d})")
        else:
            out.append(f"declaration: the actual one was best double-dummy ({actual['score']:+d})")
    return out


def luck_lines(sm: dict) -> list[str]:
    """The luck / skill line and the declaration check of a review's summary, as text."""
    out = []
    lk = sm.get("luck")
    if lk:
        by = {"advice": "the played-out advice for his hand, game and auction",
              "advice without an auction": "the played-out advice for his hand and game",
              "first card": "what he knew at his first card"}.get(lk.get("chance_from", "first card"), "what he knew")
        out.append(f"luck and skill: the declarer's chance by {by} {100 * lk['declarer_chance']:.0f}%, "
                   f"the cards as they lay {'won' if lk['dd_declarer_wins'] else 'lost'} double-dummy, the game "
                   f"{'won' if lk['won'] else 'lost' if lk['won'] is not None else 'unfinished'}; luck "
                   + ", ".join(f"{s} {v:+.2f}" for s, v in lk["luck"].items())
                   + "; skill (information cost) " + ", ".join(f"{s} {v:.1f}" for s, v in lk["skill"].items()))
        if lk.get("chance_evidence"):
            out.append(f"the declarer's chance rests on: {lk['chance_evidence']['text']}")
    da = sm.get("declaration_advice")
    if da:
        if da["right"]:
            out.append(f"declaration by the played-out advice: {da['actual']} at {da['bid']} was right "
                       f"(expected {da['actual_expected_score']:+.1f})")
        else:
            actual = "" if da["actual_expected_score"] is None else f" (expected {da['actual_expected_score']:+.1f})"
            discard = f" discarding {' '.join(da['advised_discard'])}" if da["advised_discard"] else ""
            out.append(f"declaration by the played-out advice: {da['advised']}{discard} expected "
                       f"{da['advised_expected_score']:+.1f} at {da['bid']}, the actual {da['actual']}{actual}")
    return out


#: The information review's mark colours in the terminal (the mark itself: :func:`solver.analysis.mark_text`).
INFO_STYLES = {"inaccuracy": "yellow", "mistake": "red", "blunder": "bold red"}


def info_cost_text(i: dict) -> str:
    """A judged card's cost by what its player knew, with its 95% interval beside a marked card
    whose worlds were a sample ("8.5 (2.0-15.0)"); nothing for a card that gave up nothing."""
    if not i.get("cost"):
        return ""
    ci = i.get("cost_ci")
    if i.get("mark") and ci and ci[0] != ci[1]:
        return f"{i['cost']:.1f} ({ci[0]:.1f}-{ci[1]:.1f})"
    return f"{i['cost']:.1f}"


def review_table(rv, console: Console) -> None:
    """A review in the terminal: the deal, one row per card, mistakes in red, the summary."""
    rec = rv.deal.to_record()
    sm = rv.summary()
    ramsch = rv.deal.declaration.is_ramsch
    title = f"{rec.get('id', '')} {_review_title(rv)}".strip()
    console.rule(title)
    for seat in "FMR":
        console.print(Text(f"{seat}{' (declarer)' if rec.get('declarer') == seat else ''}: ", style="bold")
                      + cards_text(rec["hands"][seat], rec["game"]))
    console.print(Text("skat: ", style="bold") + cards_text(rec["skat"]))
    t = Table(box=None, show_header=True)
    judged = any(c.info is not None for c in rv.cards)
    cols = ("trick", "seat", "card", "before", "after", "best", "dd cost") + (("info", "info cost") if judged else ()) \
        + ("",)
    for col in cols:
        t.add_column(col, justify="right" if col in ("before", "after", "dd cost", "info cost") else "left")
    last_trick = None
    for c in rv.cards:
        d = c.to_dict()
        style = "red" if c.cost else ""
        cells = [str(c.trick) if c.trick != last_trick else "", d["seat"], card_text(d["card"]),
                 _v(d["value_before"]), _v(d["value_after"]),
                 Text(" ").join(card_text(x) for x in d["best"]),
                 Text(str(c.cost) if c.cost else "", style=style)]
        if judged:
            i = c.info or {}
            style = INFO_STYLES.get(i.get("class") or "", "") if i.get("mark") else ""
            cells += [Text(i.get("mark") or "", style=style), Text(info_cost_text(i), style=style)]
        cells.append(Text(d["outcome_changed"] or "", style="bold red" if d["outcome_changed"] else ""))
        t.add_row(*cells)
        last_trick = c.trick
    console.print(t)
    if judged:
        console.print("info: each card by what each player knew (the worlds he could not tell apart, solved "
                      "and settled), its cost with a 95% interval where the worlds were a sample (a sample's "
                      "estimates read against how played cards' costs spread); a mark with ? "
                      "beside it: the worlds did not settle it; dd cost: with every card seen")
    if ramsch:
        console.print("values: the fewest card points the player to move can end with, the other two "
                      "playing against him (double-dummy)")
        console.print("start values: " + ", ".join(f"{s} {v}" for s, v in sm["start_value"].items()))
        console.print("actual: card points " + ", ".join(f"{s} {v}" for s, v in sm["points"].items())
                      + ("; scores " + ", ".join(f"{s} {v:+d}" for s, v in sm["scores"].items())
                         if "scores" in sm else " (not finished)"))
    unit = "" if rv.is_null else " points"
    if not ramsch:
        console.print(f"start value (double-dummy): {_v(sm['start_value'])}{unit}"
                      + (f"; Spitze {'can' if sm['spitze_possible'] else 'cannot'} be kept"
                         if "spitze_possible" in sm else ""))
    if ramsch:
        pass                                    # (the actual points and scores are above)
    elif "score" in sm:
        console.print(f"actual: {sm['declarer_points']} card points, {sm['reason']}, score {sm['score']:+d}")
    else:
        console.print(f"actual so far: {sm['declarer_points']} card points (game not finished)")
    console.print("mistakes (double-dummy): " + ", ".join(f"{s} {m['mistakes']} (cost {m['cost']})"
                                                          for s, m in sm["mistakes"].items()))
    for line in summary_lines(sm):
        console.print(line)
    for line in variation_lines(rv):
        console.print(line)
    console.print()


def variation_lines(rv) -> list[str]:
    """The review's variations (other cards tried, the record's ``"variations"``) as text, the
    same in the terminal and the HTML report: where each leaves the played line, its cards with
    the double-dummy value after each, and the value it ends at against the played card's."""
    out = []
    for v in rv.variations or []:
        at = v["at"]
        instead = f" instead of {rv.cards[at].to_dict()['card']}" if at < len(rv.cards) else " after the last card"
        played = rv.cards[at].value_after if at < len(rv.cards) else None
        cards = " ".join(f"{c} ({_v(x)})" for c, x in zip(v["cards"], v["values"]))
        tail = f"; the played card's value {_v(played)}" if played is not None else ""
        out.append(f"variation {v['name']!r} at card {at + 1}{instead}: {cards}{tail}")
    return out


def position_table(rec: dict[str, Any], console: Console, title: str = "") -> None:
    """A position's cards in the terminal (:meth:`solver.analysis.PositionValues.to_record`): each
    legal card's double-dummy value and, by what the mover knew, the declarer's win chance and
    expected card points with their 95% intervals and the mover's expected score; the best card
    by each; the best line from there."""
    who = rec["to_move"] + (" (declarer)" if rec.get("declarer") == rec["to_move"] else "")
    console.rule(f"{title} position before card {rec['at'] + 1}: {who} to play".strip())
    t = Table(box=None, show_header=True)
    info = rec["worlds"] > 0
    cols = ("card", "dd") + (("win", "95%", "points", "95%", "exp. score") if info else ()) + ("",)
    for col in cols:
        t.add_column(col, justify="left" if col in ("card", "") else "right")
    for c in rec["cards"]:
        i = c.get("info") or {}
        best = [w for w, key in (("best dd", "best_dd"), ("best by what he knew", "best_info"))
                if c["card"] in rec[key]]
        cells: list[Any] = [card_text(c["card"]), _v(c["dd"])]
        if info:
            cells += ["-" if i.get("p_win") is None else f"{100 * i['p_win']:.0f}%",
                      "" if not i.get("p_win_ci") else f"{100 * i['p_win_ci'][0]:.0f}-{100 * i['p_win_ci'][1]:.0f}%",
                      "-" if i.get("points") is None else f"{i['points']:.1f}",
                      "" if not i.get("points_ci") else f"{i['points_ci'][0]:.1f}-{i['points_ci'][1]:.1f}",
                      f"{i['expected_score']:+.1f}"]
        cells.append(", ".join(best))
        t.add_row(*cells)
    console.print(t)
    console.print(f"position value (double-dummy): {_v(rec['value'])}")
    if info:
        every = " (every one there is)" if rec["exact"] else ""
        console.print(f"by what {rec['to_move']} knew: {rec['worlds']} worlds{every}, the same for every card; "
                      "win: the declarer's chance, points: his expected card points")
    if rec["line"]:
        console.print(Text("best line (every card open): ") + Text(" ").join(card_text(x) for x in rec["line"]))
    console.print()


def _review_title(rv) -> str:
    if rv.deal.declaration.is_ramsch:
        return "ramsch" + (f" (skat passed on {rv.deal.pushes}x)" if rv.deal.pushes else "")
    return f"{rv.deal.declaration.name}, declarer {SEATS[rv.deal.declarer]}"


def _html_cards(codes: list[str], game: str | None = None) -> str:
    """Cards as symbols, sorted as a player sorts them for ``game`` (Null: no trumps, ten between
    nine and jack), else by suit."""
    ordered = _ordered(codes, game)
    out = []
    for c in ordered:
        sym = format_card(parse_card(c), "symbol")
        cls = "red" if c[0] in RED else "black"
        out.append(f'<span class="card {cls}">{sym}</span>')
    return " ".join(out)


def _chart(rv) -> str:
    """Inline SVG: the double-dummy value after every card, mistakes marked."""
    if rv.deal.declaration.is_ramsch:
        return ""                   # each card's value is its own player's: no one line to draw
    w, h, pad = 640, 220, 30
    vals = [1 if v is True else 0 if v is False else v for v in [rv.start_value] + [c.value_after for c in rv.cards]]
    top = 1 if rv.is_null else TOTAL_POINTS
    n = max(1, len(vals) - 1)

    def xy(i, v):
        return pad + i * (w - 2 * pad) / n, h - pad - v * (h - 2 * pad) / top
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, v) for i, v in enumerate(vals)))
    parts = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}" role="img" aria-label="double-dummy value after every card">',
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#fafafa"/>']
    if not rv.is_null:
        for level in (WIN_POINTS, SCHNEIDER_POINTS, SCHNEIDER_ESCAPE):
            label = str(level)
            _, y = xy(0, level)
            parts.append(f'<line x1="{pad}" x2="{w - pad}" y1="{y:.1f}" y2="{y:.1f}" stroke="#bbb" '
                         f'stroke-dasharray="4 3"/><text x="4" y="{y + 4:.1f}" font-size="10">{label}</text>')
    parts.append(f'<polyline fill="none" stroke="#1f5fbf" stroke-width="2" points="{pts}"/>')
    for i, c in enumerate(rv.cards, start=1):
        if c.cost:
            x, y = xy(i, vals[i])
            parts.append(f'<circle class="mistake" cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#d22">'
                         f'<title>{c.to_dict()["seat"]} {c.to_dict()["card"]}: cost {c.cost}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def review_html(reviews) -> str:
    """A self-contained HTML page (no network, no external assets) for one or more reviews; a
    deal passed in (``{"id", "passed": True}``) is listed as such."""
    css = ("body{font-family:sans-serif;margin:2em;max-width:60em}.card{font-weight:bold;padding:0 .15em}"
           ".red{color:#c00}.black{color:#111}table.tricks{border-collapse:collapse}"
           "table.tricks td,table.tricks th{border-bottom:1px solid #ddd;padding:.2em .6em;text-align:right}"
           "tr.mistake td{background:#fde8e8}.deal td{padding:.1em .8em}"
           ".inaccuracy{color:#a60}.mistake-mark{color:#c00}.blunder{color:#c00;font-weight:bold}"
           "svg.chart{max-width:100%;height:auto}"
           # a phone: each card's row a block of "column value" pairs, no column cut off at the right
           "@media (max-width:520px){body{margin:.6em}table.tricks,table.tricks tbody{display:block}"
           "table.tricks tr.head{display:none}table.tricks tr{display:grid;"
           "grid-template-columns:repeat(auto-fill,minmax(9.5em,1fr));gap:0 1em;padding:.3em 0;"
           "border-bottom:1px solid #ddd}table.tricks td{display:flex;justify-content:space-between;gap:.4em;"
           "border:0;padding:0;min-width:0;overflow-wrap:break-word}table.tricks td::before{content:attr(data-label);"
           "color:#666;white-space:nowrap}table.tricks td:first-child{grid-column:1/-1;justify-content:flex-start;"
           "font-weight:bold}table.tricks td:first-child::before{content:attr(data-label) ': ';font-weight:normal}"
           ".deal td{padding:0 .3em;overflow-wrap:anywhere}}")
    body = []
    for rv in reviews:
        if isinstance(rv, dict):                       # passed in: nothing was played
            body.append(f"<section class='review'><h2>{html.escape(str(rv.get('id', '')))}</h2>"
                        "<p>passed in: everybody passed, no game was played.</p></section>")
            continue
        rec = rv.deal.to_record()
        sm = rv.summary()
        game = rec.get("game")
        body.append(f"<section class='review'><h2>{html.escape(str(rec.get('id', '')))} "
                    f"{html.escape(_review_title(rv))}</h2>")
        body.append("<table class='deal'>" + "".join(
            f"<tr><th>{s}{' (declarer)' if rec.get('declarer') == s else ''}</th>"
            f"<td>{_html_cards(rec['hands'][s], game)}</td></tr>"
            for s in "FMR") + f"<tr><th>skat</th><td>{_html_cards(rec['skat'], game)}</td></tr></table>")
        if not rv.cards:
            body.append("<p>no card was played: the game ended before the first trick (conceded or "
                        "resigned).</p>")
        else:
            body.append(_chart(rv))
            judged = any(c.info is not None for c in rv.cards)
            columns = ["trick", "seat", "card", "before", "after", "best", "dd cost",
                       *(["info", "info cost"] if judged else []), "outcome"]
            rows = ["<tr class='head'>" + "".join(f"<th>{c}</th>" for c in columns) + "</tr>"]
            for c in rv.cards:
                d = c.to_dict()
                info: list[tuple[str, str]] = []
                if judged:
                    i = c.info or {}
                    cls = (i.get("class") or "") if i.get("mark") else ""
                    css_cls = "mistake-mark" if cls == "mistake" else cls
                    info = [(css_cls, html.escape(i.get("mark") or "")), (css_cls, html.escape(info_cost_text(i)))]
                values = [("", str(c.trick)), ("", d["seat"]), ("", _html_cards([d["card"]])),
                          ("", _v(d["value_before"])), ("", _v(d["value_after"])), ("", _html_cards(d["best"], game)),
                          ("", str(c.cost or "")), *info, ("", html.escape(d["outcome_changed"] or ""))]
                # each cell names its column (the narrow layout)
                cells = "".join(f"<td data-label='{name}'" + (f" class='{cls}'" if cls else "") + f">{v}</td>"
                                for name, (cls, v) in zip(columns, values))
                rows.append(f"<tr class='{'mistake' if c.cost else 'ok'}'>{cells}</tr>")
            body.append("<table class='tricks'>" + "".join(rows) + "</table>")
        if rv.deal.declaration.is_ramsch:
            summary = ("<p>values: the fewest card points the player to move can end with, the other two "
                       "against him; start " + ", ".join(f"{s} {v}" for s, v in sm["start_value"].items())
                       + "; actual " + ", ".join(f"{s} {v}" for s, v in sm["points"].items())
                       + ("; scores " + ", ".join(f"{s} {v:+d}" for s, v in sm["scores"].items())
                          if "scores" in sm else "") + "</p>")
        else:
            summary = (f"<p>start value {_v(sm['start_value'])}; actual {sm['declarer_points']} card points"
                       + (f", score {sm['score']:+d} ({html.escape(sm['reason'])})" if "score" in sm else "") + "</p>")
        body.append(summary + "<p>mistakes (double-dummy): " + ", ".join(
            f"{s}: {m['mistakes']} (cost {m['cost']})" for s, m in sm["mistakes"].items()) + "</p>")
        body.extend(f"<p>{html.escape(line)}</p>" for line in summary_lines(sm))
        tried = variation_lines(rv)
        if tried:
            body.append("<h3>variations</h3><ul class='variations'>"
                        + "".join(f"<li>{html.escape(line)}</li>" for line in tried) + "</ul>")
        body.append("</section>")
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'><title>skat analyse</title>"
            f"<style>{css}</style></head><body><h1>Review</h1>{''.join(body)}</body></html>")
