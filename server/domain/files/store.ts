// Where attachments' bytes lie: DATA_DIR/files/<tenant id>/<2 characters>/<random key>. The key is made
// here (base64url, no separators), so no uploaded name ever becomes part of a path.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { randomToken } from "../../kernel/crypto.ts";

const KEY = /^[A-Za-z0-9_-]{32}$/;

export function newKey(): string {
  return randomToken(24);
}

function pathOf(dataDir: string, tenantId: number, key: string): string {
  if (!KEY.test(key) || !Number.isSafeInteger(tenantId)) throw new Error(`not a storage key: ${key}`);
  return join(dataDir, "files", String(tenantId), key.slice(0, 2), key);
}

export async function putBytes(
  dataDir: string,
  tenantId: number,
  key: string,
  bytes: Uint8Array,
): Promise<void> {
  const path = pathOf(dataDir, tenantId, key);
  await mkdir(join(path, ".."), { recursive: true });
  // A new key is never taken: `wx` refuses to overwrite.
  await writeFile(path, bytes, { flag: "wx" });
}

export async function getBytes(dataDir: string, tenantId: number, key: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(pathOf(dataDir, tenantId, key)));
}

/** Removes the bytes of files whose rows are gone (after the transaction that removed them commits). */
export async function dropBytes(dataDir: string, tenantId: number, keys: string[]): Promise<void> {
  for (const key of keys) await rm(pathOf(dataDir, tenantId, key), { force: true });
}
