import { advisorPage } from "./advisor.js";
import { reviewPage } from "./review.js";
import { solverPage } from "./solver.js";

const PAGES = { advisor: advisorPage, review: reviewPage, solver: solverPage };

function route() {
  const name = (location.hash.slice(1) || "advisor").split("?")[0];
  const page = PAGES[name] ?? advisorPage;
  document.querySelectorAll("nav a").forEach(a => a.classList.toggle("active", a.dataset.page === name));
  const main = document.getElementById("page");
  main.replaceChildren();
  page(main);
}
window.addEventListener("hashchange", route);
route();
