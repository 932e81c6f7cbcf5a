// Cards as the library writes them: suit letter + rank ("CJ", "ST", "H7"); display only.
export const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };
export const RANKS = { A: "A", T: "10", K: "K", Q: "Q", J: "J", "9": "9", "8": "8", "7": "7" };
export const DECK = ["CJ", "SJ", "HJ", "DJ",
  ..."CSHD".split("").flatMap(s => ["A", "T", "K", "Q", "9", "8", "7"].map(r => s + r))];

export function cardEl(name, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = "card" + ("HD".includes(name[0]) ? " red" : "");
  el.dataset.card = name;
  el.title = name;
  el.innerHTML = `<span>${RANKS[name[1]] ?? name[1]}</span><span class="suit">${SUITS[name[0]] ?? "?"}</span>`;
  for (const c of opts.classes ?? []) el.classList.add(c);
  if (opts.onClick) { el.classList.add("pick"); el.addEventListener("click", () => opts.onClick(name, el)); }
  return el;
}

export function cardRow(names, opts = {}) {
  const row = document.createElement("div");
  row.className = "cards";
  for (const n of names) row.append(cardEl(n, typeof opts === "function" ? opts(n) : opts));
  return row;
}

export function splitCards(text) {
  return text.toUpperCase().replace(/10/g, "T").split(/[\s,]+/).filter(Boolean);
}
