// Bid advisor: pick ten cards, choose seat and bid, get the advice (double-dummy, sampled worlds).
import { DECK, cardEl, splitCards } from "./cards.js";
import { h, pct, post, runJob } from "./api.js";
import { META } from "./meta.js";

// the bids a hand usually meets (the ladder goes on to 264; the field takes the common ones)
const LADDER = META.bid_ladder.filter(b => b <= 72);

export function advisorPage(main) {
  const chosen = new Set();
  const deck = h("div", { class: "deck", id: "deck" });
  const paste = h("input", { type: "text", id: "cards", size: 40, placeholder: "or type: CJ SJ HA HT HK H9 SA S7 D8 D7" });
  const count = h("span", { class: "muted", id: "count" }, "0 of 10 cards");
  const seat = h("select", { id: "seat" }, ...Object.keys(META.seats).map(s => h("option", { value: s }, s)));
  const bid = h("select", { id: "bid" }, ...LADDER.map(b => h("option", { value: b }, String(b))));
  const samples = h("input", { type: "number", id: "samples", value: 200, min: 8, max: 2000, step: 8 });
  const scoring = h("select", { id: "scoring", title: "how a game is scored: the simple (ISS) way or Seeger-Fabian's list" },
                    h("option", { value: "simple" }, "simple"), h("option", { value: "seeger-fabian" }, "Seeger-Fabian"));
  const auction = h("input", { type: "text", id: "auction", size: 36,
                               placeholder: "the auction so far, e.g. M:18 F:yes M:20 F:pass" });
  const go = h("button", { class: "primary", id: "advise", disabled: true }, "Advise");
  const bar = h("div", { class: "progress" }, h("div"));
  const status = h("div", { id: "status", class: "muted" });
  const out = h("div", { id: "advice" });
  // the hand-value model's instant estimate, shown at once while the worlds are sampled and kept
  // above the Monte Carlo's answer when it comes (labelled: no worlds sampled)
  const quick = h("p", { id: "estimate", class: "muted" });

  let problems = [];            // what the typed text holds besides ten cards, each named
  function sync() {
    for (const el of deck.children) el.classList.toggle("selected", chosen.has(el.dataset.card));
    count.textContent = `${chosen.size} of 10 cards` + (problems.length ? ": " + problems.join("; ") : "");
    count.classList.toggle("error", problems.length > 0);
    go.disabled = chosen.size !== 10 || problems.length > 0;
  }
  for (const c of DECK) {
    deck.append(cardEl(c, { button: true, onClick: name => {
      if (chosen.has(name)) chosen.delete(name); else if (chosen.size < 10) chosen.add(name);
      paste.value = [...chosen].join(" ");
      problems = [];
      sync();
    } }));
  }
  paste.addEventListener("input", () => {
    chosen.clear();
    problems = [];
    const extra = [];
    for (const c of splitCards(paste.value)) {
      if (!DECK.includes(c)) problems.push(`'${c}' is not a card (a code like CJ, ST, H7)`);
      else if (chosen.has(c)) problems.push(`${c} is there twice`);
      else if (chosen.size === 10) extra.push(c);
      else chosen.add(c);
    }
    if (extra.length) problems.push(`a hand has ten cards: ${extra.join(" ")} ${extra.length === 1 ? "is" : "are"} too many`);
    sync();
  });

  go.addEventListener("click", async () => {
    go.disabled = true;
    out.replaceChildren();
    quick.textContent = "";
    status.textContent = "sampling worlds…";
    try {
      const params = { cards: [...chosen].join(" "), seat: seat.value, to: Number(bid.value),
                       samples: Number(samples.value), seed: 1, scoring: scoring.value };
      if (auction.value.trim()) params.auction = auction.value.trim();
      else if (scoring.value === "simple") {
        // not awaited before the job starts: the estimate arrives in milliseconds, the job goes on
        post("/api/estimate", { cards: params.cards, seat: params.seat, to: params.to })
          .then(e => { quick.textContent = e.line; })
          .catch(() => {});
      }
      const ev = await runJob("bid", params, (done, total) => {
        bar.firstChild.style.width = total ? `${(100 * done) / total}%` : "0";
        status.textContent = `${done} of ${total} worlds`;
      });
      status.textContent = `${ev.samples} worlds, ${ev.seconds} s`;
      render(out, ev);
    } catch (e) {
      status.textContent = "";
      out.replaceChildren(h("p", { class: "error" }, e.message));
    } finally {
      go.disabled = chosen.size !== 10 || problems.length > 0;
    }
  });

  main.append(
    h("h2", {}, "Bid advisor"),
    h("fieldset", {}, h("legend", {}, "Your ten cards"), deck, paste, " ", count),
    h("fieldset", {}, h("legend", {}, "The question"),
      h("label", {}, "Seat ", seat), h("label", {}, "Bid ", bid), h("label", {}, "Worlds ", samples),
      h("label", {}, "Scoring ", scoring),
      h("label", {}, "Auction ", auction), go),
    bar, status, quick, out);
}

export function render(out, ev) {
  const rows = ev.declarations;
  out.append(
    // the terminal's first line and the line under it, from the one function that writes both
    h("p", { class: "answer", id: "answer" }, ev.answer),
    ...(ev.pickup_line ? [h("p", { id: "pickup" }, ev.pickup_line)] : []),
    ...(ev.evidence_line ? [h("p", { id: "evidence" }, ev.evidence_line)] : []),
    h("p", { id: "basis" }, `Safe bid: ${ev.safe_bid ? `${ev.safe_bid} (${ev.safe_bid_declaration})` : "pass"}. ` +
      (ev.auction_note ? `${ev.auction_note[0].toUpperCase()}${ev.auction_note.slice(1)}. ` : "") +
      (ev.p_win_basis === "double-dummy"
      ? `Win probabilities are double-dummy (every card seen) over up to ${ev.samples} sampled worlds.`
      : `Win probabilities are ${ev.p_win_basis}: by players who see only their own cards; ` +
        `"open cards" is the double-dummy rate over up to ${ev.samples} sampled worlds.`)),
    chart(rows.slice(0, 10), ev.p_win_basis === "double-dummy" ? "double-dummy" : "played out"),
    h("table", { class: "data", id: "declarations" },
      h("thead", {}, h("tr", {}, ...["declaration", "P(win)", "95% interval", "open cards", "P(Schneider)", "expected score",
                                     "highest bid", "worlds"].map(t => h("th", {}, t)))),
      h("tbody", {}, ...rows.map(r => h("tr", {},
        h("td", {}, r.name), h("td", {}, pct(r.p_win)), h("td", {}, `${pct(r.p_win_ci[0])}–${pct(r.p_win_ci[1])}`),
        h("td", {}, pct(r.p_win_dd)), h("td", {}, r.game === "null" ? "–" : pct(r.p_schneider)),
        h("td", {}, r.expected_score.toFixed(1)), h("td", {}, String(r.max_bid ?? "–")),
        h("td", {}, String(r.samples)))))));
}

function chart(rows, basis) {
  // horizontal bars: P(win) with its 95% interval, axis 0-100%
  const W = 640, left = 170, right = 20, rowH = 24, top = 24, H = top + rowH * rows.length + 30;
  const x = p => left + p * (W - left - right);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("id", "pwin-chart");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img"); svg.setAttribute("aria-label", "P(win) per declaration");
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text != null) el.textContent = text;
    svg.append(el);
    return el;
  };
  add("text", { x: left, y: 14 }, `P(win), ${basis}, with 95% interval`);
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    add("text", { x: left - 6, y: y + 15, "text-anchor": "end" }, r.name);
    add("rect", { x: x(0), y: y + 4, width: x(r.p_win) - x(0), height: rowH - 8, fill: "#93c5fd" });
    add("line", { x1: x(r.p_win_ci[0]), x2: x(r.p_win_ci[1]), y1: y + rowH / 2, y2: y + rowH / 2,
                  stroke: "#1e3a8a", "stroke-width": 2 });
  });
  const axisY = top + rowH * rows.length + 4;
  add("line", { x1: x(0), x2: x(1), y1: axisY, y2: axisY, stroke: "#6b7280" });
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    add("line", { x1: x(t), x2: x(t), y1: axisY, y2: axisY + 4, stroke: "#6b7280" });
    add("text", { x: x(t), y: axisY + 16, "text-anchor": "middle" }, `${t * 100}%`);
  }
  return svg;
}
