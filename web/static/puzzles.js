// Puzzles: positions cut from played games (skat puzzles, or the Review page's "Puzzles from this
// game"), one at a time: the mover's hand and the cards played so far, nothing hidden shown; the
// answer checked, the values of every card shown after it; a score kept in this browser.
import { cardEl, cardRow } from "./cards.js";
import { h } from "./api.js";

const SCORE_KEY = "puzzle-score";
const score = () => { try { return JSON.parse(localStorage.getItem(SCORE_KEY) ?? "{}"); } catch { return {}; } };
const pct = p => (p == null ? "-" : `${Math.round(100 * p)}%`);

// One puzzle line of skat puzzles, checked for the fields the page uses.
export function readPuzzles(text) {
  const out = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.startsWith("#")) return;
    let p;
    try { p = JSON.parse(line); } catch (e) { throw new Error(`line ${i + 1}: not JSON (${e.message})`); }
    for (const k of ["id", "to_move", "solution", "played", "hand", "history", "cards", "record"])
      if (!(k in p)) throw new Error(`line ${i + 1}: not a puzzle of skat puzzles (no '${k}')`);
    out.push(p);
  });
  if (!out.length) throw new Error("no puzzles in it");
  return out;
}

export function puzzlesPage(main) {
  const file = h("input", { type: "file", id: "puzzle-file", accept: ".jsonl,.json,.txt" });
  const sample = h("button", { id: "sample-puzzles" }, "The sample games' puzzles");
  const status = h("div", { id: "puzzle-status", class: "muted" });
  const out = h("div", { id: "puzzle" });
  let set = [], k = 0;
  const load = (list, from) => { set = list; k = 0; status.textContent = `${list.length} puzzles from ${from}`; draw(); };
  file.addEventListener("change", async () => {
    const f = file.files[0];
    if (!f) return;
    try { load(readPuzzles(await f.text()), f.name); } catch (e) { out.replaceChildren(h("p", { class: "error" }, e.message)); }
  });
  sample.addEventListener("click", async () => {
    try { load(readPuzzles(await (await fetch("/static/puzzles.jsonl")).text()), "the shipped sample games"); }
    catch (e) { out.replaceChildren(h("p", { class: "error" }, e.message)); }
  });
  function draw() {
    const p = set[k];
    if (!p) { out.replaceChildren(); return; }
    const rec = p.record, sc = score();
    const solved = Object.values(sc).filter(x => x === "solved").length, tried = Object.keys(sc).length;
    const trickStart = p.history.length - (p.history.length % 3);
    const tricks = [];
    for (let i = 0; i < trickStart; i += 3) tricks.push(p.history.slice(i, i + 3));
    const legal = p.cards.map(c => c.card);
    const answer = h("div", { id: "puzzle-answer" });
    const role = p.to_move === rec.declarer ? "the declarer" : "a defender";
    out.replaceChildren(
      h("p", { class: "muted", id: "puzzle-score" }, `Solved ${solved} of ${tried} tried in this browser.`),
      h("h3", {}, `Puzzle ${k + 1} of ${set.length}: ${p.id} (${p.difficulty})`),
      h("p", {}, `${rec.game}${rec.hand ? " Hand" : ""} by ${rec.declarer}${rec.bid ? `, bid ${rec.bid}` : ""}. ` +
        `You are ${p.to_move}, ${role}. Which card is best?`),
      h("details", {}, h("summary", {}, `The tricks so far (${tricks.length})`),
        ...tricks.map((t, i) => h("div", { class: "seat" }, h("strong", {}, `trick ${i + 1}`),
          h("span", {}, ...t.map(([s, c]) => h("span", {}, `${s} `, cardEl(c, { classes: ["small"] }), " ")))))),
      h("div", { class: "seat" }, h("strong", {}, "Trick"),
        h("span", {}, ...p.history.slice(trickStart).map(([s, c]) => h("span", {}, `${s} `, cardEl(c), " ")))),
      h("div", { class: "seat" }, h("strong", {}, "Your cards"),
        h("div", { id: "puzzle-hand" }, cardRow(p.hand, n => (legal.includes(n)
          ? { classes: ["legal"], onClick: c => check(p, c, answer) } : {})))),
      answer,
      h("div", { class: "steps" },
        h("button", { id: "prev-puzzle", disabled: k === 0, onclick: () => { k--; draw(); } }, "◀ previous"),
        h("button", { id: "next-puzzle", disabled: k >= set.length - 1, onclick: () => { k++; draw(); } }, "next ▶")));
  }
  function check(p, card, answer) {
    const sc = score();
    const right = card === p.solution;
    if (!(p.id in sc)) { sc[p.id] = right ? "solved" : "missed"; localStorage.setItem(SCORE_KEY, JSON.stringify(sc)); }
    const rows = p.cards.map(c => h("tr", { class: c.card === p.solution ? "here" : c.card === card ? "mistake" : "" },
      h("td", {}, cardEl(c.card, { classes: ["small"] })), h("td", {}, String(c.dd)),
      h("td", {}, pct(c.info?.p_win)), h("td", {}, c.info?.points == null ? "-" : c.info.points.toFixed(1)),
      h("td", {}, c.info ? (c.info.expected_score >= 0 ? "+" : "") + c.info.expected_score.toFixed(1) : "-"),
      h("td", {}, [c.card === p.solution ? "best" : "", c.card === p.played ? "played in the game" : "",
                   c.card === card ? "your card" : ""].filter(Boolean).join(", "))));
    answer.replaceChildren(
      h("p", { class: right ? "answer" : "answer error", id: "puzzle-verdict" },
        right ? `Right: ${card} is best.` : `Not best: ${card}. The best card is ${p.solution}.`),
      h("p", {}, `In the game ${p.to_move} played ${p.played}. ${p.solution} leads the next card by ` +
        `${p.lead[0].toFixed(1)} points of expected score (95%: ${p.lead[1].toFixed(1)} to ${p.lead[2].toFixed(1)}) by ` +
        `what ${p.to_move} knew (${p.worlds} worlds), and is the one best card with every card open.`),
      h("table", { class: "data", id: "puzzle-values" },
        h("thead", {}, h("tr", {}, ...["card", "value after (dd)", "declarer wins", "declarer's points", "exp. score", ""].map(t => h("th", {}, t)))),
        h("tbody", {}, ...rows)));
    const s = score();
    document.getElementById("puzzle-score").textContent =
      `Solved ${Object.values(s).filter(x => x === "solved").length} of ${Object.keys(s).length} tried in this browser.`;
  }
  main.append(h("h2", {}, "Puzzles"),
    h("p", { class: "muted" }, "Positions from played games where the card played was a mistake and one card was " +
      "clearly best, both by what the player knew and with every card open (skat puzzles FILE --out puzzles.jsonl)."),
    h("fieldset", {}, h("legend", {}, "A set"), file, " ", sample), status, out);
  const pending = sessionStorage.getItem("puzzles");
  if (pending) {
    sessionStorage.removeItem("puzzles");
    try { load(JSON.parse(pending), "the game just reviewed"); } catch (e) { status.textContent = e.message; }
  }
}
