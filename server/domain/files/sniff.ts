// An attachment's type found from its bytes (file-type; text only when it is valid UTF-8 without control
// bytes) and its SHA-256, on the job pool (server/kernel/jobs/): file-type walks a zip's entries one by one
// (25 MB of empty entries is 870,000 of them) and hashing 25 MB takes a tenth of a second, both of which held
// the thread that answers the tenant's other requests. The bytes come back with the answer, handed over.
import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";

/** Types taken by their bytes; the office formats as the zip or OLE files they are. */
const ALLOWED = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.text",
  "application/x-cfb",
]);

/** The content's type from its bytes; null: not one taken. */
export async function contentTypeOf(bytes: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return ALLOWED.has(found.mime) ? found.mime : null;
  // No signature: text, when it is UTF-8 without control bytes other than tabs and line ends.
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 1024 * 1024));
    // deno-lint-ignore no-control-regex -- control bytes are what is looked for
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : "text/plain";
  } catch {
    return null;
  }
}

export interface Sniffed {
  /** Null: a type not taken (the bytes are not hashed). */
  contentType: string | null;
  sha256: string;
  bytes: Uint8Array;
}

/** The job pool's entry: the file's type and hash, and its bytes back. */
export async function run(input: { bytes: Uint8Array }): Promise<Sniffed> {
  const contentType = await contentTypeOf(input.bytes);
  const sha256 = contentType ? createHash("sha256").update(input.bytes).digest("hex") : "";
  return { contentType, sha256, bytes: input.bytes };
}
