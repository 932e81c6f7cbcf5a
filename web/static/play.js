// Play: a match against computer players (two, three at a table of four, or an opponent and a
// partner in duel mode); you answer by clicking.
import { cardEl, cardRow } from "./cards.js";
import { call, h, post } from "./api.js";
import { META } from "./meta.js";

const GAMES = META.games;
const SEATNAME = META.seats;
const HOUSE = META.house.map(r => [r.name, r.label]);
const HOUSE_HELP = Object.fromEntries(META.house.map(r => [r.name, r.help]));

export function playPage(main) {
  const deals = h("input", { type: "number", id: "deals", value: 3, min: 1, max: 36 });
  const opp = h("select", { id: "opponents" }, ...META.players.map(o => h("option", { value: o }, o)));
  const scoring = h("select", { id: "scoring" }, h("option", { value: "simple" }, "simple"),
                    h("option", { value: "seeger-fabian" }, "Seeger-Fabian"));
  const clock = h("input", { type: "checkbox", id: "clock" });
  const auto = h("input", { type: "number", id: "auto-bid", min: 0, max: 264, placeholder: "ask me",
                            title: "bid and hold by itself up to this value, pass above it (the others do not see it)" });
  const seed = h("input", { type: "number", id: "seed", placeholder: "random" });
  const challenge = h("input", { type: "text", id: "challenge", placeholder: "e.g. 12S-1ZA-9B", maxlength: 40,
                                 title: "a challenge code names a set of deals: play them, then compare with best" });
  // the house rules as boxes (each implies what it needs: Schieberamsch a Ramsch, Hirsch a Bock, Bock a Kontra)
  const rules = Object.fromEntries(HOUSE.map(([name]) => [name, h("input", { type: "checkbox", id: `house-${name}` })]));
  const implies = Object.fromEntries(META.house.map(r => [r.name, r.implies]));
  for (const [name, box] of Object.entries(rules)) box.addEventListener("change", () => {
    if (box.checked) for (const n of implies[name] ?? []) rules[n].checked = true;
    else for (const [n, needs] of Object.entries(implies)) if (needs.includes(name)) rules[n].checked = false;
  });
  const variant = h("select", { id: "variant" }, h("option", { value: "skat" }, "Skat"),
                    h("option", { value: "offiziersskat" }, "Offiziersskat (two players, piles)"));
  const table = h("select", { id: "table-size" }, h("option", { value: "3" }, "three"),
                  h("option", { value: "4" }, "four (the dealer sits out)"),
                  h("option", { value: "duel" }, "duel (you against one, the third your partner)"));
  const by = h("select", { id: "match-by" }, h("option", { value: "deals" }, "deals"),
               h("option", { value: "rounds" }, "rounds (of three deals)"), h("option", { value: "target" }, "up to points"));
  const start = h("button", { class: "primary", id: "start" }, "New match");
  const board = h("div", { id: "board" });
  // the settings fold away while a match is on (the table comes first, on a phone too)
  const settings = h("details", { id: "settings", open: true }, h("summary", {}, "Match settings"));
  start.addEventListener("click", () => {
    settings.open = false;
    const n = Number(deals.value);
    newMatch(board, {
      deals: by.value === "deals" ? n : 2, rounds: by.value === "rounds" ? n : null, target: by.value === "target" ? n : null,
      opponents: opp.value, scoring: scoring.value, clock: clock.checked,
      players: table.value === "4" ? 4 : 3, duel: table.value === "duel", variant: variant.value,
      auto_bid: auto.value === "" ? null : Number(auto.value),
      house: HOUSE.map(([name]) => name).filter(name => rules[name].checked).join(","),
      seed: seed.value === "" ? null : Number(seed.value),
      challenge: challenge.value.trim() === "" ? null : challenge.value.trim() });
  });
  deals.removeAttribute("max");
  // Offiziersskat: two players, no house rules
  variant.addEventListener("change", () => {
    const off = variant.value === "offiziersskat";
    table.disabled = off;
    for (const box of Object.values(rules)) { box.disabled = off; if (off) box.checked = false; }
    if (off && Number(deals.value) % 2) deals.value = String(Number(deals.value) + 1);
  });
  settings.append(
    h("fieldset", {}, h("legend", {}, "A match against two computer players"),
      h("label", {}, "Game ", variant), h("label", {}, "Match ", deals, " ", by), h("label", {}, "Table ", table), h("label", {}, "Opponents ", opp), h("label", {}, "Scoring ", scoring),
      h("label", {}, clock, " Clock"), h("label", {}, "Bid automatically up to ", auto), h("label", {}, "Seed ", seed),
      h("label", {}, "Challenge code ", challenge),
      h("div", { id: "house" }, h("span", { class: "muted" }, "House rules: "),
        ...HOUSE.map(([name, label]) => h("label", { title: HOUSE_HELP[name] }, rules[name], " " + label))),
      start));
  main.append(h("h2", {}, "Play"), settings, board);
}



// the event stream of the match on this page (a new match closes the one before)
let following = null;

async function newMatch(board, options) {
  following?.close();
  board.replaceChildren(h("p", { class: "muted" }, "dealing…"));
  let id, code;
  try { ({ id, challenge: code } = await call("/api/games", { method: "POST", body: options })); }
  catch (e) { board.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const s = { id, challenge: code, opponents: options.opponents, strength: options.strength ?? 1, seats: null, me: null, trick: [], auction: [], log: [],
              records: [], sheet: null, end: null, game: null, declarer: null, hint: null, busy: false,
              clock: options.clock, left: {}, question: null };
  // the match streams like a table (the one event path): its events, the questions asked of
  // you, their hints and the end; the browser reconnects by itself after a break, from the last
  // event it saw
  const redraw = () => draw(board, s, s.question);
  const source = new EventSource(`/api/games/${id}/events`);
  following = source;
  const on = (kind, fn) => source.addEventListener(kind, m => fn(JSON.parse(m.data)));
  on("event", e => { apply(s, e); s.fresh = e.kind === "card";
                     if (["card", "trick", "deal", "result"].includes(e.kind)) s.question = null; redraw(); });
  // a new question means the last answer was taken: its request may still be on its way back,
  // but a click on the new question must not wait for it (it was dropped while "busy")
  on("question", q => { s.question = q; s.busy = false; if (!q) s.hint = null; redraw(); });
  on("hint", x => { s.hint = x; redraw(); });
  on("end", e => { s.end = e; s.question = null; redraw(); source.close(); });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED && !s.end && following === source)
      board.append(h("p", { class: "error" }, "the match is no longer on the server (stopped, or idle too long)"));
  };
  window.addEventListener("hashchange", () => source.close(), { once: true });
}

const NAMES = ["you", "computer 1", "computer 2"];
// the seat that plays after ``p`` (clockwise: F, M, R)
const next = p => "FMR"["FMR".indexOf(p) + 1] ?? "F";

export function apply(s, e) {
  switch (e.kind) {
    case "deal": s.pushes = 0; s.seats = e.seats; s.names = e.names ?? NAMES;
      s.offiziers = e.seats.length === 2; s.letters = s.offiziers ? "FR" : "FMR"; s.piles = null;
      // (four at the table: the dealer sits out; at a table of people your player index is s.player)
      s.me = e.seats.includes(s.player ?? 0) ? s.letters[e.seats.indexOf(s.player ?? 0)] : null;
      s.trick = []; s.auction = []; s.log = [];
      s.game = null; s.declarer = null; s.bid = null; s.lastTrick = null; s.result = null; s.skat = null;
      s.calls = []; s.hand = null; s.skatShown = false; s.myDiscard = null; s.ramsch = false; s.bock = e.bock_round; s.number = e.number;
      s.count = { F: 10, M: 10, R: 10 }; s.took = { F: [0, 0], M: [0, 0], R: [0, 0] }; s.left = {}; break;
    case "hand": s.hand = e.cards; break;            // your ten cards, shown while the others think
    // (the declarer's ten after the pick-up and the two he put away: also after a reload)
    case "discarded": s.hand = e.cards; s.myDiscard = e.put_away; break;
    case "auction": s.auction = e.history; break;
    case "pickup": s.log.push(`${who(s, e.seat)} picked up the skat`);
      if (e.skat) s.skat = e.skat; break;
    case "push": s.log.push(`${who(s, e.seat)} pushed the skat on`); break;
    case "ramsch": s.ramsch = true; s.game = "ramsch"; s.pushes = e.pushes;
      s.log.push("everybody passed: Ramsch" + (e.pushes ? `, the skat pushed on ${e.pushes}×` : "")); break;
    case "declaration": s.game = e.declaration ?? e.game; s.declarer = e.declarer; s.bid = e.bid;
      if (e.declarer === s.me && s.myDiscard && s.hand) s.hand = s.hand.filter(c => !s.myDiscard.includes(c));
      s.log.push(`${seatName(s, e.declarer)} plays ${s.game}` + (e.bid ? ` at ${e.bid}` : "")); break;
    case "piles": s.piles = e.piles; break;
    case "passed": s.log.push("everybody passed: the deal is thrown in"); break;
    case "kontra": case "re": case "bock": case "hirsch":
      s.calls.push(e.kind[0].toUpperCase() + e.kind.slice(1));
      s.log.push(`${seatName(s, e.seat)}: ${e.kind[0].toUpperCase() + e.kind.slice(1)}!`); break;
    case "card": if (s.trick.length === 3) s.trick = []; s.trick.push([e.seat, e.card]);
      if (s.count) s.count[e.seat] -= 1;
      if (e.seat === s.me && s.hand) s.hand = s.hand.filter(c => c !== e.card); break;
    case "trick": s.lastTrick = { winner: e.winner, points: e.points, cards: e.cards };
      if (s.took) { s.took[e.winner][0] += 1; s.took[e.winner][1] += e.points; }
      s.log.push(`trick to ${seatName(s, e.winner)} (${e.points} points)`); break;
    case "clock": s.left[e.seat] = e.left; break;
    case "result": s.result = e;
      if (e.game !== "ramsch") s.log.push(`${e.reason}; ` + (e.score !== undefined ? `score ${e.score}`
        : `scores ${Object.entries(e.scores ?? {}).map(([p, x]) => `${who(s, p)} ${x >= 0 ? "+" : ""}${x}`).join(", ")}`));
      break;
    case "record": s.records.push(e.record); s.skat = e.record.skat ?? s.skat; s.skatShown = true; break;
    case "timeout": s.log.push(e.text ?? `${SEATNAME[e.seat]} ran out of time at card ${e.card}`); break;
    case "sheet": s.sheet = e.sheet; break;
  }
}

function who(s, seat) {
  return seat === s.me ? "you" : (s.names ?? NAMES)[s.seats?.[(s.letters ?? "FMR").indexOf(seat)] ?? 1];
}

const capital = t => t[0].toUpperCase() + t.slice(1);

// a seat's name: Forehand, Middlehand, Rearhand; in Offiziersskat the first player and the dealer
function seatName(s, seat) {
  return s.offiziers ? { F: "the first player", R: "the dealer" }[seat] : SEATNAME[seat];
}

function answer(s, a) {
  if (s.busy) return;
  s.busy = true;
  (s.send ? s.send(a) : call(`/api/games/${s.id}/answer`, { method: "POST", body: { answer: a } }))
    .catch(err => { if (s.onError) s.onError(err); else alert(err.message); }).finally(() => { s.busy = false; });
}

export function draw(board, s, q) {
  if (q?.cards && q.kind !== "discard") s.hand = q.cards;
  const parts = [];
  if (s.seats && !s.me) parts.push(h("p", { id: "sitting-out" }, `You deal deal ${s.number} and sit it out: the three others play it.`));
  if (s.me) parts.push(h("p", {}, `You are ${seatName(s, s.me)}` + (s.number ? ` in deal ${s.number}.` : ".") +
    (s.game && !s.ramsch ? ` ${s.declarer === s.me ? "You play" : capital(seatName(s, s.declarer)) + " plays"} ${s.game}` +
      (s.bid ? ` at ${s.bid}.` : ".") : "")));
  // the auction call by call: as it goes (the question carries it), then as it went
  const calls = s.auction.length ? s.auction : (q?.history ?? []);
  if (calls.length || (q && ["bid", "answer", "play18"].includes(q.kind))) parts.push(h("p", { id: "auction" },
    "Auction: " + (calls.length ? calls.map(([p, m]) =>
      // (a person by name and this deal's position, as every page of a table says it)
      `${p === s.me ? "you" : `${who(s, p)} (${SEATNAME[p] ?? p})`} ${m === "y" ? "yes" : m === "p" ? "pass" : m}`)
      .join(", ") : "no call yet")));
  const box = q ? question(s, q) : null;
  if (s.seats) parts.push(s.offiziers ? pilesTable(s, q) : table(s, q, box));
  if (box) parts.push(box);
  else if (!s.end && s.seats) parts.push(h("p", { id: "thinking", class: "muted" },
    s.send ? "waiting for the other players…" : "the computers are thinking…"));
  if (s.result) parts.push(h("p", { id: "result", class: "answer" }, resultLine(s, s.result)));
  if (s.hint && q) parts.push(h("p", { id: "hint", class: "muted" }, s.hint.text));
  if (s.log.length) parts.push(h("p", { class: "muted", id: "log" }, s.log.slice(-4).join(" · ")));
  if (s.records.length && (!q || ["bid", "answer", "play18"].includes(q.kind))) {
    const rec = s.records[s.records.length - 1];
    if (!rec.passed) parts.push(h("button", { id: "review-last", onclick: () => openReview(rec) }, "Review the last deal"));
  }
  if (s.sheet) parts.push(h("div", { class: "scroll" }, sheetTable(s.sheet, s.records)));
  if (s.end) parts.push(h("p", { class: "answer", id: "final" }, s.end.standings
    ? "Final standings: " + s.end.standings.map(([pl, n, t]) => `${pl}. ${n} ${t >= 0 ? "+" : ""}${t}`).join(", ")
    : (s.end.closed ?? s.end.error ?? "the match ended")));
  if (s.end?.records?.length) parts.push(h("p", {}, downloadRecords(s.end.records)));
  if (s.challenge) parts.push(challengeBox(s, board));
  board.replaceChildren(...parts);
}

// The challenge code of the match's deals (to share), and at its end the duplicate: best on the
// same cards in your seat against the same computers, deal by deal.
function challengeBox(s, board) {
  const box = h("div", { id: "challenge-box" }, h("p", { class: "muted" },
    `Challenge code of these deals: ${s.challenge} (anyone can play the same cards: Play, Challenge code).`));
  if (!s.end?.standings || !s.end.sheet) return box;
  if (s.duplicate) {
    const you = s.end.sheet.entries.map(e => e.scores[0]);
    const best = s.duplicate.best, tot = a => a.reduce((x, y) => x + y, 0);
    const sign = x => (x >= 0 ? "+" : "") + x;
    box.append(h("table", { class: "data", id: "duplicate" },
      h("thead", {}, h("tr", {}, ...["deal", "you", "best", "difference"].map(t => h("th", {}, t)))),
      h("tbody", {}, ...you.map((y, i) => h("tr", {}, h("td", {}, String(i + 1)), h("td", {}, sign(y)),
                                           h("td", {}, sign(best[i])), h("td", {}, sign(y - best[i])))),
        h("tr", {}, h("td", {}, "total"), h("td", {}, sign(tot(you))), h("td", {}, sign(tot(best))),
          h("td", {}, sign(tot(you) - tot(best)))))));
    return box;
  }
  const go = h("button", { id: "compare-best" }, "Compare with best on the same cards");
  go.addEventListener("click", async () => {
    go.disabled = true; go.textContent = "best plays the same cards…";
    try {
      s.duplicate = await post("/api/challenge/best", { code: s.challenge, opponents: s.opponents, strength: s.strength });
    } catch (e) { go.textContent = e.message; return; }
    draw(board, s, s.question);
  });
  box.append(go);
  return box;
}

// The card table: the two computers across (their cards as backs), the trick in the middle
// (each card on its player's side), you below; the game, bid and multipliers and the card
// points taken so far in a line under it.
function table(s, q, box) {
  const bottom = s.me ?? "F";                 // (sitting out: the three players round the table)
  const left = next(bottom), right = next(left);
  const leader = s.trick.length && s.trick.length < 3 ? s.trick[0][0]
    : s.lastTrick ? s.lastTrick.winner : (s.game ? "F" : null);
  const seatBox = (p, where) => {
    const badges = [];
    if (s.declarer === p && !s.ramsch) badges.push(h("span", { class: "badge decl" }, "declarer"));
    if (leader === p && !s.result && s.game) badges.push(h("span", { class: "badge" }, "leads"));
    if (s.lastTrick && s.lastTrick.winner === p && !s.result) badges.push(h("span", { class: "badge" }, "took the last trick"));
    if (s.clock) badges.push(h("span", { class: "badge clock" }, clockText(s.left[p] ?? 120)));
    const [tricks, points] = s.took?.[p] ?? [0, 0];
    const el = h("div", { class: `seat-box ${where}`, id: `seat-${p}`, "data-seat": p },
      h("div", { class: "who" }, h("strong", {}, p === s.me ? "You" : who(s, p)), ` · ${seatName(s, p)} `, ...badges),
      where === "me" && s.me ? null : h("div", { class: "backs", title: `${s.count?.[p] ?? 10} cards` },
        ...Array.from({ length: s.count?.[p] ?? 10 }, () => h("span", { class: "back" })),
        h("span", { class: "count" }, String(s.count?.[p] ?? 10))),
      h("div", { class: "took" }, tricks ? `${tricks} trick${tricks > 1 ? "s" : ""}, ${points} points` : "no trick yet"));
    if (where === "me" && s.me) {
      const mine = box?.querySelector("#hand, #twelve") ?? (s.hand ? cardRow(s.hand) : null);
      if (mine && !mine.id) mine.id = "my-cards";
      if (mine) el.append(mine);
    }
    return el;
  };
  const spot = { [left]: "at-left", [right]: "at-right", [bottom]: "at-me" };
  const center = h("div", { class: "center", id: "trick" },
    ...s.trick.map(([p, c], i) => h("span", { class: `played-card ${spot[p]}` + (i === s.trick.length - 1 && s.fresh ? " new" : ""),
                                          "data-seat": p }, cardEl(c))),
    s.trick.length === 3 && s.lastTrick ? h("span", { id: "trick-winner" },
      `${s.lastTrick.winner === s.me ? "you take" : who(s, s.lastTrick.winner) + " takes"} it (${s.lastTrick.points} points)`) : null);
  return h("div", { class: "table", id: "table" }, seatBox(left, "left"), seatBox(right, "right"), center,
    seatBox(bottom, "me"), status(s));
}

// Offiziersskat's table: each side's eight piles (a face-down card as a back, the open card on
// top of it; your playable cards outlined and clicked to play), the trick in the middle.
function pilesTable(s, q) {
  const mine = s.me ?? "F", other = mine === "F" ? "R" : "F";
  const piles = q?.piles ?? s.piles;
  const legal = new Set(q?.kind === "card" ? q.legal : []);
  const row = (side, id) => {
    const sidePiles = piles ? piles["FR".indexOf(side)]
      : side === mine && q?.cards ? q.cards.map(c => [c, true]) : Array.from({ length: 8 }, () => [null, true]);
    return h("div", { class: "piles", id }, ...sidePiles.map(([top, down]) => h("span", { class: "pile" },
      down ? h("span", { class: "back" }) : null,
      top ? cardEl(top, legal.has(top) && side === mine
        ? { button: true, classes: ["legal", "on-pile"], onClick: name => answer(s, name) } : { classes: ["on-pile"] })
        : null)));
  };
  const [tricksMine, ptsMine] = s.took?.[mine] ?? [0, 0];
  const [tricksOther, ptsOther] = s.took?.[other] ?? [0, 0];
  return h("div", { class: "table offiziers", id: "table" },
    h("div", { class: "seat-box left wide", id: `seat-${other}` },
      h("div", { class: "who" }, h("strong", {}, who(s, other)), ` · ${seatName(s, other)} `,
        s.declarer === other ? h("span", { class: "badge decl" }, "declarer") : null),
      row(other, "their-piles"), h("div", { class: "took" }, `${tricksOther} tricks, ${ptsOther} points`)),
    h("div", { class: "center", id: "trick" }, ...s.trick.map(([p, c]) =>
      h("span", { class: `played-card ${p === mine ? "at-me" : "at-right"}`, "data-seat": p }, cardEl(c)))),
    h("div", { class: "seat-box me", id: `seat-${mine}` },
      h("div", { class: "who" }, h("strong", {}, "You"), ` · ${seatName(s, mine)} `,
        s.declarer === mine ? h("span", { class: "badge decl" }, "declarer") : null),
      row(mine, "my-piles"), h("div", { class: "took" }, `${tricksMine} tricks, ${ptsMine} points`)),
    status(s));
}

function status(s) {
  const bits = [];
  if (s.game && !s.ramsch) bits.push(h("strong", { id: "game" }, s.bid ? `${s.game} · bid ${s.bid}` : s.game));
  else if (s.ramsch) bits.push(h("strong", { id: "game" }, "Ramsch"));
  const mult = [...s.calls ?? []];
  if (s.bock) mult.push("Bock round ×2");
  if (s.ramsch && s.pushes) mult.push(`pushed on ${s.pushes}× (×${2 ** s.pushes})`);
  if (mult.length) bits.push(h("span", { id: "multipliers" }, mult.join(" · ")));
  if (s.declarer && s.took && !s.ramsch) {
    const d = s.took[s.declarer][1];
    const def = Object.entries(s.took).filter(([p]) => p !== s.declarer).reduce((a, [, v]) => a + v[1], 0);
    bits.push(h("span", { id: "points" }, s.offiziers ? `card points: the first player ${d}, the dealer ${def}`
      : `card points: declarer ${d}, defenders ${def}`));
  }
  // your skat: the two cards taken up until you put two away, then the two put away (they count for you)
  const putAway = s.game && s.declarer === s.me && s.myDiscard && !s.skatShown;
  const skat = putAway ? s.myDiscard : s.skat;
  if (skat) bits.push(h("span", { id: "skat" }, s.skatShown ? "skat: " : putAway ? "the skat you put away: "
    : "the skat you picked up: ", ...skat.map(c => cardEl(c, { classes: ["small"] }))));
  return h("div", { class: "status" }, ...bits);
}

function clockText(sec) {
  const t = Math.max(0, Math.round(sec));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")} left`;
}

function question(s, q) {
  const box = h("div", { id: "question", "data-kind": q.kind });
  if (q.error) box.append(h("p", { class: "error", id: "question-error" }, q.error));
  const hint = h("button", { id: "hint-button", onclick: () => answer(s, { hint: true }) }, "Hint");
  if (["bid", "answer", "play18"].includes(q.kind)) {
    const ask = q.kind === "bid" ? `Bid ${q.value}?` : q.kind === "answer" ? `Hold ${q.value}?` : "Play at 18?";
    box.append(h("p", {}, ask, " ", h("button", { class: "primary", id: "yes", onclick: () => answer(s, "yes") },
        q.kind === "answer" ? "Yes (hold)" : `Bid ${q.value}`),
        " ", h("button", { id: "pass", onclick: () => answer(s, "pass") }, "Pass"), " ", hint));
  } else if (q.kind === "hand") {
    box.append(h("p", {}, `You won the auction at ${q.bid}.`),
      h("p", {}, h("button", { class: "primary", id: "pickup", onclick: () => answer(s, "pickup") }, "Pick up the skat"),
        " or play Hand: ", ...GAMES.map(g => h("button", { "data-game": g, onclick: () => answer(s, g) }, g)), " ", hint));
  } else if (q.kind === "discard") {
    const game = h("select", { id: "declare-game" }, ...GAMES.map(g => h("option", { value: g }, g)),
      h("option", { value: "null ouvert" }, "null ouvert"));
    const go = h("button", { class: "primary", id: "declare", disabled: true }, "Discard and declare");
    const [row, chosen] = pickTwo(q.cards, go);
    go.addEventListener("click", () => { s.myDiscard = chosen(); answer(s, { discard: chosen(), game: game.value }); });
    box.append(h("p", {}, "Click two cards to put away, then choose the game: ", hint), row, h("p", {}, game, " ", go));
  } else if (q.kind === "offiziers-game") {
    box.append(h("p", {}, "Your open cards are on your piles. Declare: ",
      ...q.games.map(g => h("button", { "data-game": g, onclick: () => answer(s, g) }, g)), " ", hint));
  } else if (q.kind === "spitze") {
    box.append(h("p", {}, `Announce Spitze: you win the last trick with ${q.card}, for one more level? `,
      h("button", { id: "yes", onclick: () => answer(s, "yes") }, "Spitze"), " ",
      h("button", { id: "no", onclick: () => answer(s, "no") }, "No")));
  } else if (q.kind === "ramsch-pickup") {
    box.append(h("p", {}, "Schieberamsch: pick up the skat, or push it on unseen (that doubles the deal)? ",
      h("button", { class: "primary", id: "pickup", onclick: () => answer(s, "pickup") }, "Pick up"), " ",
      h("button", { id: "push", onclick: () => answer(s, "push") }, "Push it on"), " ", hint));
  } else if (q.kind === "ramsch-discard") {
    const go = h("button", { class: "primary", id: "put-back", disabled: true }, "Put them back");
    const [row, chosen] = pickTwo(q.cards, go);
    go.addEventListener("click", () => answer(s, { discard: chosen() }));
    box.append(h("p", {}, "Click two cards to put back (no jack), then pass the skat on: ", hint), row, h("p", {}, go));
  } else if (["kontra", "re", "bock", "hirsch"].includes(q.kind)) {
    const word = q.kind[0].toUpperCase() + q.kind.slice(1);
    box.append(h("p", {}, `${word}? `, h("button", { id: "yes", onclick: () => answer(s, "yes") }, word),
      " ", h("button", { id: "no", onclick: () => answer(s, "no") }, "No")));
  } else if (q.kind === "next") {
    // the deal is over: its result stays on every seat until each person is ready (or the time is up)
    box.append(h("p", {}, "The deal is over. ", h("button", { class: "primary", id: "next-deal",
      onclick: () => answer(s, "next") }, "Next deal"), ` (it starts when everybody is ready, at the latest in ` +
      `${Math.round(q.seconds ?? 20)} s)`));
  } else if (q.kind === "card" && q.variant === "offiziersskat") {
    box.append(h("p", {}, `Trick ${trickNumber(s)}, your turn: click one of your outlined cards on your piles. `, hint));
  } else if (q.kind === "card") {
    const legal = new Set(q.legal);
    const row = cardRow(q.cards, n => legal.has(n)
      ? { button: true, classes: ["legal"], onClick: name => answer(s, name) } : { classes: ["played"] });
    row.id = "hand";
    box.append(h("p", {}, `Trick ${trickNumber(s)}, your turn: click a card to play it (the legal ones are outlined). `, hint), row);
    for (const [seat, cards] of Object.entries(q.shown ?? {})) box.append(h("p", {}, `${SEATNAME[seat]} shows:`), cardRow(cards));
  }
  return box;
}

// The trick being played: one more than the tricks taken.
function trickNumber(s) {
  return 1 + Object.values(s.took ?? {}).reduce((a, v) => a + v[0], 0);
}

// The twelve cards as a row (#twelve) in which two are clicked to put away; ``go`` is enabled
// when two are chosen.  Returns the row and a function giving the chosen cards.
function pickTwo(cards, go) {
  const chosen = new Set();
  const row = cardRow(cards, () => ({ button: true, onClick: (name, el) => {
    if (chosen.has(name)) chosen.delete(name); else if (chosen.size < 2) chosen.add(name);
    el.classList.toggle("selected", chosen.has(name));
    go.disabled = chosen.size !== 2;
  } }));
  row.id = "twelve";
  return [row, () => [...chosen]];
}

function resultLine(s, r) {
  // (Offiziersskat: the other is named, a person or a computer; the scores of both sides)
  if (s.offiziers) return `${capital(who(s, r.declarer))} played ${r.game}, ` +
    `${r.declarer_points} card points: ${r.reason}; scores ` +
    Object.entries(r.scores ?? {}).map(([p, x]) => `${who(s, p)} ${x >= 0 ? "+" : ""}${x}`).join(", ");
  if (r.game === "ramsch") return `Ramsch: scores ${Object.entries(r.scores ?? {}).map(([p, x]) => `${p === s.me ? "you" : p} ${x >= 0 ? "+" : ""}${x}`).join(", ")}`;
  const by = r.declarer === s.me ? "You" : SEATNAME[r.declarer];
  // (the reason says won or lost and why: "lost: 44 card points (61 needed)")
  return `${by} played ${r.declaration} at ${r.bid}, ${r.declarer_points} card points: ${r.reason}; ` +
    `score ${r.score >= 0 ? "+" : ""}${r.score}`;
}

// a deal's record opens in the Review
function openReview(rec) {
  sessionStorage.setItem("review", JSON.stringify(rec));
  location.hash = "#review";
}

// the score sheet; each deal played (not passed) opens in the Review from its row
function sheetTable(sheet, records = []) {
  const review = i => records[i] && !records[i].passed
    ? [" ", h("button", { class: "review-deal", "data-deal": String(i + 1), onclick: () => openReview(records[i]) }, "Review")]
    : [];
  return h("table", { class: "data", id: "sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, "deal"), ...counted(sheet, sheet.players).map(p => h("th", {}, p)))),
    h("tbody", {}, ...sheet.entries.map((e, i) => h("tr", {}, h("td", {}, String(e.number) + (e.multipliers ? ` (${e.multipliers})` : "") + (e.bock ? " (Bock ×2)" : ""), ...review(i)),
      ...counted(sheet, e.scores).map(x => h("td", {}, e.passed ? "passed" : (x >= 0 ? "+" : "") + x)))),
      h("tr", {}, h("td", {}, "total"), ...counted(sheet, sheet.totals).map(t => h("td", {}, String(t))))));
}

// a sheet's columns of the players whose scores count (a duel's partner is left out of the payouts)
function counted(sheet, columns) {
  return sheet.counted ? columns.filter((_, i) => sheet.counted[i]) : columns;
}

// The finished match's deal records as a file (JSON lines, what skat verify and skat analyse read)
export function downloadRecords(records) {
  const blob = new Blob([records.map(r => JSON.stringify(r)).join("\n") + "\n"], { type: "application/x-ndjson" });
  return h("a", { id: "download-records", href: URL.createObjectURL(blob), download: "deal-records.jsonl" },
           "Download the deal records");
}
