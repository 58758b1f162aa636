// A CSV text is checked in one pass before papaparse reads it: what no import file holds (more rows than an
// import reads, a row of more than 200 cells, a cell past a spreadsheet's 32,767 characters, a quote never
// closed) is refused at once, at the 20 MB limit too; papaparse made every row and cell a string first (20 MB
// of `c,` took it half a second, of `R,r` lines 1.5 s, of `""` over a second). The check finds the cells
// where papaparse finds them: on any text made of delimiters, quotes, line breaks and white space it refuses
// exactly what papaparse's own reading would (small limits stand in for the real ones).
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import Papa from "papaparse";
import { checkText } from "./read.ts";
import { AppError } from "../../kernel/errors.ts";
import { TimedCalls } from "../../../tests/fixtures/in_worker.ts";

const read = new URL("./read.ts", import.meta.url);
const calls = new TimedCalls();
afterAll(() => calls.close());

const MB = 1024 * 1024;
const fill = (size: number, head: string, unit: string, tail = "") =>
  head + unit.repeat(Math.floor((size - head.length - tail.length) / unit.length)) + tail;

describe("an import file's text", () => {
  it(
    "is refused at the 20 MB limit in a fraction of a second when it holds what no import file does",
    async () => {
      expect((await calls.call(read, "readTable", [new TextEncoder().encode("a,b\n1,2\n")], 30_000)).ok)
        .toBe(true);
      const n = 20 * MB - 64 * 1024;
      const cases: [string, string, string][] = [
        ["a long line", fill(n, "index,name\nL-1,", "y"), "import.fileUnreadable"],
        ["many columns", fill(n, "", "c,"), "import.tooManyColumns"],
        ["many quotes", fill(n, 'index,name\nQ-1,"', '""', '"'), "import.fileUnreadable"],
        ["a quote never closed", fill(n, 'index,name\nQ-2,"', "x"), "import.fileUnreadable"],
        ["many rows", fill(n, "index,name\n", "R,r\n"), "import.tooManyRows"],
        ["many blank rows", fill(n, "index,name\n", "\r\n"), "import.tooManyRows"],
        ["a wide row below a narrow header", fill(n, "index,name\nW-1,w\n", ","), "import.tooManyColumns"],
      ];
      for (const [name, text, code] of cases) {
        // Refused with the check's code (a call still running after 10 s is given up). Its time, within
        // 400 ms (decoding 20 MB is most of it; papaparse alone took 0.5–1.7 s on these), is bounded by
        // `deno task bench parse_costs`.
        const outcome = await calls.call(read, "readTable", [new TextEncoder().encode(text)], 10_000);
        expect(outcome.code, `${name}: ${Math.round(outcome.ms)} ms`).toBe(code);
      }
    },
    120_000,
  );

  it("is refused by the check exactly when papaparse's reading would refuse it", () => {
    const limits = { rows: 4, columns: 3, cell: 3 };
    const text = fc.array(fc.constantFrom("a", "b", " ", ",", ";", '"', "\n", "\r", "\r\n", "\u00a0"), {
      maxLength: 40,
    }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(",", ";"),
        fc.constantFrom("\n", "\r\n", "\r"),
        (t, delimiter, newline) => {
          const parsed = Papa.parse<string[]>(t, {
            delimiter,
            newline,
            preview: limits.rows,
            skipEmptyLines: false,
          });
          const papaRefuses = parsed.meta.truncated ||
            parsed.errors.some((e) => e.code === "MissingQuotes") ||
            parsed.data.some((row) => row.length > limits.columns || row.some((c) => c.length > limits.cell));
          let checkRefuses = false;
          try {
            checkText(t, delimiter, newline, limits);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            checkRefuses = true;
          }
          expect(checkRefuses, JSON.stringify(t)).toBe(papaRefuses);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
