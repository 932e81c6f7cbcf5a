// The JSON API: one-line errors come back as thrown Errors.
export async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(data.error ?? `HTTP ${r.status}`);
  return data;
}

export async function runJob(kind, params, onProgress) {
  const { id } = await post("/api/jobs", { kind, params });
  for (;;) {
    const r = await fetch(`/api/jobs/${id}`);
    const job = await r.json();
    if (!r.ok) throw new Error(job.error ?? `HTTP ${r.status}`);
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
