// The checkpoint worker's look into a file nobody has open (the start's sweep: server/domain/messaging/
// sweep.ts): a file that cannot be read so is told apart from a worker that cannot look, since the sweep
// opens the first in the pool (its migrations run there) and stops on the second.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Checkpointer, FileUnreadable } from "./checkpointer.ts";

let dir: string;
beforeAll(() => {
  dir = resolve(".test-data", `checkpointer-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(join(dir, "t.db"));
  db.exec(
    "PRAGMA journal_mode = WAL; CREATE TABLE jobs (id INTEGER PRIMARY KEY, state TEXT); INSERT INTO jobs (state) VALUES ('queued')",
  );
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a look on the checkpoint worker", () => {
  it("answers the first row, null for none, and tells a file it cannot read from a worker that cannot look", async () => {
    const checkpointer = new Checkpointer();
    try {
      const path = join(dir, "t.db");
      expect(await checkpointer.look(path, "SELECT count(*) AS n, max(state) AS s FROM jobs")).toEqual({
        n: 1,
        s: "queued",
      });
      expect(await checkpointer.look(path, "SELECT id FROM jobs WHERE state = 'done'")).toBeNull();
      // Behind on its schema, and missing: the file's fault; a missing file is not made.
      await expect(checkpointer.look(path, "SELECT 1 FROM message_recipients")).rejects.toBeInstanceOf(
        FileUnreadable,
      );
      const missing = join(dir, "missing.db");
      await expect(checkpointer.look(missing, "SELECT 1")).rejects.toBeInstanceOf(FileUnreadable);
      expect(existsSync(missing)).toBe(false);
      // A checkpoint still answers as before.
      expect((await checkpointer.checkpoint(path)).busy).toBe(false);
    } finally {
      checkpointer.close();
    }
    const refusal = await checkpointer.look(join(dir, "t.db"), "SELECT 1").catch((err) => err);
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal).not.toBeInstanceOf(FileUnreadable);
  });
});
