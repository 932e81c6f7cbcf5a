// Tables where people play each other: a host creates a table (#tables) and sends each person
// the invite link of his seat; a seat's page (#table?id=..&invite=..) joins with a name, keeps
// the seat's token in this browser (opening the link again returns to the seat), follows the
// table live (Server-Sent Events) and answers by clicking, on the same card table as Play.
import { h } from "./api.js";
import { apply, draw } from "./play.js";
import { checkDeal } from "./fair.js";

// a computer seat: by name, and best at each strength (1 is the table's default, ~0.3 s a move)
const COMPUTERS = [["computer:best", "computer (best)"], ["computer:best:2", "computer (best, strength 2)"],
                   ["computer:best:3", "computer (best, strength 3)"], ["computer:pimc", "computer (pimc)"],
                   ["computer:rules", "computer (rules)"], ["computer:random", "computer (random)"]];

async function call(path, { method = "GET", body, token } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? (method === "POST" ? "{}" : undefined)
                                                                          : JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error ?? `HTTP ${r.status}`);
  return data;
}

export function tablesPage(main) {
  const seatSel = slot => h("select", { id: `seat-${slot}`, class: "seat-kind" },
    h("option", { value: "person" }, "a person"), ...COMPUTERS.map(([value, label]) => h("option", { value }, label)));
  const seats = { F: seatSel("F"), M: seatSel("M"), R: seatSel("R") };
  const variant = h("select", { id: "t-variant" }, h("option", { value: "skat" }, "Skat"),
                    h("option", { value: "offiziersskat" }, "Offiziersskat (two people, piles)"));
  // the match's length: a number of deals, of rounds (everybody deals once), or a target score
  const length = h("select", { id: "t-length" }, h("option", { value: "deals" }, "deals"),
                   h("option", { value: "rounds" }, "rounds"), h("option", { value: "target" }, "points to win"));
  const deals = h("input", { type: "number", id: "t-deals", value: 3, min: 1, max: 36 });
  const LIMITS = { deals: [3, 36], rounds: [1, 50], target: [500, 100000] };
  length.addEventListener("change", () => { const [v, max] = LIMITS[length.value]; deals.value = v; deals.max = max; });
  const scoring = h("select", { id: "t-scoring" }, h("option", { value: "simple" }, "simple"),
                    h("option", { value: "seeger-fabian" }, "Seeger-Fabian (tournament)"));
  const clock = h("input", { type: "checkbox", id: "t-clock" });
  const hints = h("input", { type: "checkbox", id: "t-hints", checked: true });
  const house = h("input", { type: "text", id: "t-house", placeholder: "ramsch,kontra,bock-rounds,spitze" });
  const go = h("button", { class: "primary", id: "create-table" }, "Create the table");
  const out = h("div", { id: "host" });
  variant.addEventListener("change", () => {
    const off = variant.value === "offiziersskat";
    seats.M.disabled = off;
    if (off && length.value === "deals" && Number(deals.value) % 2) deals.value = String(Number(deals.value) + 1);
  });
  go.addEventListener("click", async () => {
    const off = variant.value === "offiziersskat";
    const body = { variant: variant.value, [length.value]: Number(deals.value), scoring: scoring.value, clock: clock.checked,
                   hints: hints.checked, house: house.value.trim(),
                   seats: off ? { F: seats.F.value, R: seats.R.value } : { F: seats.F.value, M: seats.M.value, R: seats.R.value } };
    try { hostPanel(out, await call("/api/tables", { method: "POST", body })); }
    catch (e) { out.replaceChildren(h("p", { class: "error" }, e.message)); }
  });
  main.append(h("h2", {}, "Play with people"),
    h("p", { class: "muted" }, "Three people: tournament rules. Two people and a computer: duel rules (the computer " +
      "always defends and is left out of the payouts). Send each person the link of his seat."),
    h("fieldset", {}, h("legend", {}, "A new table"),
      h("label", {}, "Game ", variant), h("label", {}, "Forehand ", seats.F), h("label", {}, "Middlehand ", seats.M),
      h("label", {}, "Rearhand ", seats.R), h("label", {}, "Length ", deals, " ", length), h("label", {}, "Scoring ", scoring),
      h("label", {}, clock, " Clock (2 minutes, +10 s for a quick move)"), h("label", {}, hints, " Hints"),
      h("label", {}, "House rules ", house), go), out);
}

function hostPanel(out, t) {
  localStorage.setItem(`host:${t.id}`, t.host);
  const link = slot => `${location.origin}${location.pathname}#table?id=${t.id}&invite=${t.invites[slot]}`;
  const status = h("p", { id: "host-status" }, `Table ${t.id}: ${t.rules} rules. Waiting for the people.`);
  const start = h("button", { id: "start-table" }, "Start now (empty seats to a computer)");
  start.addEventListener("click", async () => {
    try { await call(`/api/tables/${t.id}/start`, { method: "POST", body: { empty: "computer:rules" }, token: t.host });
          status.textContent = `Table ${t.id} started.`; }
    catch (e) { status.textContent = e.message; }
  });
  out.replaceChildren(status,
    h("ul", { id: "invites" }, ...Object.keys(t.invites).map(slot =>
      h("li", {}, `Seat ${slot}: `, h("a", { href: link(slot), class: "invite", "data-seat": slot, target: "_blank" },
        link(slot))))),
    start);
}

// A seat's page: join (once), then follow the table live and answer by clicking.
export async function tablePage(main) {
  const params = new URLSearchParams(location.hash.split("?")[1] ?? "");
  const id = params.get("id"), invite = params.get("invite");
  const board = h("div", { id: "board" });
  const who = h("p", { id: "who", class: "muted" });
  const fairLine = h("p", { id: "fair", class: "muted" });
  main.append(h("h2", {}, "Table"), who, fairLine, board);
  if (!id || !invite) { board.append(h("p", { class: "error" }, "this link has no table or invite")); return; }
  const key = `seat:${id}:${invite}`;
  let token = localStorage.getItem(key);
  if (!token) {
    const name = h("input", { type: "text", id: "join-name", placeholder: "your name", maxlength: 40 });
    const join = h("button", { class: "primary", id: "join" }, "Take the seat");
    board.append(h("fieldset", {}, h("legend", {}, "Join the table"), h("label", {}, "Name ", name), join));
    await new Promise(resolve => join.addEventListener("click", resolve));
    try { ({ token } = await call(`/api/tables/${id}/join`, { method: "POST", body: { invite, name: name.value || "player" } })); }
    catch (e) { board.replaceChildren(h("p", { class: "error" }, e.message)); return; }
    localStorage.setItem(key, token);
  } else {
    try { await call(`/api/tables/${id}/join`, { method: "POST", body: { invite, name: "back" }, token }); }
    catch (e) { board.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  }
  const st = await call(`/api/tables/${id}/state`, { token });
  const s = { id, player: st.player, since: 0, seats: null, me: null, trick: [], auction: [], log: [], records: [],
              sheet: null, end: null, game: null, declarer: null, hint: null, busy: false,
              clock: st.settings.clock, left: {}, question: null, players: st.players };
  s.send = a => call(`/api/tables/${id}/act`, { method: "POST", body: { answer: a }, token });
  s.onError = e => { s.error = e.message; redraw(); };
  const redraw = () => {
    who.replaceChildren(...(s.players ?? []).map(p => h("span", { class: "badge" + (p.to_act ? " decl" : ""),
      "data-seat": p.seat }, `${p.seat} ${p.name ?? "(free)"}${p.kind === "person" ? (p.connected ? " ·online" : " ·away") : ""}` +
      (p.clock !== undefined ? ` ${Math.floor(p.clock / 60)}:${String(Math.round(p.clock % 60)).padStart(2, "0")}` : "") +
      (p.to_act ? " ·to play" : ""))));
    draw(board, s, s.question ? { ...s.question, error: s.error ?? s.question.error } : null);
  };
  // every deal is committed to before its first call and checked here when it ends (solver/fair.py)
  const fair = e => {
    if (e.kind === "deal" && e.commitment) {
      const at = e.seats.indexOf(s.player);
      s.fair = { number: e.number, commitment: e.commitment, hand: null,
                 position: at < 0 ? null : (e.seats.length === 2 ? "FR" : "FMR")[at] };
      fairLine.textContent = `Deal ${e.number}: the cards are fixed, commitment ${e.commitment.slice(0, 16)}… ` +
                             "(checked when the deal ends)";
    } else if (e.kind === "hand" && s.fair && !s.fair.hand) {
      s.fair.hand = e.cards;
    } else if (e.kind === "record" && s.fair && e.record?.reveal) {
      const wrong = checkDeal(s.fair.commitment, e.record.reveal, s.fair.hand,
                              e.record.variant === "offiziersskat" ? null : s.fair.position);
      fairLine.textContent = wrong.length ? `Deal ${s.fair.number}: NOT verified: ${wrong.join("; ")}`
        : `Deal ${s.fair.number}: verified: the cards dealt were the ones committed to ` +
          `(${s.fair.commitment.slice(0, 16)}…)`;
      fairLine.className = wrong.length ? "error" : "muted";
      fairLine.dataset.verified = wrong.length ? "no" : "yes";
    }
  };
  const handlers = {
    event: m => { const e = JSON.parse(m.data); fair(e); apply(s, e); s.fresh = e.kind === "card";
                  if (["card", "trick", "deal", "result"].includes(e.kind)) s.question = null; redraw(); },
  // a new question means the last answer was taken: its request may still be on its way back,
  // but a click on the new question must not wait for it (it was dropped while "busy")
    question: m => { s.question = JSON.parse(m.data); s.error = null; s.busy = false;
                     if (!s.question) s.hint = null; redraw(); },
    hint: m => { s.hint = JSON.parse(m.data); redraw(); },
    presence: m => { s.players = JSON.parse(m.data); redraw(); },
    clock: m => { const c = JSON.parse(m.data);
                  s.players = (s.players ?? []).map(p => p.seat === c.seat ? { ...p, clock: c.left } : p); redraw(); },
    end: m => { s.end = JSON.parse(m.data); s.question = null; redraw(); events.close(); },
  };
  const events = follow(id, token, handlers);
  window.addEventListener("hashchange", () => events.close(), { once: true });
}

// The table's events for `token`: each stream opened with a ticket good for one stream (a token
// never goes in a URL), and opened again after a break, from the last event seen.
function follow(id, token, handlers) {
  let source = null, last = null, closed = false;
  const open = async () => {
    if (closed) return;
    let ticket;
    try { ({ ticket } = await call(`/api/tables/${id}/ticket`, { method: "POST", token })); }
    catch (e) { if (!closed) setTimeout(open, 3000); return; }
    if (closed) return;
    source = new EventSource(`/api/tables/${id}/events?ticket=${encodeURIComponent(ticket)}` +
                             (last === null ? "" : `&since=${last}`));
    for (const [kind, fn] of Object.entries(handlers)) {
      source.addEventListener(kind, m => { if (kind === "event" && m.lastEventId) last = Number(m.lastEventId); fn(m); });
    }
    source.onerror = () => { source.close(); if (!closed) setTimeout(open, 1000); };
  };
  open();
  return { close() { closed = true; source?.close(); } };
}
