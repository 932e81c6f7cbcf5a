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
  return el;
}

export const pct = p => `${Math.round(100 * p)}%`;
