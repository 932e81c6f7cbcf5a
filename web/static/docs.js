// The API reference, drawn from the app's own OpenAPI document (nothing fetched from elsewhere).
import { h } from "./api.js";

const ref = (spec, r) => r.split("/").slice(1).reduce((o, k) => o[k], spec);
const resolve = (spec, s) => (s && s.$ref ? resolve(spec, ref(spec, s.$ref)) : s || {});

function typeOf(spec, s) {
  s = resolve(spec, s);
  if (s.anyOf) return s.anyOf.map(x => typeOf(spec, x)).join(" | ");
  if (s.enum) return s.enum.map(v => JSON.stringify(v)).join(" | ");
  if (s.type === "array") return `${typeOf(spec, s.items)}[]`;
  return s.type || s.title || "object";
}

// a description's text with its `code` and ``code`` spans set as code (not shown as backticks)
export function prose(text) {
  const parts = String(text || "").split(/``?([^`]+)``?/);
  return parts.map((t, i) => (i % 2 ? h("code", {}, t) : t));
}

function fields(spec, schema) {
  const s = resolve(spec, schema);
  const props = Object.entries(s.properties || {});
  if (!props.length) return h("p", { class: "muted" }, `body: ${typeOf(spec, schema)}`);
  const required = new Set(s.required || []);
  return h("table", { class: "fields" },
    h("thead", {}, h("tr", {}, ...["field", "type", "default", "what"].map(t => h("th", {}, t)))),
    h("tbody", {}, ...props.map(([name, p]) => {
      const r = resolve(spec, p);
      const dflt = "default" in p ? JSON.stringify(p.default) : required.has(name) ? "required" : "";
      return h("tr", {}, h("td", {}, h("code", {}, name)), h("td", {}, typeOf(spec, p)), h("td", {}, dflt),
               h("td", {}, ...prose(p.description || r.description || "")));
    })));
}

async function main() {
  const box = document.getElementById("docs");
  const spec = await (await fetch("/openapi.json")).json();
  const parts = [h("p", {}, ...prose(spec.info.description))];
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const params = (op.parameters || []).map(p => `${p.name} (${p.in})`).join(", ");
      parts.push(h("section", { class: "endpoint", id: `${method}-${path}` },
        h("h2", {}, h("code", {}, `${method.toUpperCase()} ${path}`)),
        h("p", {}, ...prose(op.summary)),
        op.description ? h("p", { class: "muted" }, ...prose(op.description)) : null,
        params ? h("p", {}, `parameters: ${params}`) : null,
        body ? fields(spec, body) : null));
    }
  }
  box.replaceChildren(...parts);
}

main().catch(e => document.getElementById("docs").replaceChildren(h("p", { class: "error" }, e.message)));
