// The JSON API, the one client every page uses: one-line errors come back as thrown Errors.
// `token`: a seat's or a host's token, sent as a header (never in a URL).
export async function call(path, { method = "GET", body, token } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? (method === "POST" ? "{}" : undefined)
                                                                          : JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(data.error ?? `HTTP ${r.status}`);
  return data;
}

export function post(path, body) {
  return call(path, { method: "POST", body });
}

export async function runJob(kind, params, onProgress) {
  const { id } = await post("/api/jobs", { kind, params });
  for (;;) {
    const job = await call(`/api/jobs/${id}`);
    onProgress?.(job.done, job.total);
    if (job.state === "done") return job.result;
    if (job.state === "failed") throw new Error(job.error);
    await new Promise(res => setTimeout(res, 250));
  }
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) el.setAttribute(k, v === true ? "" : v);
  }
  el.append(...children.flat().filter(c => c != null));
  if (tag === "table" && el.classList.contains("data")) labelCells(el);
  return el;
}

// A data table's cells carry their column's name (data-label): on a phone the rows are laid out
// as blocks of "name value" pairs (app.css), so no column is ever cut off at the right.  Done
// once, as the table is built (h above), for every table.data the pages make.
export function labelCells(table) {
  const names = [...table.querySelectorAll("thead th")].map(th => th.textContent);
  for (const tr of table.querySelectorAll("tbody tr"))
    [...tr.children].forEach((td, i) => { if (names[i] && !td.dataset.label) td.dataset.label = names[i]; });
}

export const pct = p => `${Math.round(100 * p)}%`;
