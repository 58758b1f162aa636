// A file answered as a file: its type, its name for the browser (RFC 6266: an ASCII fallback and UTF-8),
// never sniffed, never cached. Attachments, exports, printouts and import templates answer through it.
export type Disposition = "inline" | "attachment";

/** `Content-Disposition`: a plain ASCII name as it is, any other also in UTF-8 beside its ASCII fallback. */
export function disposition(kind: Disposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return ascii === name
    ? `${kind}; filename="${name}"`
    : `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers of a file's answer; `more` adds or overrides (a length, a sandbox, a count). */
export function fileHeaders(
  contentType: string,
  kind: Disposition,
  name: string,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    "content-type": contentType,
    "content-disposition": disposition(kind, name),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    ...more,
  };
}

/** Bytes held whole, as a file. */
export function fileResponse(
  bytes: Uint8Array,
  contentType: string,
  kind: Disposition,
  name: string,
): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: fileHeaders(contentType, kind, name, { "content-length": String(bytes.byteLength) }),
  });
}
