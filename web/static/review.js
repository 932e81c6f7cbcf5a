// Review: a played deal, card by card, with the double-dummy value line and each mistake's cost.
import { cardRow } from "./cards.js";
import { h, post } from "./api.js";
import { boardPanel, playOnPanel, recordWith, variationList } from "./board.js";

const SEAT = { F: "Forehand", M: "Middlehand", R: "Rearhand" };

export function reviewPage(main) {
  const text = h("textarea", { id: "game", placeholder: "an ISS game line, or a deal record (JSON) with its played cards" });
  const file = h("input", { type: "file", id: "file", accept: ".sgf,.txt,.json,.jsonl" });
  const sample = h("button", { id: "sample" }, "Load a sample ISS game");
  const go = h("button", { class: "primary", id: "analyse" }, "Review");
  const status = h("div", { id: "status", class: "muted" });
  const out = h("div", { id: "review" });
  file.addEventListener("change", async () => {
    const f = file.files[0];
    if (f) text.value = (await f.text()).split(/\r?\n/).find(l => l.trim() && !l.startsWith("#")) ?? "";
  });
  sample.addEventListener("click", async () => { text.value = (await (await fetch("/static/sample.sgf")).text()).trim(); });
  go.addEventListener("click", async () => {
    const v = text.value.trim();
    if (!v) return;
    out.replaceChildren();
    status.textContent = "solving every position…";
    go.disabled = true;
    try {
      let body;
      if (v.startsWith("{")) {
        try { body = { record: JSON.parse(v) }; } catch (e) { throw new Error(`not JSON: ${e.message}`); }
      } else body = { iss: v };
      const rv = await post("/api/analyse", body);
      status.textContent = "";
      show(out, rv);
    } catch (e) {
      status.textContent = "";
      out.replaceChildren(h("p", { class: "error" }, e.message));
    } finally { go.disabled = false; }
  });
  main.append(h("h2", {}, "Review a deal"),
    h("fieldset", {}, h("legend", {}, "The deal"), text, h("div", {}, file, " ", sample, " ", go)), status, out);
  const pending = sessionStorage.getItem("review");
  if (pending) { sessionStorage.removeItem("review"); text.value = pending; go.click(); }
}

export function show(out, rv) {
  if (rv.passed) { out.append(h("p", {}, "Passed in: nothing was played.")); return; }
  const moves = rv.analysis;
  // the page's state: the played line, the variations (other cards tried), which line is shown
  // (cur: null for the played line, else a variation's index) and how many of its cards
  const state = {
    rv, moves, cur: null, at: 0, toMoveSeat: "F",
    vars: (rv.variations ?? []).map(v => ({ name: v.name, at: v.at, cards: [...v.cards], values: v.values })),
    lineCards() {
      const played = moves.map(m => m.card);
      if (state.cur === null) return played;
      const v = state.vars[state.cur];
      return [...played.slice(0, v.at), ...v.cards];
    },
    tryCards(cards) { tryCards(cards); },
  };
  // the mark and the cost as the terminal shows them (solver.analysis.mark_text, render.info_cost_text)
  const costText = i => !i?.cost ? "" : (i.mark && i.cost_ci && i.cost_ci[0] !== i.cost_ci[1]
    ? `${i.cost.toFixed(1)} (${i.cost_ci[0].toFixed(1)}-${i.cost_ci[1].toFixed(1)})` : i.cost.toFixed(1));
  const markClass = i => (i?.mark ? `info ${i.class}` : "info");
  const judged = moves.some(m => m.info);
  const table = h("div", { id: "table" });
  const pos = h("span", { id: "position" });
  const back = h("button", { id: "back" }, "◀ back");
  const fwd = h("button", { id: "forward" }, "forward ▶");
  const chartBox = h("div", { id: "chart" });
  const rows = moves.map((m, i) => h("tr", { class: m.cost > 0 ? "mistake" : "", "data-i": i },
    h("td", {}, String(i + 1)), h("td", {}, String(m.trick)), h("td", {}, m.seat), h("td", {}, m.card),
    h("td", {}, String(m.value_before)), h("td", {}, String(m.value_after)),
    h("td", {}, m.best.join(" ")), h("td", {}, m.cost > 0 ? String(m.cost) : ""),
    ...(judged ? [h("td", { class: markClass(m.info) }, m.info?.mark ?? ""),
                  h("td", { class: markClass(m.info) }, costText(m.info))] : [])));
  rows.forEach((r, i) => r.addEventListener("click", () => go(i + 1, null)));
  const go = (at, cur) => { state.at = at; state.cur = cur; draw(); };
  const board = boardPanel(state, go);
  const varList = variationList(state, go);
  const playOn = playOnPanel(state);
  function tryCards(cards) {
    const line = state.lineCards();
    let k = state.at, i = 0;
    while (i < cards.length && k < line.length && line[k] === cards[i]) { k++; i++; }   // the line goes on so
    if (i === cards.length) return go(k, state.cur);
    const rest = cards.slice(i);
    if (state.cur !== null && k === line.length) {            // at the variation's end: it grows
      state.vars[state.cur].cards.push(...rest);
      delete state.vars[state.cur].values;                     // (the review's values were for its old cards)
      return go(k + rest.length, state.cur);
    }
    const v = state.cur === null ? null : state.vars[state.cur];
    const from = v && k >= v.at ? v.at : k;
    const tried = [...(v && k >= v.at ? v.cards.slice(0, k - v.at) : []), ...rest];
    const same = state.vars.findIndex(x => x.at === from && tried.every((c, j) => x.cards[j] === c));
    if (same >= 0) return go(from + tried.length, same);
    state.vars.push({ name: `variation ${state.vars.length + 1}`, at: from, cards: tried });
    go(from + tried.length, state.vars.length - 1);
  }
  function draw() {
    const line = state.lineCards();
    const played = line.slice(0, state.at);
    table.replaceChildren(
      ...["F", "M", "R"].map(s => h("div", { class: "seat" },
        h("strong", {}, `${SEAT[s]}${s === rv.declarer ? " (declarer)" : ""}`),
        cardRow(rv.hands[s], n => ({ classes: [played.includes(n) ? "played" : "",
                                               state.at > 0 && played[state.at - 1] === n ? "current" : ""]
          .filter(Boolean) })))),
      h("div", { class: "seat" }, h("strong", {}, "Skat"), cardRow(rv.skat)));
    const v = state.cur === null ? null : state.vars[state.cur];
    const m = moves[state.at - 1];
    if (v && state.at > v.at) {
      pos.textContent = `${v.name}, card ${state.at}: ${line[state.at - 1]} (tried instead of ` +
        `${moves[v.at]?.card ?? "the end"} at card ${v.at + 1})`;
    } else {
      pos.textContent = state.at === 0 ? `before the first card: value ${rv.summary.start_value}`
        : `card ${state.at} (trick ${m.trick}): ${m.seat} played ${m.card}; value ${m.value_before} → ${m.value_after}` +
          (m.cost > 0 ? `, with every card seen a mistake costing ${m.cost} (better: ${m.best.join(" ")})` : "") +
          (m.info && m.info.class ? `; by what ${m.seat} knew: ${m.info.class}` +
            (m.info.settled === false && m.info.mark ? " (not settled by the worlds)" : "") +
            (m.info.cost ? `, ${costText(m.info)} expected` : "") : "");
    }
    rows.forEach((r, i) => r.classList.toggle("here", state.cur === null && i === state.at - 1));
    chartBox.replaceChildren(valueChart(rv, Math.min(state.at, v ? v.at : moves.length)));
    back.disabled = state.at === 0; fwd.disabled = state.at >= line.length;
    board.show();
    varList.draw();
    playOn.reset();
  }
  back.addEventListener("click", () => go(Math.max(0, state.at - 1), state.cur));
  fwd.addEventListener("click", () => go(Math.min(state.lineCards().length, state.at + 1), state.cur));
  // ← and → step through the cards (not while typing in a field)
  const onKey = e => {
    if (!document.body.contains(out) || ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName)) return;
    if (e.key === "ArrowLeft") { e.preventDefault(); back.click(); }
    else if (e.key === "ArrowRight") { e.preventDefault(); fwd.click(); }
  };
  document.addEventListener("keydown", onKey);
  const s = rv.summary;
  const result = s.finished ? `${s.reason} (score ${s.score})` : "not finished";
  const puzzles = h("button", { id: "cut-puzzles" }, "Puzzles from this game");
  const puzzleStatus = h("span", { class: "muted" });
  puzzles.addEventListener("click", async () => {
    puzzles.disabled = true;
    puzzleStatus.textContent = " judging every card by what its player knew…";
    try {
      const got = await post("/api/puzzles", { record: recordWith(rv, moves.map(x => x.card)) });
      if (!got.puzzles.length) { puzzleStatus.textContent = " no puzzle in this game (no clear mistake with one clearly best card)"; return; }
      sessionStorage.setItem("puzzles", JSON.stringify(got.puzzles));
      location.hash = "#puzzles";
    } catch (e) { puzzleStatus.textContent = ` ${e.message}`; }
    finally { puzzles.disabled = false; }
  });
  out.append(
    h("p", { class: "answer", id: "summary" },
      `${rv.game}${rv.hand ? " Hand" : ""}, ${SEAT[rv.declarer]} declares: ${result}. ` +
      `Double-dummy value at the start ${s.start_value}; the declarer's mistakes cost ${s.declarer_cost}, ` +
      `the defenders' ${s.defender_cost} card points (every card seen).` +
      (s.info ? " By what each knew: " + Object.entries(s.info).map(([seat, i]) =>
        `${seat} ` + (i.accuracy == null ? "" : `accuracy ${Math.round(i.accuracy)}, `) +
        `cost ${i.cost.toFixed(1)} (${count(i.inaccuracy, "inaccuracy", "inaccuracies")}, ` +
        `${count(i.mistake, "mistake")}, ${count(i.blunder, "blunder")}` +
        (i.unsettled ? `; ${i.unsettled} of them not settled` : "") + ")").join(", ") + "." : "")),
    s.info ? h("p", { id: "accuracy", class: "muted" }, "Accuracy: the share of his side's winning chance a " +
      "player's cards kept, by what he knew (100: no card gave any up; the guide 'Analysing a deal' says how).") : "",
    table, h("div", { class: "steps" }, back, fwd, pos), board.box, varList.box, playOn.box, chartBox,
    h("table", { class: "data", id: "moves" },
      h("thead", {}, h("tr", {}, ...["#", "trick", "seat", "card", "before", "after", "best", "dd cost",
                                     ...(judged ? ["info", "info cost"] : [])].map(t => h("th", {}, t)))),
      h("tbody", {}, ...rows)),
    h("p", {}, puzzles, puzzleStatus));
  draw();
}

function valueChart(rv, at) {
  // the declarer's double-dummy card points before card 1 and after every card; 61 wins
  const moves = rv.analysis;
  const vals = [rv.summary.start_value, ...moves.map(m => m.value_after)];
  const W = 720, H = 260, L = 48, R = 150, T = 14, B = 38;
  const x = i => L + (i * (W - L - R)) / Math.max(1, moves.length);
  const y = v => T + (1 - v / 120) * (H - T - B);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("id", "value-chart");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text != null) el.textContent = text;
    svg.append(el); return el;
  };
  add("line", { x1: L, x2: L, y1: T, y2: H - B, stroke: "#6b7280" });
  add("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: "#6b7280" });
  for (const v of [0, 30, 61, 90, 120]) {
    add("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, String(v));
    add("line", { x1: L - 3, x2: L, y1: y(v), y2: y(v), stroke: "#6b7280" });
  }
  add("text", { x: 12, y: T + (H - T - B) / 2, transform: `rotate(-90 12 ${T + (H - T - B) / 2})`,
                "text-anchor": "middle" }, "declarer's points");
  for (let t = 1; t <= Math.ceil(moves.length / 3); t++) {
    const cx = x(3 * (t - 1) + 1.5);
    add("text", { x: cx, y: H - B + 14, "text-anchor": "middle" }, String(t));
    add("line", { x1: x(3 * t), x2: x(3 * t), y1: H - B, y2: H - B + 4, stroke: "#6b7280" });
  }
  add("text", { x: L + (W - L - R) / 2, y: H - 6, "text-anchor": "middle" }, "trick");
  add("line", { x1: L, x2: W - R, y1: y(61), y2: y(61), stroke: "#16a34a", "stroke-dasharray": "4 3" });
  add("polyline", { points: vals.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: "#2563eb",
                    "stroke-width": 2 });
  moves.forEach((m, i) => {
    if (m.cost > 0) {
      const c = add("circle", { cx: x(i + 1), cy: y(m.value_after), r: 4, fill: "#c0262d", class: "mistake-dot" });
      const t = document.createElementNS(ns, "title");
      t.textContent = `${m.seat} ${m.card}: costs ${m.cost} (better ${m.best.join(" ")})`;
      c.append(t);
    }
  });
  add("line", { x1: x(at), x2: x(at), y1: T, y2: H - B, stroke: "#f59e0b", "stroke-width": 2 });
  const lx = W - R + 12;
  add("line", { x1: lx, x2: lx + 18, y1: T + 8, y2: T + 8, stroke: "#2563eb", "stroke-width": 2 });
  add("text", { x: lx + 24, y: T + 12 }, "value (dd)");
  add("line", { x1: lx, x2: lx + 18, y1: T + 28, y2: T + 28, stroke: "#16a34a", "stroke-dasharray": "4 3" });
  add("text", { x: lx + 24, y: T + 32 }, "61: declarer wins");
  add("circle", { cx: lx + 9, cy: T + 48, r: 4, fill: "#c0262d" });
  add("text", { x: lx + 24, y: T + 52 }, "mistake");
  add("line", { x1: lx, x2: lx + 18, y1: T + 68, y2: T + 68, stroke: "#f59e0b", "stroke-width": 2 });
  add("text", { x: lx + 24, y: T + 72 }, "shown position");
  return svg;
}

// "1 mistake", "2 mistakes", "no blunder"
function count(n, one, many = one + "s") {
  return n === 0 ? `no ${one}` : `${n} ${n === 1 ? one : many}`;
}
