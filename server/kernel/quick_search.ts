// When the quick search (`*` contains) may use a resource's FTS5 trigram index instead of scanning with
// LIKE / GLOB. The index must find exactly the rows the scan finds. The scan matches a term character `c`
// against the characters of its case class (matchPattern in list.ts: ASCII case for LIKE, JavaScript's
// single-character case variants for GLOB); the trigram tokenizer folds with SQLite's Unicode table
// instead. The two agree except for a few hundred characters:
// - characters the fold joins to a Latin letter they are not a case of (the Kelvin sign to "k", the long s
//   to "s", the Ångström sign to "å"): the migration replaces these eight with U+E000 in the indexed text
//   (INDEX_REPLACED), so "k" finds no Kelvin sign, as the scan does not;
// - characters whose case variants the fold does not join (Georgian, Cherokee, dotless i, ...), the
//   replaced ones, and letters the fold joins to a character outside their case class that is not
//   replaced (Greek σ with final ς, μ with the micro sign, ...): a term holding one is searched by the
//   scan (FALLBACK_RANGES). Replacing those too would nest the migration's replace() calls deeper than
//   libSQL's parser allows.
// Both lists were computed from SQLite's fold over the Basic Multilingual Plane, and
// server/kernel/quick_search.test.ts recomputes it with the running SQLite, so a fold that changes fails
// a test rather than a search. Characters beyond the BMP are always scanned.

/** The shortest term the index answers: a trigram index has nothing to match for fewer characters. */
export const FTS_MIN_CHARS = 3;

/** Joins a record's several values (a product's barcodes) in one index column; see the migration. */
export const VALUE_SEPARATOR = "\u001f";

/** What the migration puts in the index in place of each INDEX_REPLACED character. */
export const REPLACEMENT = "\ue000";

type Range = readonly [number, number];

// deno-fmt-ignore
export const INDEX_REPLACED: readonly number[] = [
  0x17f, 0x1c5, 0x1c8, 0x1cb, 0x1f2, 0x1e9e, 0x212a, 0x212b,
];

// deno-fmt-ignore
export const FALLBACK_RANGES: readonly Range[] = [
  [0xb5, 0xb5], [0x131, 0x131], [0x17f, 0x17f], [0x19b, 0x19b], [0x1c5, 0x1c5], [0x1c8, 0x1c8],
  [0x1cb, 0x1cb], [0x1f2, 0x1f2], [0x25c, 0x25c], [0x261, 0x261], [0x264, 0x264], [0x26a, 0x26a],
  [0x26c, 0x26c], [0x282, 0x282], [0x287, 0x287], [0x29d, 0x29e], [0x345, 0x345], [0x37f, 0x37f],
  [0x392, 0x392], [0x395, 0x395], [0x398, 0x39a], [0x39c, 0x39c], [0x3a0, 0x3a1], [0x3a3, 0x3a3],
  [0x3a6, 0x3a6], [0x3a9, 0x3a9], [0x3b2, 0x3b2], [0x3b5, 0x3b5], [0x3b8, 0x3ba], [0x3bc, 0x3bc],
  [0x3c0, 0x3c3], [0x3c6, 0x3c6], [0x3c9, 0x3c9], [0x3d0, 0x3d1], [0x3d5, 0x3d6], [0x3f0, 0x3f1],
  [0x3f3, 0x3f5], [0x528, 0x52f], [0x10d0, 0x10fa], [0x10fd, 0x10ff], [0x13a0, 0x13f5], [0x13f8, 0x13fd],
  [0x1c80, 0x1c8a], [0x1c90, 0x1cba], [0x1cbd, 0x1cbf], [0x1d8e, 0x1d8e], [0x1e60, 0x1e61], [0x1e9b, 0x1e9b],
  [0x1e9e, 0x1e9e], [0x1f80, 0x1faf], [0x1fb3, 0x1fb3], [0x1fbc, 0x1fbc], [0x1fbe, 0x1fbe], [0x1fc3, 0x1fc3],
  [0x1fcc, 0x1fcc], [0x1ff3, 0x1ff3], [0x1ffc, 0x1ffc], [0x2126, 0x2126], [0x212a, 0x212b], [0x2c2f, 0x2c2f],
  [0x2c5f, 0x2c5f], [0xa698, 0xa69b], [0xa794, 0xa794], [0xa796, 0xa79f], [0xa7ab, 0xa7ae], [0xa7b0, 0xa7cd],
  [0xa7d0, 0xa7d1], [0xa7d6, 0xa7dc], [0xa7f5, 0xa7f6], [0xab53, 0xab53], [0xab70, 0xabbf], [0xfffd, 0xffff],
];

function inRanges(cp: number, ranges: readonly Range[]): boolean {
  for (const [from, to] of ranges) if (cp >= from && cp <= to) return true;
  return false;
}

/** Whether the index finds exactly the rows the scan would for this term (else the term is scanned). */
export function indexAnswers(term: string): boolean {
  const chars = [...term];
  if (chars.length < FTS_MIN_CHARS) return false;
  for (const ch of chars) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0 || cp > 0xffff || ch === VALUE_SEPARATOR || ch === REPLACEMENT) return false;
    if (inRanges(cp, FALLBACK_RANGES)) return false;
  }
  return true;
}

/**
 * The term as one FTS5 phrase: a string in double quotes, inner quotes doubled. Inside a string nothing
 * is syntax (AND, OR, NOT, NEAR(, *, ^, column filters), so any input is searched for as plain text.
 */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}
