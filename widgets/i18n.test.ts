// The widgets' own catalogue: every language has every word, with the same placeholders; a language is
// picked from a tag as a page gives it.
import { describe, expect, it } from "vitest";
import { widgetMessages } from "./messages.ts";
import { pickLang, say } from "./i18n.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the widgets' words", () => {
  it("are in all six languages, each with the English one's placeholders, none left English by mistake", () => {
    const english = widgetMessages["en-us"];
    expect(Object.keys(widgetMessages).sort()).toEqual([
      "de-de",
      "en-us",
      "es-es",
      "fr-fr",
      "pl-pl",
      "ru-ru",
    ]);
    for (const [lang, words] of Object.entries(widgetMessages)) {
      expect(Object.keys(words).sort(), lang).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(words)) {
        expect(placeholders(text), `${lang} ${key}`).toEqual(
          placeholders(english[key as keyof typeof english]),
        );
        expect(text.trim().length, `${lang} ${key}`).toBeGreaterThan(0);
      }
      if (lang !== "en-us") {
        // Long sentences are translated (short words such as "Stock" may be the same in two languages).
        expect(words["widget.ended"], lang).not.toBe(english["widget.ended"]);
        expect(words["widget.notAllowed"], lang).not.toBe(english["widget.notAllowed"]);
      }
    }
  });

  it("pick the language from a tag, a browser's Accept-Language, else English", () => {
    expect(pickLang("pl", undefined)).toBe("pl-pl");
    expect(pickLang("de-AT", undefined)).toBe("de-de");
    expect(pickLang("RU_ru", undefined)).toBe("ru-ru");
    expect(pickLang("ja", "fr-CH,fr;q=0.9,en;q=0.8")).toBe("fr-fr");
    expect(pickLang(undefined, "ja,zh;q=0.5")).toBe("en-us");
    expect(say("es-es", "widget.page", { page: 2, pages: 7 })).toBe("Página 2 de 7");
  });
});
