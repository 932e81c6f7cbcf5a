// Solver: set up any deal or position and see each playable card's double-dummy value.
import { cardRow } from "./cards.js";
import { h, post } from "./api.js";
import { META } from "./meta.js";

export function solverPage(main) {
  const f = name => h("input", { type: "text", id: `f-${name}`, size: 34 });
  const fields = { F: f("F"), M: f("M"), R: f("R"), skat: f("skat"), played: f("played") };
  fields.F.value = "CJ SJ HA HT HK H9 SA S7 D8 D7";
  fields.M.value = "C8 C9 CT CK CQ CA S8 S9 ST SK";
  fields.R.value = "H7 H8 HQ DJ HJ SQ D9 DT DK DQ";
  fields.skat.value = "DA C7";
  const game = h("select", { id: "f-game" }, ...META.games.map(g => h("option", { value: g, selected: g === "hearts" }, g)));
  const declarer = h("select", { id: "f-declarer" }, ...Object.keys(META.seats).map(s => h("option", { value: s }, s)));
  const go = h("button", { class: "primary", id: "solve" }, "Solve");
  const out = h("div", { id: "solved" });
  go.addEventListener("click", async () => {
    out.replaceChildren(h("p", { class: "muted" }, "solving…"));
    try {
      const body = { F: fields.F.value, M: fields.M.value, R: fields.R.value, skat: fields.skat.value,
                     played: fields.played.value, game: game.value, declarer: declarer.value, best: true };
      const r = await post("/api/solve", body);
      const best = Object.entries(r.dd_best ?? {});
      const isNull = r.game === "null";
      out.replaceChildren(
        h("p", { class: "answer" }, isNull ? `The declarer ${r.dd_declarer_wins ? "wins" : "loses"} with best play.`
          : `With best play the declarer ends with ${r.dd_points} card points: ` +
            `${r.dd_declarer_wins ? "won" : "lost"}${r.dd_all_tricks ? ", every trick" : ""}.`),
        h("p", {}, "Each playable card of the player to move, with the value after it (double-dummy):"),
        cardRow(best.map(([c]) => c)),
        h("table", { class: "data", id: "card-values" },
          h("thead", {}, h("tr", {}, h("th", {}, "card"), h("th", {}, isNull ? "declarer wins" : "declarer's points"))),
          h("tbody", {}, ...best.map(([c, v]) => h("tr", {}, h("td", {}, c), h("td", {}, String(v)))))));
    } catch (e) {
      out.replaceChildren(h("p", { class: "error" }, e.message));
    }
  });
  main.append(h("h2", {}, "Solver"),
    h("fieldset", {}, h("legend", {}, "The deal (after a pick-up, the skat is the discard)"),
      ...Object.entries({ F: "Forehand", M: "Middlehand", R: "Rearhand", skat: "Skat", played: "Played so far" })
        .map(([k, label]) => h("div", { class: "seat" }, h("label", {}, label), fields[k])),
      h("div", {}, h("label", {}, "Game ", game), h("label", {}, "Declarer ", declarer), go)), out);
}
