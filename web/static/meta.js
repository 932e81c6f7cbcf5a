// What the pages need of the rules -- the bid ladder, games, seats, house rules, players,
// variants, scorings -- served by the library's own registries (GET /api/meta), never copied
// here. Loaded once, before any page is built (a module's top-level await).
export const META = await (async () => {
  const r = await fetch("/api/meta", { credentials: "same-origin" });
  if (!r.ok) throw new Error(`GET /api/meta: HTTP ${r.status}`);
  return r.json();
})();
