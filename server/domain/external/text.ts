// A shop's product description is HTML; we keep its text. It is parsed by jsdom (an HTML parser, as a
// browser parses it) inside a <template>, where nothing runs or loads, and its text read back with runs of
// white space made one. The window is made on the first use: jsdom costs half a second that no thread should
// pay at start-up for an import nobody may run.
import { lazy } from "../../kernel/lazy.ts";

type Parse = (html: string) => string;

/** The text of an HTML fragment. */
export const htmlText = lazy(async (): Promise<Parse> => {
  const { JSDOM } = await import("jsdom");
  const doc = new JSDOM("").window.document;
  return (html: string) => {
    if (!/[<&]/.test(html)) return html.replace(/\s+/g, " ").trim();
    const t = doc.createElement("template");
    t.innerHTML = html;
    // What a page would never show as text: scripts, styles.
    for (const e of t.content.querySelectorAll("script, style, noscript, template")) e.remove();
    return (t.content.textContent ?? "").replace(/\s+/g, " ").trim();
  };
});
