// The analysis board under a review: every legal card's value at the shown position (POST
// /api/position: double-dummy at once, then by what the mover knew), variations (other cards
// tried, kept beside the played line and saved in the record's "variations"), and playing on
// from the position against the computer players.
import { cardEl, cardRow } from "./cards.js";
import { h, post } from "./api.js";

const SEATS = ["F", "M", "R"];
const pct = p => (p == null ? "-" : `${Math.round(100 * p)}%`);
// a 95% interval; none where the worlds were every world there is (a point)
const range = (ci, f) => (ci && ci[0] !== ci[1] ? ` (${f(ci[0])}–${f(ci[1])})` : "");

// The deal record of a review (its analysis and summary taken off), with "played" replaced.
export function recordWith(rv, played, variations) {
  const rec = { ...rv };
  for (const k of ["analysis", "summary", "variations", "iss_result"]) delete rec[k];
  rec.played = played;
  if (variations && variations.length) rec.variations = variations;
  return rec;
}

// The board: `state` is the review page's (rv, vars, cur, at); `go(at, cur)` moves the page.
export function boardPanel(state, go) {
  const box = h("section", { id: "position-board" });
  // one request at a time (the server caps each address's solving requests): a position asked
  // for while one is being solved waits, and only the latest one asked is solved then
  let asked = 0, running = false;
  async function show() {
    asked++;
    if (running) return;
    running = true;
    try {
      for (let my = asked; ; my = asked) {
        await solve(my);
        if (my === asked) break;
      }
    } finally { running = false; }
  }
  async function solve(my) {
    const played = state.lineCards().slice(0, state.at);
    const rec = recordWith(state.rv, played);
    box.replaceChildren(h("h3", {}, "Every card here"), h("p", { class: "muted" }, "solving…"));
    let pos;
    try { pos = await post("/api/position", { record: rec, samples: 0 }); }
    catch (e) { if (my === asked) box.replaceChildren(h("p", { class: "error" }, e.message)); return; }
    if (my !== asked) return;
    if (pos.over) {
      const end = pos.value == null ? "" : typeof pos.value === "boolean"
        ? (pos.value ? ": the declarer won the Null" : ": the declarer took a trick")
        : `: the declarer has ${pos.value} card points`;
      box.replaceChildren(h("h3", {}, "Every card here"), h("p", { id: "board-over" }, `The game is over${end}.`));
      return;
    }
    state.toMoveSeat = pos.to_move;
    state.onMover?.();
    draw(pos, null);
    try {
      const info = await post("/api/position", { record: rec, samples: 32, line: false });
      if (my === asked) draw(pos, info);
    } catch (e) { if (my === asked) box.append(h("p", { class: "error" }, e.message)); }
  }
  function draw(pos, info) {
    const byCard = Object.fromEntries((info?.cards ?? []).map(c => [c.card, c.info]));
    const who = pos.to_move + (pos.to_move === pos.declarer ? " (declarer)" : "");
    const rows = pos.cards.map(c => {
      const i = byCard[c.card];
      const marks = [pos.best_dd.includes(c.card) ? "best dd" : "",
                     info && info.best_info.includes(c.card) ? "best by what he knew" : ""].filter(Boolean);
      return h("tr", { "data-card": c.card },
        h("td", {}, h("button", { class: "try", title: `play ${c.card} here`, onclick: () => state.tryCards([c.card]) },
          cardEl(c.card))),
        h("td", {}, String(c.dd)),
        h("td", {}, i ? pct(i.p_win) + range(i.p_win_ci, pct) : "…"),
        h("td", {}, i ? (i.points == null ? "-" : i.points.toFixed(1) + range(i.points_ci, x => x.toFixed(1))) : "…"),
        h("td", {}, i ? (i.expected_score >= 0 ? "+" : "") + i.expected_score.toFixed(1) : "…"),
        h("td", {}, marks.join(", ")));
    });
    box.replaceChildren(
      h("h3", {}, `Every card here: ${who} to play`),
      h("table", { class: "data", id: "board-cards" },
        h("thead", {}, h("tr", {}, ...["card", "value after (dd)", "declarer wins", "declarer's points", "exp. score", ""].map(t => h("th", {}, t)))),
        h("tbody", {}, ...rows)),
      h("p", { class: "muted" }, info
        ? `By what ${pos.to_move} knew: ${info.worlds} worlds${info.exact ? " (every one there is)" : ""}, the same for ` +
          `every card (95% intervals; exp. score: ` +
          `${pos.declarer == null ? "minus his own card points, a Ramsch" : pos.to_move === pos.declarer
            ? "the declarer's expected score" : "the defenders' expected score"}). Click a card to try it.`
        : "by what the mover knew: solving the worlds…"),
      h("p", { id: "best-line" }, "Best line (every card open): ", ...pos.line.map(c => cardEl(c, { classes: ["small"] })),
        " ", h("button", { id: "play-line", onclick: () => state.tryCards(pos.line) }, "Play the best line")));
  }
  return { box, show };
}

// The variations' list: each can be shown, renamed, deleted; the record saved with them.
export function variationList(state, go) {
  const box = h("section", { id: "variations" });
  function draw() {
    const items = state.vars.map((v, i) => h("li", { class: i === state.cur ? "here" : "" },
      h("input", { type: "text", value: v.name, "aria-label": "variation name", maxlength: 80,
                   onchange: e => { v.name = e.target.value.slice(0, 80) || `variation ${i + 1}`; } }),
      ` from card ${v.at + 1}: `, ...v.cards.map(c => cardEl(c, { classes: ["small"] })),
      v.values ? h("span", { class: "muted values" }, ` value after each (dd): ${v.values.join(" ")}`) : "", " ",
      h("button", { class: "show-variation", onclick: () => go(v.at + v.cards.length, i) }, "show"),
      h("button", { class: "delete-variation", onclick: () => {
        state.vars.splice(i, 1);
        go(Math.min(state.at, state.moves.length), null);
      } }, "delete")));
    box.replaceChildren(h("h3", {}, "Variations"),
      state.vars.length ? h("ul", {}, ...items)
        : h("p", { class: "muted" }, "None yet: click another card in the table above to try it."),
      h("div", { class: "steps" },
        h("button", { id: "played-line", onclick: () => go(Math.min(state.at, state.moves.length), null),
                      disabled: state.cur === null }, "back to the played line"),
        h("button", { id: "save-variations", onclick: save }, "Save the record with its variations")));
  }
  function save() {
    const rec = recordWith(state.rv, state.rv.analysis.map(m => m.card),
                           state.vars.map(v => ({ name: v.name, at: v.at, cards: v.cards })));
    const blob = new Blob([JSON.stringify(rec) + "\n"], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `${rec.id ?? "deal"}-variations.json` });
    document.body.append(a); a.click(); a.remove();
    state.saved = rec;                           // (the page's tests read it; the download is the user's copy)
    box.dataset.saved = JSON.stringify(rec);
  }
  return { box, draw };
}

// Playing on from the shown position: the person takes a seat, the computers the others.
export function playOnPanel(state) {
  const box = h("section", { id: "play-on" });
  const seat = h("select", { id: "play-on-seat" }, ...SEATS.map(s => h("option", { value: s }, s)));
  const start = h("button", { id: "play-on-start", class: "primary" }, "Play on from here");
  let game = null;
  start.addEventListener("click", () => begin());
  function idle() {
    game = null;
    seat.value = state.toMoveSeat ?? "F";
    box.replaceChildren(h("h3", {}, "Play on from here"),
      h("p", { class: "muted" }, "Play the rest of the deal from the shown position against the computers " +
        "(best), then compare with the game as played and the best line."),
      h("label", {}, "Your seat ", seat), start);
  }
  async function begin() {
    const base = state.lineCards().slice(0, state.at);
    game = { seat: seat.value, at: state.at, base, cards: [], line: state.lineCards() };
    await step();
  }
  const record = () => recordWith(state.rv, [...game.base, ...game.cards]);
  async function step() {
    const g = game;
    if (!g) return;
    let pos;
    try { pos = await post("/api/position", { record: record(), samples: 0, line: false }); }
    catch (e) { box.append(h("p", { class: "error" }, e.message)); return; }
    if (g !== game) return;
    if (pos.over) return finish();
    if (pos.to_move === g.seat) return drawGame(pos.cards.map(c => c.card));
    drawGame([]);
    try {
      const m = await post("/api/position/move", { record: record(), player: "best", seed: g.base.length + g.cards.length });
      if (g !== game) return;
      g.cards.push(m.card);
    } catch (e) { box.append(h("p", { class: "error" }, e.message)); return; }
    await step();
  }
  function hand() {
    const rv = state.rv, gone = new Set([...game.base, ...game.cards]);
    return rv.hands[game.seat].filter(c => !gone.has(c));
  }
  function drawGame(legal) {
    const played = [...game.base, ...game.cards];
    const trickStart = played.length - (played.length % 3);
    box.replaceChildren(h("h3", {}, `Playing on as ${game.seat} from card ${game.at + 1}`),
      h("div", { class: "seat" }, h("strong", {}, "Trick"), cardRow(played.slice(trickStart))),
      h("div", { class: "seat" }, h("strong", {}, "Your cards"),
        cardRow(hand(), n => legal.includes(n)
          ? { classes: ["legal"], onClick: async c => { game.cards.push(c); drawGame([]); await step(); } } : {})),
      h("p", { class: "muted", id: "play-on-status" }, legal.length ? "Your card." : "The computers play…"),
      h("button", { id: "play-on-stop", onclick: idle }, "Stop"));
  }
  async function finish() {
    const g = game;
    // compared from where the shown line left the played one (a variation's first card)
    const asPlayed = state.rv.analysis.map(m => m.card);
    let k = 0;
    while (k < g.base.length && g.base[k] === asPlayed[k]) k++;
    let cmp;
    try { cmp = await post("/api/position/compare", { record: recordWith(state.rv, asPlayed),
                                                      at: k, cards: [...g.base.slice(k), ...g.cards] }); }
    catch (e) { box.append(h("p", { class: "error" }, e.message)); return; }
    const row = (name, r) => h("tr", {}, h("td", {}, name), h("td", {}, String(r.declarer_points)),
      h("td", {}, String(r.declarer_tricks)), h("td", {}, "won" in r ? (r.won ? "won" : "lost") : "not finished"),
      h("td", {}, "score" in r ? String(r.score) : ""));
    box.replaceChildren(h("h3", {}, `Played on as ${g.seat} from card ${g.at + 1}` +
                          (k < g.at ? ` (compared from card ${k + 1}, where the variation leaves the game)` : "")),
      h("table", { class: "data", id: "play-on-result" },
        h("thead", {}, h("tr", {}, ...["", "declarer's points", "tricks", "game", "score"].map(t => h("th", {}, t)))),
        h("tbody", {}, row("as played", cmp.played), row("played on", cmp.played_on),
                       row("best line (every card open)", cmp.best_line))),
      h("p", {}, "You played on: ", ...cmp.cards_played_on.map(c => cardEl(c, { classes: ["small"] }))),
      h("button", { onclick: idle }, "Done"));
  }
  idle();
  // the seat offered is the one to play at the shown position (known once the board has it)
  state.onMover = () => { if (!game) seat.value = state.toMoveSeat; };
  return { box, reset: () => { if (!game) idle(); } };
}
