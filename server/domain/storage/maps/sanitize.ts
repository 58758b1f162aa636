// A warehouse map is an SVG drawing a person uploads and every user's browser then draws inside the page:
// before it is stored it is cleaned with DOMPurify (on a jsdom window) to a drawing and nothing more. Nothing
// that runs script survives (script, event attributes, javascript: links, foreignObject), nothing that loads
// from outside (a reference to anything but a part of the drawing itself or an embedded raster picture; CSS
// url() and @import), and nothing that styles outside the drawing (<style> elements). XML entities and
// processing instructions (xml-stylesheet) are never followed: the text is parsed as HTML's SVG, where they
// mean nothing. A file that is no SVG drawing is refused.
import type { Config, DOMPurify } from "dompurify";
import { AppError } from "../../../kernel/errors.ts";
import { lazy } from "../../../kernel/lazy.ts";

/** The most a map may weigh (bytes of its text): a drawn floor plan with an embedded picture fits. */
export const MAP_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The cleaner, made on the first upload: jsdom and DOMPurify cost about half a second and 75 MB, which no
 * thread should pay at start-up for a map nobody may upload.
 */
const cleaner = lazy(async (): Promise<DOMPurify> => {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([
    import("dompurify"),
    import("jsdom"),
  ]);
  const purify = createDOMPurify(new JSDOM("").window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeAttribute", keepInside);
  return purify;
});

/** A reference that stays inside the drawing, or a picture embedded in it. */
const INTERNAL = /^\s*#/;
const RASTER = /^\s*data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/**
 * CSS that reaches outside: a url() to anything but a part of the drawing, the image functions that take
 * plain strings (image-set, cross-fade, src, element), @import, old IE expressions. Tested on the value with
 * CSS comments taken out; a value with a backslash (a CSS escape could spell any of these) is dropped whole.
 */
const OUTSIDE_CSS =
  /url\s*\(\s*['"]?\s*(?!#)|image-set\s*\(|cross-fade\s*\(|\bsrc\s*\(|element\s*\(|@import|expression\s*\(|behavior\s*:|-moz-binding/i;

/**
 * CSS text without its comments; one never closed runs to the end, as CSS reads it. A scan by indexOf: the
 * lazy expression it replaces went over the rest of the text from each opening of a run of openings.
 */
function withoutComments(css: string): string {
  let out = "";
  let at = 0;
  for (let open = css.indexOf("/*"); open >= 0; open = css.indexOf("/*", at)) {
    out += css.slice(at, open);
    const close = css.indexOf("*/", open + 2);
    if (close < 0) return out;
    at = close + 2;
  }
  return out + css.slice(at);
}

function keepInside(_node: Element, data: { attrName: string; attrValue: string; keepAttr: boolean }) {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue ?? "";
  if (name === "href" || name === "xlink:href" || name === "src") {
    if (!INTERNAL.test(value) && !RASTER.test(value)) data.keepAttr = false;
  } else if (value.includes("\\") || OUTSIDE_CSS.test(withoutComments(value))) {
    data.keepAttr = false;
  }
}

/**
 * What a drawing may hold: markup a person draws, not one made to tie up the server. White space inside tags
 * (between attributes and in their values) is counted too: DOMPurify strips it from every value it checks,
 * one match at a time, which took 2.4 s for a width of 5 MB of spaces; a drawn plan's paths hold a fraction.
 */
const LIMITS = {
  elements: 20_000,
  depth: 64,
  attributes: 64,
  name: 64,
  spacesInTags: 1_000_000,
  /** Characters in comments, which the cleaner drops (a drawing program writes a line or two). */
  comments: 1_000_000,
};

/** Characters that end a tag's name or an attribute's name. */
const SPACE = new Set([" ", "\t", "\n", "\r", "\f"]);
const isLetter = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");

/**
 * A look at the markup before it is parsed (parsing and cleaning cost grows faster than the text): how many
 * elements, how deep, how many attributes on one. One pass over the text, each character read once, as an
 * HTML tokenizer reads tags: a quoted value runs to its closing quote, `>` ends a tag, comments and
 * declarations are skipped (one never closed is no drawing); a tag still open at the end of the text ends
 * there. Over a limit: 415. (The regular expression this replaces backtracked cubically on tags that never
 * close: `<a<a<a…`.)
 */
export function checkShape(text: string): void {
  let elements = 0;
  let depth = 0;
  let spaces = 0;
  let comments = 0;
  const n = text.length;
  let i = text.indexOf("<");
  while (i >= 0 && i < n) {
    const next = text[i + 1];
    if (next === "!" || next === "?") {
      // A comment runs to `-->`, a declaration or processing instruction to `>`. One never closed would take
      // the rest of the drawing with it (the parser read 5 MB of `<!--` as one comment for seconds).
      const comment = text.startsWith("<!--", i);
      const end = comment ? text.indexOf("-->", i + 4) : text.indexOf(">", i + 2);
      if (end < 0) throw new AppError("file.typeNotAllowed");
      if (comment && (comments += end - i) > LIMITS.comments) throw new AppError("file.typeNotAllowed");
      i = text.indexOf("<", end + 1);
      continue;
    }
    const closing = next === "/";
    if (!isLetter(text[closing ? i + 2 : i + 1] ?? "")) {
      i = text.indexOf("<", i + 1);
      continue;
    }
    // The tag's name, then its attributes up to the `>` outside quotes.
    const name = i + (closing ? 2 : 1);
    let j = name;
    while (j < n && !SPACE.has(text[j]) && text[j] !== "/" && text[j] !== ">") j++;
    // SVG's longest element name has 19 letters: a longer one is no drawing (`<a<a<a…` is one name).
    if (j - name > LIMITS.name) throw new AppError("file.typeNotAllowed");
    let attributes = 0;
    let nameStart = j;
    let inName = false;
    let valueNext = false;
    let selfClosing = false;
    while (j < n && text[j] !== ">") {
      const c = text[j];
      if (c === '"' || c === "'") {
        // A quoted value (a stray quote too) runs to its closing quote, `>` and all.
        for (j++; j < n && text[j] !== c; j++) if (SPACE.has(text[j])) spaces++;
        j++;
        inName = valueNext = selfClosing = false;
      } else if (SPACE.has(c)) {
        spaces++;
        inName = false;
        j++;
      } else if (c === "=") {
        inName = false;
        valueNext = true;
        j++;
      } else if (valueNext) {
        // An unquoted value: up to white space or the tag's end.
        while (j < n && !SPACE.has(text[j]) && text[j] !== ">") j++;
        valueNext = selfClosing = false;
      } else if (c === "/") {
        inName = false;
        selfClosing = true;
        j++;
      } else {
        if (!inName && ++attributes > LIMITS.attributes) throw new AppError("file.typeNotAllowed");
        if (!inName) nameStart = j;
        else if (j - nameStart >= LIMITS.name) throw new AppError("file.typeNotAllowed");
        inName = true;
        selfClosing = false;
        j++;
      }
    }
    if (spaces > LIMITS.spacesInTags) throw new AppError("file.typeNotAllowed");
    if (closing) {
      depth = Math.max(0, depth - 1);
    } else {
      if (++elements > LIMITS.elements) throw new AppError("file.typeNotAllowed");
      if (!selfClosing && ++depth > LIMITS.depth) throw new AppError("file.typeNotAllowed");
    }
    i = j < n ? text.indexOf("<", j + 1) : -1;
  }
}

const CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  FORBID_TAGS: ["style", "foreignObject", "script", "iframe"],
  // A reference to a part of the drawing (its href is held to "#..." by the hook above).
  ADD_TAGS: ["use"],
  // Attributes the SVG profile knows, and the ids and classes the planner names locations by.
  ADD_ATTR: ["id", "class", "viewBox", "preserveAspectRatio", "xlink:href"],
  ALLOW_DATA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

export interface CleanMap {
  /** The drawing: its root element's markup, for a page to draw inline (HTML serialisation). */
  svg: string;
  /** Its viewBox (else its width and height), for the planner's coordinates. */
  viewBox: string | null;
}

/** The file's own text, if it is a text SVG drawing by its name and its content (no .svgz, no other type). */
function svgText(fileName: string, content: string): string {
  if (!/\.svg$/i.test(fileName.trim())) throw new AppError("file.typeNotAllowed");
  // Before the root: an XML declaration, a doctype, comments, processing instructions, white space.
  const text = content.replace(/^\uFEFF/, "");
  let at = 0;
  for (;;) {
    while (at < text.length && SPACE.has(text[at])) at++;
    const end = text.startsWith("<?", at)
      ? text.indexOf("?>", at + 2) + 2
      : text.startsWith("<!--", at)
      ? text.indexOf("-->", at + 4) + 3
      : text.slice(at, at + 9).toUpperCase() === "<!DOCTYPE"
      ? doctypeEnd(text, at + 9)
      : -1;
    // Nothing more before the root, or a part never closed (no drawing follows it).
    if (end < 0) break;
    if (end < at + 2) throw new AppError("file.typeNotAllowed");
    at = end;
  }
  const head = text.slice(at);
  if (!/^<svg[\s>/]/i.test(head)) throw new AppError("file.typeNotAllowed");
  return head;
}

/** Where a doctype ends (past its `>`, an internal subset in brackets and all), or 1 when it never does. */
function doctypeEnd(text: string, from: number): number {
  const close = text.indexOf(">", from);
  const bracket = text.indexOf("[", from);
  if (bracket < 0 || (close >= 0 && close < bracket)) return close + 1;
  const subsetEnd = text.indexOf("]", bracket + 1);
  return subsetEnd < 0 ? 1 : text.indexOf(">", subsetEnd + 1) + 1;
}

/** The job pool's entry (server/kernel/jobs/): the upload is cleaned on a job worker, never a request's thread. */
export function run(input: { fileName: string; content: string }): Promise<CleanMap> {
  return sanitizeMap(input.fileName, input.content);
}

/**
 * The drawing of an uploaded map, cleaned; refuses a file too big (413 map.fileTooLarge) or not an SVG
 * drawing (415 file.typeNotAllowed).
 */
export async function sanitizeMap(fileName: string, content: string): Promise<CleanMap> {
  if (new TextEncoder().encode(content).length > MAP_MAX_BYTES) {
    throw new AppError("map.fileTooLarge", { params: { limit: `${MAP_MAX_BYTES / (1024 * 1024)} MB` } });
  }
  const text = svgText(fileName, content);
  checkShape(text);
  const purify = await cleaner();
  let root: Element | null;
  try {
    root = (purify.sanitize(text, CONFIG) as unknown as DocumentFragment).firstElementChild;
  } catch {
    // Markup the parser or the cleaner gives up on is no drawing to keep.
    throw new AppError("file.typeNotAllowed");
  }
  if (!root || root.tagName.toLowerCase() !== "svg") throw new AppError("file.typeNotAllowed");
  // The drawing's own box: no style of its own could place it over the page (position: fixed, z-index).
  root.removeAttribute("style");
  root.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const width = root.getAttribute("width");
  const height = root.getAttribute("height");
  // Without a viewBox, plain (or px) width and height give it; other units say nothing of the drawing's own.
  const plain = (v: string | null) => (v && /^\s*[\d.]+\s*(?:px\s*)?$/.test(v) ? parseFloat(v) : NaN);
  const viewBox = root.getAttribute("viewBox") ??
    (!Number.isNaN(plain(width)) && !Number.isNaN(plain(height))
      ? `0 0 ${plain(width)} ${plain(height)}`
      : null);
  return { svg: root.outerHTML, viewBox };
}
