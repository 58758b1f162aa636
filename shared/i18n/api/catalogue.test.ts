// The six server catalogues: same keys as en-us, no empty texts, the same {placeholders}, a message for
// every error and field code, and real translations rather than copied English.
import { describe, expect, it } from "vitest";
import { catalogues, type Language, languageFromHeader, languages, translate } from "./mod.ts";
import { enUs } from "./en_us.ts";
import { errorStatus, type FieldCode } from "../../../server/kernel/errors.ts";

const fieldCodes = [
  "validation.required",
  "validation.invalidEmail",
  "validation.tooLong",
  "validation.tooShort",
  "validation.tooSmall",
  "validation.tooLarge",
  "validation.forbiddenCharacter",
  "validation.passwordsMustMatch",
  "validation.currentPasswordWrong",
  "validation.codeWrong",
  "validation.passwordTooCommon",
  "validation.passwordContextWord",
  "validation.passwordBreached",
  "validation.phoneCountryCode",
  "validation.emailExists",
  "validation.usernameExists",
  "validation.mustBeUnique",
  "validation.invalidValue",
  "validation.egressRefused",
  "validation.mustAcceptTerms",
  "validation.criticalAboveWarning",
  "validation.minAboveMax",
  "validation.productionNaming",
  "validation.finishBeforeStart",
  "validation.unknownField",
  "validation.personHasNoEmail",
  "validation.noRateForNewBase",
  "validation.baseCurrencyByItsOwnCall",
  "validation.baseCurrencyRate",
] as const satisfies readonly FieldCode[];
// Fails the type check when a FieldCode is added to errors.ts but not to the list above.
const everyFieldCodeListed: Exclude<FieldCode, (typeof fieldCodes)[number]> extends never ? true : false =
  true;

const englishKeys = Object.keys(enUs).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+(?::money)?)\}/g)].map((m) => m[1]).sort();
const others = languages.filter((l) => l !== "en-us");

describe("server catalogues", () => {
  it("are six, one per supported language", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...languages].sort());
    expect(languages).toHaveLength(6);
  });

  it.each(languages)("%s has exactly the keys of en-us", (lang) => {
    expect(Object.keys(catalogues[lang]).sort()).toEqual(englishKeys);
  });

  it.each(languages)("%s has no empty or untrimmed text", (lang) => {
    for (const [key, text] of Object.entries(catalogues[lang])) {
      expect(typeof text, `${lang} ${key}`).toBe("string");
      expect(text.trim().length, `${lang} ${key}`).toBeGreaterThan(0);
      expect(text, `${lang} ${key}`).toBe(text.trim());
    }
  });

  it.each(others)("%s uses the same {placeholders} as en-us in every text", (lang) => {
    for (const key of englishKeys) {
      const k = key as keyof typeof enUs;
      expect(placeholders(catalogues[lang][k]), `${lang} ${key}`).toEqual(placeholders(enUs[k]));
    }
  });

  it.each(others)("%s is really translated", (lang) => {
    const same = englishKeys.filter((k) =>
      catalogues[lang][k as keyof typeof enUs] === enUs[k as keyof typeof enUs]
    );
    // A few texts may coincide (a bare placeholder, a brand); most must not.
    expect(same.length, `${lang}: ${same.join(", ")}`).toBeLessThanOrEqual(
      Math.floor(englishKeys.length / 10),
    );
  });

  it("ru-ru is written in Cyrillic", () => {
    for (const [key, text] of Object.entries(catalogues["ru-ru"])) {
      expect(text, key).toMatch(/[а-яё]/i);
    }
  });

  it("has a message for every error code and every field code", () => {
    expect(everyFieldCodeListed).toBe(true);
    for (const code of [...Object.keys(errorStatus), ...fieldCodes]) {
      expect(englishKeys, code).toContain(code);
    }
  });

  it("has distinct texts in the six languages for every error code", () => {
    for (const code of Object.keys(errorStatus) as Array<keyof typeof errorStatus>) {
      const texts = new Set(
        languages.map((l) => translate(l, code, { requestId: "r", detail: "d", minutes: 1 })),
      );
      expect(texts.size, code).toBe(6);
    }
  });
});

describe("translate", () => {
  it("fills the parameters and leaves unknown ones visible", () => {
    expect(translate("en-us", "auth.tooManyAttempts", { minutes: 15 })).toBe(
      "Too many attempts. Try again in 15 minutes.",
    );
    expect(translate("pl-pl", "server.unknown", { requestId: "abc-1" })).toContain("abc-1");
    expect(translate("en-us", "auth.tooManyAttempts")).toContain("{minutes}");
  });

  it("shows a {name:money} value with two decimals in the language's number format", () => {
    const budget = (lang: Language) =>
      translate(lang, "account.documentLimitReached", { limit: 3, budget: 1 }).match(/\(([^)]*) EUR\)/)?.[1];
    expect(budget("en-us")).toBe("1.00");
    expect(budget("pl-pl")).toBe("1,00");
    expect(budget("de-de")).toBe("1,00");
    expect(translate("en-us", "account.documentLimitReached", { limit: 3, budget: 1234.5 })).toContain(
      "(1,234.50 EUR)",
    );
  });
});

describe("languageFromHeader", () => {
  it("picks the best supported language by quality, falling back to the base language", () => {
    expect(languageFromHeader("de-DE,de;q=0.9,en;q=0.8")).toBe("de-de");
    expect(languageFromHeader("ja;q=1, ru;q=0.3, fr;q=0.5")).toBe("fr-fr");
    expect(languageFromHeader("es-MX")).toBe("es-es");
    expect(languageFromHeader("PL")).toBe("pl-pl");
    expect(languageFromHeader("en;q=0, pl;q=0.1")).toBe("pl-pl");
    expect(languageFromHeader("ja")).toBeUndefined();
    expect(languageFromHeader("")).toBeUndefined();
    expect(languageFromHeader("*")).toBeUndefined();
  });
});
