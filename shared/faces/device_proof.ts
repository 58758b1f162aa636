// What a device enrolled for face sign-in signs (pure; the browser and the server build the same bytes):
// the server's challenge and the descriptor sent with it, so that neither can be swapped for another on the
// way. ECDSA P-256 with SHA-256 in WebCrypto (the signature is its 64-byte r ‖ s), which every browser does
// with a key it cannot export.

export const DEVICE_KEY = { name: "ECDSA", namedCurve: "P-256" } as const;
export const DEVICE_SIGNATURE = { name: "ECDSA", hash: "SHA-256" } as const;

const HEADER = "wms face sign-in v1\n";

/** The bytes a device signs: the header, the challenge and a line break, then the descriptor as float32 LE. */
export function proofMessage(challenge: string, descriptor: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(`${HEADER}${challenge}\n`);
  const out = new Uint8Array(text.length + descriptor.length * 4);
  out.set(text);
  const view = new DataView(out.buffer, text.length);
  for (let i = 0; i < descriptor.length; i++) view.setFloat32(i * 4, descriptor[i], true);
  return out;
}

/** base64url without padding, for a signature sent as JSON text. */
export function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
