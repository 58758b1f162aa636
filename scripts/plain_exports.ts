// Prints, as JSON, the plain-data exports of the modules named on the command line:
// {"<path>": {"<export>": value}}. The client build (client/build.mjs) gives the browser these values in
// place of the modules themselves, so a language's catalogue, whose areas hold all six languages, reaches
// the browser as that language's texts and nothing else.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Whether a value is JSON data all the way down (no functions, class instances, tables or schemas). */
function isPlain(value: unknown): boolean {
  if (value === null || ["string", "number", "boolean", "undefined"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  // Reading each property also resolves the metadata's lazy parts (where a link points).
  return Object.keys(value).every((k) => isPlain((value as Record<string, unknown>)[k]));
}

const out: Record<string, Record<string, unknown>> = {};
for (const file of Deno.args) {
  const mod = await import(pathToFileURL(resolve(file)).href) as Record<string, unknown>;
  out[file] = Object.fromEntries(
    Object.entries(mod).filter(([, v]) => isPlain(v)).map(([k, v]) => [k, JSON.parse(JSON.stringify(v))]),
  );
}
console.log(JSON.stringify(out));
Deno.exit(0);
