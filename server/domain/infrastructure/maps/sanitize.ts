// A warehouse map is an SVG drawing a person uploads and every user's browser then draws inside the page:
// before it is stored it is cleaned with DOMPurify (on a jsdom window) to a drawing and nothing more. Nothing
// that runs script survives (script, event attributes, javascript: links, foreignObject), nothing that loads
// from outside (a reference to anything but a part of the drawing itself or an embedded raster picture; CSS
// url() and @import), and nothing that styles outside the drawing (<style> elements). XML entities and
// processing instructions (xml-stylesheet) are never followed: the text is parsed as HTML's SVG, where they
// mean nothing. A file that is no SVG drawing is refused.
import type { Config, DOMPurify } from "dompurify";
import { AppError } from "../../../kernel/errors.ts";

/** The most a map may weigh (bytes of its text): a drawn floor plan with an embedded picture fits. */
export const MAP_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The cleaner, made on the first upload: jsdom and DOMPurify cost about half a second and 75 MB, which no
 * thread should pay at start-up for a map nobody may upload.
 */
let purifier: Promise<DOMPurify> | undefined;
function cleaner(): Promise<DOMPurify> {
  return purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([
      import("dompurify"),
      import("jsdom"),
    ]);
    const purify = createDOMPurify(new JSDOM("").window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook("uponSanitizeAttribute", keepInside);
    return purify;
  })();
}

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

function keepInside(_node: Element, data: { attrName: string; attrValue: string; keepAttr: boolean }) {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue ?? "";
  if (name === "href" || name === "xlink:href" || name === "src") {
    if (!INTERNAL.test(value) && !RASTER.test(value)) data.keepAttr = false;
  } else if (value.includes("\\") || OUTSIDE_CSS.test(value.replace(/\/\*[\s\S]*?\*\//g, ""))) {
    data.keepAttr = false;
  }
}

/** What a drawing may hold: markup a person draws, not one made to tie up the server. */
const LIMITS = { elements: 20_000, depth: 64, attributes: 64 };

/**
 * A linear look at the markup before it is parsed (parsing and cleaning cost grows faster than the text):
 * how many elements, how deep, how many attributes on one. Over a limit: 415.
 */
function checkShape(text: string): void {
  let elements = 0;
  let depth = 0;
  for (const tag of text.matchAll(/<(\/?)([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g)) {
    const [, closing, , attrs, selfClosing] = tag;
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (++elements > LIMITS.elements) throw new AppError("file.typeNotAllowed");
    if (!selfClosing && ++depth > LIMITS.depth) throw new AppError("file.typeNotAllowed");
    if ((attrs.match(/=/g)?.length ?? 0) > LIMITS.attributes * 2) throw new AppError("file.typeNotAllowed");
    if ((attrs.match(/\s[^\s=]+\s*=/g)?.length ?? 0) > LIMITS.attributes) {
      throw new AppError("file.typeNotAllowed");
    }
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
  const head = content.replace(/^\uFEFF/, "").replace(
    /^(\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i,
    "",
  );
  if (!/^<svg[\s>/]/i.test(head)) throw new AppError("file.typeNotAllowed");
  return head;
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
  const plain = (v: string | null) => (v && /^\s*[\d.]+\s*(px)?\s*$/.test(v) ? parseFloat(v) : NaN);
  const viewBox = root.getAttribute("viewBox") ??
    (!Number.isNaN(plain(width)) && !Number.isNaN(plain(height))
      ? `0 0 ${plain(width)} ${plain(height)}`
      : null);
  return { svg: root.outerHTML, viewBox };
}
