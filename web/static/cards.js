// Cards as the library writes them: suit letter + rank ("CJ", "ST", "H7"); display only.
export const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };
export const RANKS = { A: "A", T: "10", K: "K", Q: "Q", J: "J", "9": "9", "8": "8", "7": "7" };
export const DECK = ["CJ", "SJ", "HJ", "DJ",
  ..."CSHD".split("").flatMap(s => ["A", "T", "K", "Q", "9", "8", "7"].map(r => s + r))];

// German faces: Eichel, Grün (Laub), Herz, Schellen; Unter and Ober for jack and queen
export const GERMAN_SUITS = { C: "Ei", S: "Gr", H: "He", D: "Sch" };
export const GERMAN_RANKS = { J: "U", Q: "O" };
export const deck = () => localStorage.getItem("deck") === "german" ? "german" : "french";

export function cardEl(name, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  const german = deck() === "german";
  el.className = "card" + (german ? ` german g${name[0]}` : "HD".includes(name[0]) ? " red" : "");
  el.dataset.card = name;
  el.title = name;
  const rank = (german ? GERMAN_RANKS[name[1]] : null) ?? RANKS[name[1]] ?? name[1];
  const suit = (german ? GERMAN_SUITS : SUITS)[name[0]] ?? "?";
  el.innerHTML = `<span>${rank}</span><span class="suit">${suit}</span>`;
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
