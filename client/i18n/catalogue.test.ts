// The client catalogue is complete in all six languages, and no component shows a literal string.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { enUs } from "../../shared/i18n/en_us.ts";
import { languages, translator } from "../../shared/i18n/mod.ts";
import { catalogues as all } from "../../shared/i18n/catalogues.ts";
import { textsOfPart } from "../../shared/i18n/texts.ts";

const catalogues = all as Record<string, Record<string, string>>;

const base = (k: string) => k.split("#")[0];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("client catalogue", () => {
  it("has all six languages", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...languages].sort());
  });

  for (const [lang, cat] of Object.entries(catalogues)) {
    it(`${lang}: every key of en-us, the plural forms its language uses, no empty text`, () => {
      const singular = (c: Record<string, string>) => Object.keys(c).filter((k) => !k.includes("#")).sort();
      expect(singular(cat)).toEqual(singular(enUs));
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const pluralBase of new Set(Object.keys(enUs).filter((k) => k.includes("#")).map(base))) {
        const forms = Object.keys(cat).filter((k) => base(k) === pluralBase).map((k) => k.split("#")[1])
          .sort();
        expect(forms, pluralBase).toEqual([...categories].sort());
      }
      for (const [key, text] of Object.entries(cat)) {
        expect(text.trim(), key).not.toBe("");
        const english = enUs[key as keyof typeof enUs] ?? enUs[`${base(key)}#other` as keyof typeof enUs];
        expect(placeholders(text), key).toEqual(placeholders(english));
      }
    });
  }

  it("is two scripts per language in the browser: together the whole catalogue, each text once", () => {
    for (const lang of languages) {
      const first = textsOfPart(lang, "first");
      const rest = textsOfPart(lang, "rest");
      expect(Object.keys(first).filter((k) => k in rest), lang).toEqual([]);
      expect({ ...first, ...rest }, lang).toEqual(catalogues[lang]);
      // The sign-in page's own texts come first; the frame's menu and the API's error texts later (the
      // server's answer carries its own message in the language asked for).
      for (
        const key of [
          "signin.title",
          "common.loading",
          "validation.required",
          "face.signIn",
          "mfa.step.title",
        ]
      ) {
        expect(key in first || key in rest, key).toBe(true);
      }
      for (const key of ["signin.title", "common.loading", "validation.required", "face.signIn"]) {
        expect(key in first, `${lang} ${key}`).toBe(true);
      }
      for (
        const key of [
          "menu.administration",
          "route.products",
          "apiError.auth.wrongCredentials",
          "mfa.step.title",
        ]
      ) {
        expect(key in rest, `${lang} ${key}`).toBe(true);
      }
      expect(Object.keys(first).length).toBeLessThan(Object.keys(rest).length / 5);
    }
  });

  it("is really translated: most texts differ from English", () => {
    for (const [lang, cat] of Object.entries(catalogues)) {
      if (lang === "en-us") continue;
      const same = Object.entries(cat).filter(([k, v]) => v === (enUs as Record<string, string>)[k]).map((
        [k],
      ) => k);
      expect(same.length, `${lang}: ${same.join(", ")}`).toBeLessThan(Object.keys(cat).length * 0.1);
    }
  });

  it("picks plural forms by the language's rules and formats numbers in it", () => {
    expect(translator("pl-pl").plural("common.items", 1)).toBe(
      catalogues["pl-pl"]["common.items#one"].replace("{count}", "1"),
    );
    expect(translator("pl-pl").plural("common.items", 3)).toBe(
      catalogues["pl-pl"]["common.items#few"].replace("{count}", "3"),
    );
    expect(translator("pl-pl").plural("common.items", 5)).toBe(
      catalogues["pl-pl"]["common.items#many"].replace("{count}", "5"),
    );
    expect(translator("ru-ru").plural("common.items", 21)).toBe(
      catalogues["ru-ru"]["common.items#one"].replace("{count}", "21"),
    );
    expect(translator("de-de").number(1234.5)).toBe("1.234,5");
    expect(translator("en-us").money(3, "EUR")).toBe("€3.00");
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".tsx") && !path.endsWith(".test.tsx") ? [path] : [];
  });
}

describe("components", () => {
  it("render no literal text: every string a user sees comes from the catalogue", () => {
    const root = new URL("..", import.meta.url).pathname;
    const offenders: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, "utf8");
      // Text between JSX tags, and user-facing attributes given as plain strings.
      for (const m of source.matchAll(/(?<![=-])>([^<>{}]*\p{L}[^<>{}]*)</gu)) {
        if (!/=>|&&|\|\||\bfunction\b|[;()]/.test(m[1])) offenders.push(`${file}: ${m[1].trim()}`);
      }
      for (const m of source.matchAll(/\b(?:aria-label|title|placeholder|alt|label)="([^"]*\p{L}[^"]*)"/gu)) {
        offenders.push(`${file}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe("API error messages", () => {
  it("every error code the server can answer has a client message in every language", async () => {
    const { errorStatus } = await import("../../server/kernel/errors.ts");
    for (const code of Object.keys(errorStatus)) {
      for (const [lang, cat] of Object.entries(catalogues)) {
        expect(cat[`apiError.${code}`], `${lang} ${code}`).toBeTruthy();
      }
    }
  });

  it("turns an API error into the message of its code, with its parameters", async () => {
    const { ApiError } = await import("../api.ts");
    const { errorMessage } = await import("../errors.ts");
    const t = translator("de-de");
    const err = new ApiError(429, "auth.tooManyAttempts", "server text", {}, [], "r-1", { minutes: 3 });
    expect(errorMessage(t, err)).toBe(
      catalogues["de-de"]["apiError.auth.tooManyAttempts"].replace("{minutes}", "3"),
    );
    expect(errorMessage(t, new ApiError(0, "network", "x"))).toBe(catalogues["de-de"]["error.network"]);
    expect(errorMessage(t, new ApiError(500, "server.unknown", "x", {}, [], "req-9"))).toContain("req-9");
    expect(errorMessage(t, new Error("boom"))).toBe(catalogues["de-de"]["error.unknown"]);
  });
});
