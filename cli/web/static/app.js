import { advisorPage } from "./advisor.js";
import { playPage } from "./play.js";
import { reviewPage } from "./review.js";
import { solverPage } from "./solver.js";
import { tablePage, tablesPage } from "./tables.js";

const PAGES = { play: playPage, advisor: advisorPage, review: reviewPage, solver: solverPage, tables: tablesPage,
                table: tablePage };

// Every data table's cells carry their column's name (data-label): on a phone the rows are laid
// out as blocks of "name value" pairs (app.css), so no column is ever cut off at the right.
export function labelCells(root) {
  for (const table of root.querySelectorAll("table.data")) {
    const names = [...table.querySelectorAll("thead th")].map(th => th.textContent);
    for (const tr of table.querySelectorAll("tbody tr"))
      [...tr.children].forEach((td, i) => { if (names[i] && !td.dataset.label) td.dataset.label = names[i]; });
  }
}
new MutationObserver(() => labelCells(document.getElementById("page")))
  .observe(document.getElementById("page"), { childList: true, subtree: true });

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
