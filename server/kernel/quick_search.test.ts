// The quick search's index must find what the LIKE / GLOB scan finds. These tests recompute, with the
// running SQLite, how the trigram tokenizer folds every character of the Basic Multilingual Plane and
// check the lists of quick_search.ts against it; list and migration tests check the search end to end.
import { describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { createClient } from "@libsql/client";
import {
  FALLBACK_RANGES,
  ftsPhrase,
  INDEX_REPLACED,
  indexAnswers,
  REPLACEMENT,
  VALUE_SEPARATOR,
} from "./quick_search.ts";

/** The characters the scan matches for a term character: matchPattern's case class (LIKE's for ASCII). */
function scanClass(ch: string): Set<string> {
  return new Set(
    [ch, ch.toLowerCase(), ch.toUpperCase(), ch.toUpperCase().toLowerCase(), ch.toLowerCase().toUpperCase()]
      .filter((v) => [...v].length === 1),
  );
}

const FOLD_SETUP = [
  "CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'trigram')",
  "CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')",
  // Every BMP character but the surrogates, three times over: its one trigram is its folded form.
  "INSERT INTO t (rowid, a) SELECT cp, char(cp, cp, cp) FROM (WITH RECURSIVE c(cp) AS (SELECT 1 UNION ALL " +
  "SELECT cp + 1 FROM c WHERE cp < 65535) SELECT cp FROM c) WHERE cp NOT BETWEEN 55296 AND 57343",
];
const FOLD_READ = "SELECT term, doc FROM v";

function foldMap(rows: { term: unknown; doc: unknown }[]): Map<number, number> {
  return new Map(rows.map((r) => [Number(r.doc), String(r.term).codePointAt(0)!]));
}

/** Code point → the trigram tokenizer's folded form in node:sqlite, read back through fts5vocab. */
function trigramFold(): Map<number, number> {
  const db = new DatabaseSync(":memory:");
  try {
    for (const statement of FOLD_SETUP) db.exec(statement);
    return foldMap(db.prepare(FOLD_READ).all() as { term: string; doc: number }[]);
  } finally {
    db.close();
  }
}

describe("the trigram index answers a term exactly as the scan would", () => {
  it("for every BMP character it does not send to the scan", () => {
    const fold = trigramFold();
    const replaced = new Set(INDEX_REPLACED);
    // What the index holds in place of a character: replaced ones never match a term character.
    const indexed = (cp: number) => (replaced.has(cp) ? undefined : fold.get(cp));
    const byFold = new Map<number, number[]>();
    for (const [cp, f] of fold) {
      if (replaced.has(cp)) continue;
      byFold.set(f, [...(byFold.get(f) ?? []), cp]);
    }
    const wrong: string[] = [];
    for (let cp = 1; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!indexAnswers(ch.repeat(3))) continue;
      expect(fold.has(cp), `U+${cp.toString(16)} is folded`).toBe(true);
      // The index finds the indexed characters folding as this one does; the scan finds its case class.
      const found = new Set((byFold.get(fold.get(cp)!) ?? []).map((c) => String.fromCodePoint(c)));
      const scanned = scanClass(ch);
      const same = found.size === scanned.size && [...found].every((c) => scanned.has(c));
      const f = indexed(cp);
      if (!same || f === undefined) wrong.push(`U+${cp.toString(16)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("folds the same way in libSQL (remote tenants)", async () => {
    const client = createClient({ url: ":memory:" });
    try {
      for (const statement of FOLD_SETUP) await client.execute(statement);
      const remote = foldMap(
        (await client.execute(FOLD_READ)).rows as unknown as { term: string; doc: number }[],
      );
      const local = trigramFold();
      expect(remote.size).toBe(local.size);
      const differing = [...local].filter(([cp, f]) => remote.get(cp) !== f);
      expect(differing).toEqual([]);
    } finally {
      client.close();
    }
  });

  it("sends replaced characters, the separator, its replacement and short terms to the scan", () => {
    for (const cp of INDEX_REPLACED) expect(indexAnswers(`ab${String.fromCodePoint(cp)}`)).toBe(false);
    for (const cp of INDEX_REPLACED) {
      expect(FALLBACK_RANGES.some(([a, b]) => cp >= a && cp <= b), `U+${cp.toString(16)}`).toBe(true);
    }
    expect(indexAnswers(`ab${VALUE_SEPARATOR}c`)).toBe(false);
    expect(indexAnswers(`ab${REPLACEMENT}`)).toBe(false);
    expect(indexAnswers("ab")).toBe(false);
    expect(indexAnswers("łó")).toBe(false);
    expect(indexAnswers("abc")).toBe(true);
    expect(indexAnswers("Łódź")).toBe(true);
    expect(indexAnswers("a😀b")).toBe(false);
    expect(indexAnswers("KELVIN \u212a")).toBe(false);
  });
});

describe("ftsPhrase", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'trigram')");
  const texts = [
    'say "hello" AND bye',
    "NEAR(abc def) here",
    "star * and caret ^ and colon a:b",
    "plain text",
    "OR NOT AND",
    "x'); DROP TABLE t; --",
  ];
  texts.forEach((text, i) => db.prepare("INSERT INTO t (rowid, a) VALUES (?, ?)").run(i + 1, text));
  const search = (term: string) =>
    (db.prepare("SELECT rowid AS id FROM t WHERE t MATCH ? ORDER BY rowid").all(ftsPhrase(term)) as {
      id: number;
    }[]).map((r) => r.id);

  it.each([
    ['"hello"', [1]],
    ['y "h', [1]],
    ["AND", [1, 3, 5]],
    ["NEAR(", [2]],
    ["abc def", [2]],
    ["* and", [3]],
    ["^ and", [3]],
    ["a:b", [3]],
    ["OR NOT", [5]],
    ["'); DROP", [6]],
    ['"', []],
    ['""""', []],
  ])("searches %j as plain text", (term, ids) => {
    expect(search(term as string)).toEqual(ids);
  });
});
