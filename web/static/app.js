import { advisorPage } from "./advisor.js";
import { playPage } from "./play.js";
import { puzzlesPage } from "./puzzles.js";
import { reviewPage } from "./review.js";
import { solverPage } from "./solver.js";
import { tablePage, tablesPage } from "./tables.js";

const PAGES = { play: playPage, advisor: advisorPage, review: reviewPage, puzzles: puzzlesPage, solver: solverPage,
                tables: tablesPage, table: tablePage };

function route() {
  const name = (location.hash.slice(1) || "play").split("?")[0];
  const page = PAGES[name] ?? playPage;
  document.querySelectorAll("nav a").forEach(a => a.classList.toggle("active", a.dataset.page === name));
  const main = document.getElementById("page");
  main.replaceChildren();
  page(main);
}
const deckChoice = document.getElementById("deck-choice");
deckChoice.value = localStorage.getItem("deck") ?? "french";
deckChoice.addEventListener("change", () => { localStorage.setItem("deck", deckChoice.value); route(); });
window.addEventListener("hashchange", route);
route();
