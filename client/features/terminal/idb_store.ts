// The terminal's IndexedDB database (through idb): the queue of writes, the server ids of records the queue
// made, and the data cached for working offline (products with their barcodes, locations, the documents
// the terminal started), each kept per tenant and user. The cache is wiped at sign-out (wipeCache); the
// queue is not: writes not yet sent wait for the same user's next sign-in, as nothing may be lost.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueueEntry, QueueStore } from "./queue.ts";

interface TerminalDb extends DBSchema {
  queue: { key: number; value: QueueEntry; indexes: { owner: string } };
  ids: { key: string; value: number };
  cache: { key: string; value: unknown };
}

let opened: Promise<IDBPDatabase<TerminalDb>> | null = null;

function db(): Promise<IDBPDatabase<TerminalDb>> {
  opened ??= openDB<TerminalDb>("wms-terminal", 1, {
    upgrade(d) {
      const queue = d.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
      queue.createIndex("owner", "owner");
      d.createObjectStore("ids");
      d.createObjectStore("cache");
    },
  });
  return opened;
}

export class IdbQueueStore implements QueueStore {
  async entries(owner: string): Promise<QueueEntry[]> {
    const all = await (await db()).getAllFromIndex("queue", "owner", owner);
    return all.sort((a, b) => a.seq! - b.seq!);
  }
  async add(entry: QueueEntry): Promise<number> {
    const { seq: _none, ...rest } = entry;
    return await (await db()).add("queue", rest as QueueEntry);
  }
  async put(entry: QueueEntry): Promise<void> {
    await (await db()).put("queue", entry);
  }
  async remove(seq: number): Promise<void> {
    await (await db()).delete("queue", seq);
  }
  async localId(local: string): Promise<number | undefined> {
    return await (await db()).get("ids", local);
  }
  async setLocalId(local: string, id: number): Promise<void> {
    await (await db()).put("ids", id, local);
  }
}

/** A cached value of the owner (`<tenant>:<user>`), or undefined. */
export async function cached<T>(owner: string, name: string): Promise<T | undefined> {
  return await (await db()).get("cache", `${owner}:${name}`) as T | undefined;
}

export async function cache(owner: string, name: string, value: unknown): Promise<void> {
  await (await db()).put("cache", value, `${owner}:${name}`);
}

/** The owner's cached data goes (sign-out): no user's products or documents stay for the next. */
export async function wipeCache(owner: string): Promise<void> {
  const range = IDBKeyRange.bound(`${owner}:`, `${owner}:\uffff`);
  await (await db()).delete("cache", range);
}
