// The backup worker: scheduled backups (server/tenancy/backups.ts) run here, on a thread of their own, since a
// VACUUM INTO of a tenant with a million stock lines takes seconds that no request of any tenant should wait.
/// <reference lib="deno.worker" />
import { backupDatabase } from "./backup.ts";

export interface BackupRequest {
  id: number;
  source: string;
  dest: string;
}

export type BackupReply =
  | { id: number; ok: true; bytes: number; ms: number }
  | { id: number; ok: false; error: string };

self.onmessage = (event: MessageEvent<BackupRequest>) => {
  const { id, source, dest } = event.data;
  let reply: BackupReply;
  try {
    reply = { id, ok: true, ...backupDatabase(source, dest) };
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
