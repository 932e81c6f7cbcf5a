// Tables where people play each other: a host creates a table (#tables) and sends each person
// the invite link of his seat; a seat's page (#table?id=..&invite=..) joins with a name, keeps
// the seat's token in this browser (opening the link again returns to the seat), follows the
// table live (Server-Sent Events) and answers by clicking, on the same card table as Play.
import { call, h } from "./api.js";
import { apply, draw } from "./play.js";
import { checkDeal } from "./fair.js";

// a computer seat: by name, and best at each strength (1 is the table's default, ~0.3 s a move)
const COMPUTERS = [["computer:best", "computer (best)"], ["computer:best:2", "computer (best, strength 2)"],
                   ["computer:best:3", "computer (best, strength 3)"], ["computer:pimc", "computer (pimc)"],
                   ["computer:rules", "computer (rules)"], ["computer:random", "computer (random)"]];

export function tablesPage(main) {
  const id = new URLSearchParams(location.hash.split("?")[1] ?? "").get("id");
  if (id) { hostPage(main, id); return; }              // the host's page of a table made in this browser
  const seatSel = (slot, ...first) => h("select", { id: `seat-${slot}`, class: "seat-kind" }, ...first,
    h("option", { value: "person" }, "a person"), ...COMPUTERS.map(([value, label]) => h("option", { value }, label)));
  // a fourth at the table (the dealer sits out each deal), or nobody
  const seats = { F: seatSel("F"), M: seatSel("M"), R: seatSel("R"), X: seatSel("X", h("option", { value: "" }, "nobody")) };
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
    seats.M.disabled = off; seats.X.disabled = off;
    if (off && length.value === "deals" && Number(deals.value) % 2) deals.value = String(Number(deals.value) + 1);
  });
  go.addEventListener("click", async () => {
    const off = variant.value === "offiziersskat";
    const chosen = off ? { F: seats.F.value, R: seats.R.value }
      : { F: seats.F.value, M: seats.M.value, R: seats.R.value, ...(seats.X.value ? { X: seats.X.value } : {}) };
    const body = { variant: variant.value, [length.value]: Number(deals.value), scoring: scoring.value, clock: clock.checked,
                   hints: hints.checked, house: house.value.trim(), seats: chosen };
    try {
      const t = await call("/api/tables", { method: "POST", body });
      // the host's token and the invites stay in this browser: the table's page comes back after a reload
      localStorage.setItem(`host:${t.id}`, JSON.stringify({ host: t.host, invites: t.invites, rules: t.rules,
                                                            variant: variant.value }));
      location.hash = `#tables?id=${t.id}`;
    } catch (e) { out.replaceChildren(h("p", { class: "error" }, e.message)); }
  });
  main.append(h("h2", {}, "Play with people"),
    h("p", { class: "muted" }, "Three people: tournament rules. Two people and a computer: duel rules (the computer " +
      "always defends and is left out of the payouts). Four: the dealer sits out each deal. Send each person the " +
      "link of his seat."),
    h("fieldset", {}, h("legend", {}, "A new table"),
      h("label", {}, "Game ", variant), h("label", {}, "Seat F ", seats.F), h("label", {}, "Seat M ", seats.M),
      h("label", {}, "Seat R ", seats.R), h("label", {}, "A fourth (seat X) ", seats.X),
      h("label", {}, "Length ", deals, " ", length), h("label", {}, "Scoring ", scoring),
      h("label", {}, clock, " Clock (2 minutes, +10 s for a quick move)"), h("label", {}, hints, " Hints"),
      h("label", {}, "House rules ", house), go),
    h("p", { class: "muted" }, "People sit in seats; who is Forehand, Middlehand and Rearhand changes every deal."),
    out);
}

// what this browser keeps of a table it made (older pages kept the host's token alone)
function kept(id) {
  const raw = localStorage.getItem(`host:${id}`);
  if (!raw) return null;
  try { return JSON.parse(raw); } catch { return { host: raw, invites: {} }; }
}

const RULES = { duel: "duel rules (the computer always defends and is left out of the payouts)",
                tournament: "tournament rules", table: "table rules",
                offiziersskat: "Offiziersskat (two players, each declaring in turn)" };

async function copyText(text) {
  try { await navigator.clipboard.writeText(text); return true; }
  catch {                                            // (no clipboard API on plain http: the old way)
    const area = h("textarea", { style: "position:fixed;opacity:0" }); area.value = text;
    document.body.append(area); area.select();
    const done = document.execCommand("copy"); area.remove(); return done;
  }
}

// The host's page of a table (#tables?id=..): the seats, who joined and is online, whose turn it
// is, the invite links with a copy button and a QR code, a seat's invite issued again, Start and
// Close; live over the table's event stream.
async function hostPage(main, id) {
  const t = kept(id);
  const status = h("p", { id: "host-status" });
  const reach = h("div", { id: "reach" });
  const seatList = h("ul", { id: "host-seats" });
  const invites = h("ul", { id: "invites" });
  const start = h("button", { id: "start-table" }, "Start now (empty seats to a computer)");
  const close = h("button", { id: "close-table" }, "Close the table");
  main.append(h("h2", {}, "Your table"), status, reach, seatList, h("h3", {}, "Invite links"), invites,
              h("p", {}, start, " ", close));
  if (!t) { status.textContent = `This browser did not make table ${id} (its host token is not here).`; return; }
  let server = null;
  try { server = await call("/api/server"); } catch { /* (an older server) */ }
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  // a link friends can open: this page's own address, unless it is this computer's loopback
  const base = local && server?.addresses?.length ? server.addresses[0] : `${location.origin}${location.pathname}`;
  const link = slot => `${base}#table?id=${id}&invite=${t.invites[slot]}`;
  if (local && server?.loopback_only) {
    reach.replaceChildren(h("p", { class: "error", id: "reach-warning" },
      "This server listens on this computer only (127.0.0.1): friends on other computers cannot open these " +
      "links. To host on your network, start it with: skat serve --host 0.0.0.0"));
  } else if (local && server?.addresses?.length) {
    reach.replaceChildren(h("p", { class: "muted" }, `The links use this computer's network address (${base}); ` +
      `other addresses of it: ${server.addresses.slice(1).join(", ") || "none"}.`));
  }
  let players = [];
  const draw = st => {
    players = st.players ?? players;
    status.textContent = `Table ${id}: ${RULES[t.rules] ?? t.rules ?? ""}. ` +
      (st.phase === "waiting" ? "Waiting for the people." : st.phase === "finished" ? "The match is over." :
       st.phase === "closed" ? "The table is closed." : `Playing (${st.phase}).`);
    seatList.replaceChildren(...players.map(p => h("li", { "data-seat": p.seat, class: p.to_act ? "to-play" : "" },
      `Seat ${p.seat}: ${p.name ?? "(free)"}`, p.position ? ` (${POSITION[p.position]})` : "",
      p.kind === "person" ? (p.joined ? (p.connected ? " · online" : " · away") : " · not joined") : "",
      p.to_act ? " · to play" : "")));
    invites.replaceChildren(...players.filter(p => p.kind === "person").map(p => {
      const row = h("li", { "data-seat": p.seat });
      const again = h("button", { class: "reissue" }, p.joined ? "New invite (the old link and device stop working)" : "New invite");
      again.addEventListener("click", async () => {
        try { const r = await call(`/api/tables/${id}/invite`, { method: "POST", body: { seat: p.seat }, token: t.host });
              t.invites[p.seat] = r.invite; localStorage.setItem(`host:${id}`, JSON.stringify(t)); draw({ ...st }); }
        catch (e) { status.textContent = e.message; }
      });
      if (!t.invites[p.seat]) { row.append(`Seat ${p.seat}: `, again); return row; }
      const url = link(p.seat);
      const copy = h("button", { class: "copy" }, "Copy");
      copy.addEventListener("click", async () => { copy.textContent = (await copyText(url)) ? "Copied" : "Select and copy"; });
      const qr = h("button", { class: "qr" }, "QR code");
      qr.addEventListener("click", () => qr.replaceWith(h("img", { class: "qr", alt: `QR code of seat ${p.seat}'s link`,
                                                                   src: `/api/qr?text=${encodeURIComponent(url)}` })));
      row.append(`Seat ${p.seat}${p.joined ? ` (${p.name})` : ""}: `,
                 h("a", { href: url, class: "invite", "data-seat": p.seat, target: "_blank" }, url), " ", copy, " ", qr, " ", again);
      return row;
    }));
    start.hidden = st.phase !== "waiting";
    close.hidden = ["finished", "closed", "stopped"].includes(st.phase);
  };
  const refresh = async () => {
    try { draw(await call(`/api/tables/${id}/state`, { token: t.host })); }
    catch (e) { status.textContent = e.message; }
  };
  start.addEventListener("click", async () => {
    try { await call(`/api/tables/${id}/start`, { method: "POST", body: { empty: "computer:rules" }, token: t.host });
          await refresh(); }
    catch (e) { status.textContent = e.message; }
  });
  close.addEventListener("click", async () => {
    try { await call(`/api/tables/${id}`, { method: "DELETE", token: t.host }); await refresh(); }
    catch (e) { status.textContent = e.message; }
  });
  await refresh();
  const events = follow(id, t.host, { presence: () => refresh(), end: () => { refresh(); events.close(); } });
  window.addEventListener("hashchange", () => events.close(), { once: true });
}

const POSITION = { F: "Forehand", M: "Middlehand", R: "Rearhand" };

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
    // people sit in seats; positions change every deal: "ann (Forehand)", as every page and skat join say it
    who.replaceChildren(...(s.players ?? []).map((p, i) => h("span", { class: "badge" + (p.to_act ? " decl" : ""),
      "data-seat": p.seat, "data-me": i === s.player ? "yes" : "no" }, `${p.name ?? `seat ${p.seat} (free)`}${p.position ? ` (${POSITION[p.position]})` : ""}` +
      `${p.kind === "person" ? (p.connected ? " ·online" : " ·away") : ""}` +
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
    end: m => { s.end = JSON.parse(m.data); s.question = null;
                // (a table finished before a restart has no events: its sheet and records come with its end)
                if (!s.sheet && s.end.sheet) s.sheet = s.end.sheet;
                if (!s.records.length && s.end.records) s.records = s.end.records;
                redraw(); events.close(); },
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
