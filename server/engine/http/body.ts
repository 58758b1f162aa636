// Reading a request's JSON body without letting a caller hold the server: at most `limit` bytes (a
// Content-Length above it is refused before anything is read, a chunked body as soon as it passes it), at
// most `timeoutMs` to arrive (a body that never comes would hold its connection forever), and at most
// JSON_MAX_DEPTH levels of nesting (the parser's recursion and every walk of the value after it). Its bytes
// must be UTF-8: a byte sequence that is none is refused on the field that holds it, never stored as U+FFFD.
import { AppError } from "../../kernel/errors.ts";
import { textPaths } from "../../kernel/validation.ts";
import { runJob } from "../../kernel/jobs/contract.ts";

/** What a JSON body may weigh unless its route says otherwise. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** How deep objects and arrays may nest in a body. */
export const JSON_MAX_DEPTH = 64;

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function tooLarge(limit: number): AppError {
  return new AppError("request.tooLarge", { params: { limit: size(limit) } });
}

function notJson(detail: string): AppError {
  return new AppError("request.badQuery", { params: { detail } });
}

/** The deepest nesting of objects and arrays in a JSON text, counted outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * Whether a Content-Type names JSON (`application/json`, or a `+json` type), parameters aside. Anything else
 * is refused: a form or `text/plain` is what another site's page may post without the browser asking first
 * (no CORS preflight), so a JSON-only API never takes it, not even to count a failed sign-in.
 */
export function isJsonType(contentType: string | null): boolean {
  const type = contentType?.split(";")[0].trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Bodies being read, each with the time it must have arrived by. One sweep a tenth of a second ends those
 * past it, while any is pending, instead of a timer set and cleared for every body (a tenth of what the API
 * spent reading a pick's 60 bytes).
 */
const reading = new Set<{ deadline: number; expire(): void }>();
const SWEEP_MS = 100;
let sweeper: ReturnType<typeof setInterval> | undefined;

function sweep(): void {
  const now = performance.now();
  for (const read of reading) {
    if (read.deadline > now) continue;
    reading.delete(read);
    read.expire();
  }
  if (!reading.size) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/**
 * A body's bytes: at most `limit` (`tooLarge` is what is thrown beyond it), arriving within `timeoutMs` (to
 * the sweep's tenth of a second); `unreadable` is thrown when the stream fails.
 */
async function readBytes(
  req: Request,
  limit: number,
  timeoutMs: number,
  errors: { tooLarge: () => AppError; unreadable: () => AppError },
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw errors.tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let timedOut = false;
  const watch = {
    deadline: performance.now() + timeoutMs,
    expire() {
      timedOut = true;
      reader.cancel().catch(() => {});
    },
  };
  reading.add(watch);
  if (sweeper === undefined) {
    sweeper = setInterval(sweep, SWEEP_MS);
    // A body still being read keeps its request, not the process, alive.
    Deno.unrefTimer(sweeper as unknown as number);
  }
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (timedOut) throw new AppError("request.timeout");
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        reader.cancel().catch(() => {});
        throw errors.tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (timedOut) throw new AppError("request.timeout");
    throw errors.unreadable();
  } finally {
    reading.delete(watch);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

export async function readJsonBody(req: Request, limit: number, timeoutMs: number): Promise<unknown> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!req.body) throw notJson("the body is not valid JSON");
  if (!isJsonType(req.headers.get("content-type"))) throw new AppError("request.notJson");
  const bytes = await readBytes(req, limit, timeoutMs, {
    tooLarge: () => tooLarge(limit),
    unreadable: () => notJson("the body could not be read"),
  });
  let text: string;
  let malformed = false;
  try {
    text = utf8.decode(bytes);
  } catch {
    // Read once more with replacement characters, only to say which field held the bad bytes.
    text = new TextDecoder().decode(bytes);
    malformed = true;
  }
  if (jsonDepth(text) > JSON_MAX_DEPTH) {
    throw notJson(`objects and arrays nest deeper than ${JSON_MAX_DEPTH}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notJson("the body is not valid JSON");
  }
  if (malformed) {
    // The texts now holding U+FFFD: the bad bytes' (a U+FFFD sent as such beside them is flagged too).
    const fields = textPaths(value, (t) => t.includes("\ufffd"));
    throw new AppError("validation.failed", {
      fields: Object.fromEntries(
        (fields.length ? fields : ["_"]).map((f) => [f, ["validation.forbiddenCharacter"]]),
      ),
    });
  }
  return value;
}

/** UTF-8 that refuses what is not UTF-8 (a lone byte 0xFF, an encoded surrogate, an overlong form). */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** A file of an upload's form: its name and type as the browser sent them, its bytes. */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** An upload's form, parsed: its text fields and its files, by name (the first of a name). */
export interface UploadedForm {
  field(name: string): string | undefined;
  file(name: string): UploadedFile | undefined;
}

/** The form as the job hands it back: its buffers apart, so that they are handed over, not copied. */
interface ParsedForm {
  fields: [string, string][];
  files: { field: string; name: string; type: string }[];
  buffers: ArrayBuffer[];
}

/**
 * A multipart form (an upload) read with the same bounds as a JSON body: at most `limit` bytes in all
 * (`tooLarge`: the caller's own error, say 413 file.tooLarge), within `timeoutMs`; anything but
 * `multipart/form-data` is 415 request.notJson's kin, file.typeNotAllowed. The bytes are gathered here as
 * they arrive; the form is parsed on the job pool (server/kernel/jobs/): taking 20 MB apart held the thread
 * that answers the tenant's other requests for a quarter of a second.
 */
export async function readFormBody(
  ctx: Parameters<typeof runJob>[0],
  req: Request,
  limit: number,
  timeoutMs: number,
  tooLargeError: () => AppError,
): Promise<UploadedForm> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new AppError("file.typeNotAllowed");
  const bytes = await readBytes(req, limit, timeoutMs, {
    tooLarge: tooLargeError,
    unreadable: () => notJson("the body could not be read"),
  });
  const refusal = tooLargeError();
  const form = await runJob<ParsedForm>(ctx, new URL("./body.ts", import.meta.url), { bytes, type }, {
    transfer: [bytes.buffer],
    refusal: { code: refusal.code, params: refusal.details.params },
  });
  return {
    field: (name) => form.fields.find(([n]) => n === name)?.[1],
    file(name) {
      const i = form.files.findIndex((f) => f.field === name);
      if (i < 0) return undefined;
      return { name: form.files[i].name, type: form.files[i].type, bytes: new Uint8Array(form.buffers[i]) };
    },
  };
}

/** The job pool's entry: a multipart body taken apart (Deno's own parser), its files' bytes apart. */
export async function run(input: { bytes: Uint8Array; type: string }): Promise<ParsedForm> {
  let form: FormData;
  try {
    form = await new Response(input.bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": input.type },
    })
      .formData();
  } catch {
    throw notJson("the form could not be read");
  }
  const parsed: ParsedForm = { fields: [], files: [], buffers: [] };
  for (const [field, value] of form) {
    if (typeof value === "string") {
      parsed.fields.push([field, value]);
    } else {
      parsed.files.push({ field, name: value.name, type: value.type });
      parsed.buffers.push(await value.arrayBuffer());
    }
  }
  return parsed;
}
