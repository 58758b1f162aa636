// The User's shapes against material nobody on the team wrote: the isemail test set (RFC categories of
// 164 addresses) and libphonenumber's example mobile number of every region.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { type CountryCode, getCountryCallingCode } from "libphonenumber-js/max";
import { toFieldErrors } from "../../../kernel/validation.ts";
import { email, phoneNumber } from "./contract.ts";
import { UserCreate, UserUpdate } from "./entity.ts";

const TESTDATA = "/work/shared/testdata/contact";

interface EmailCase {
  id: string;
  address: string;
  category: string;
  diagnosis: string;
}

function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The file's note 1: a control character is written as U+2400 plus its ASCII position. */
function controlsFromPictures(text: string): string {
  return text.replace(/[\u2400-\u241f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x2400));
}

function emailCases(): EmailCase[] {
  const xml = readFileSync(`${TESTDATA}/isemail/tests.xml`, "utf8");
  const cases: EmailCase[] = [];
  for (const m of xml.matchAll(/<test id="(\d+)">([\s\S]*?)<\/test>/g)) {
    const body = m[2];
    const address = /<address\/>/.test(body) ? "" : /<address>([\s\S]*?)<\/address>/.exec(body)?.[1];
    if (address === undefined) throw new Error(`test ${m[1]} has no address`);
    cases.push({
      id: m[1],
      address: controlsFromPictures(decodeXml(address)),
      category: /<category>(\w+)<\/category>/.exec(body)![1],
      diagnosis: /<diagnosis>(\w+)<\/diagnosis>/.exec(body)![1],
    });
  }
  return cases;
}

const cases = emailCases();
const errors = cases.filter((c) => c.category === "ISEMAIL_ERR");
const valid = cases.filter((c) => c.category === "ISEMAIL_VALID_CATEGORY" && c.diagnosis === "ISEMAIL_VALID");

describe("email (isemail test set)", () => {
  it("reads the whole file", () => {
    expect(cases.length).toBe(164);
    expect(errors.length).toBe(66);
    expect(valid.length).toBe(14);
    // The control pictures became real control characters.
    expect(cases.find((c) => c.id === "127")!.address).toBe("test@iana.org\r");
  });

  it.each(errors.map((c) => [c.id, c.diagnosis, c.address]))(
    "refuses #%s (%s) %j",
    (_id, _diagnosis, address) => {
      const r = email.safeParse(address);
      expect(r.success).toBe(false);
      const codes = Object.values(toFieldErrors(r.error!)).flat();
      expect(codes.some((c) => c === "validation.invalidEmail" || c === "validation.required")).toBe(true);
    },
  );

  it.each(valid.map((c) => [c.id, c.address]))("accepts #%s %j", (_id, address) => {
    const r = email.safeParse(address);
    expect(r.success).toBe(true);
    expect(r.data).toBe(address.toLowerCase());
  });

  it("trims surrounding spaces and lower-cases, but answers invalidEmail for a bad address", () => {
    expect(email.parse("  Jan.Kowalski@Example.PL ")).toBe("jan.kowalski@example.pl");
    const r = email.safeParse("jan@kowalski@example.pl");
    expect(toFieldErrors(r.error!)).toEqual({ _: ["validation.invalidEmail"] });
    expect(toFieldErrors(email.safeParse("").error!)).toEqual({ _: ["validation.required"] });
    expect(email.safeParse(`${"a".repeat(65)}@example.com`).success).toBe(false);
    expect(email.safeParse(`a@${"b".repeat(64)}.com`).success).toBe(false);
  });
});

describe("phoneNumber", () => {
  const examples = JSON.parse(
    readFileSync(`${TESTDATA}/libphonenumber-js/examples.mobile.json`, "utf8"),
  ) as Record<string, string>;

  it("accepts every region's example mobile number in international form, stored as E.164", () => {
    const regions = Object.keys(examples);
    expect(regions.length).toBeGreaterThan(200);
    const refused: string[] = [];
    for (const region of regions) {
      const international = `+${getCountryCallingCode(region as CountryCode)}${examples[region]}`;
      const r = phoneNumber.safeParse(international);
      if (!r.success || r.data !== international) refused.push(`${region} ${international} → ${r.data}`);
    }
    expect(refused).toEqual([]);
  });

  it("accepts spaced input and stores it in E.164", () => {
    expect(phoneNumber.parse("+48 600 700 800")).toBe("+48600700800");
    expect(phoneNumber.parse(`+${getCountryCallingCode("DE")} ${examples.DE}`)).toBe(`+49${examples.DE}`);
  });

  it("refuses a national number without a country code, in every region", () => {
    for (const region of ["PL", "DE", "FR", "ES", "RU", "US", "GB"]) {
      const r = phoneNumber.safeParse(examples[region]);
      expect(r.success).toBe(false);
      expect(toFieldErrors(r.error!)).toEqual({ _: ["validation.phoneCountryCode"] });
    }
    expect(toFieldErrors(phoneNumber.safeParse("600700800").error!)).toEqual({
      _: ["validation.phoneCountryCode"],
    });
  });

  it("refuses an impossible number even with a plus", () => {
    expect(phoneNumber.safeParse("+48 1").success).toBe(false);
    expect(phoneNumber.safeParse("+999 600 700 800").success).toBe(false);
  });

  it("treats an empty field as no number", () => {
    expect(phoneNumber.parse("")).toBeNull();
    expect(phoneNumber.parse("   ")).toBeNull();
  });
});

describe("UserCreate and UserUpdate", () => {
  const base = {
    username: "jan.kowalski",
    email: "jan@example.pl",
    password: "secret-pass-1",
    repeatPassword: "secret-pass-1",
  };

  it("defaults a new user to an active basic user", () => {
    const u = UserCreate.parse(base);
    expect(u).toMatchObject({ active: true, blocked: false, isSuperUser: false, isPowerUser: false });
  });

  it("requires matching passwords", () => {
    const r = UserCreate.safeParse({ ...base, repeatPassword: "other-pass-1" });
    expect(toFieldErrors(r.error!)).toEqual({ repeatPassword: ["validation.passwordsMustMatch"] });
  });

  it("refuses short passwords and usernames with forbidden characters", () => {
    const r = UserCreate.safeParse({
      ...base,
      username: "jan kowalski",
      password: "short",
      repeatPassword: "short",
    });
    const fields = toFieldErrors(r.error!);
    expect(fields.username).toEqual(["validation.forbiddenCharacter"]);
    expect(fields.password).toEqual(["validation.tooShort"]);
  });

  it("refuses the common passwords tried first, in any letter case, and takes a rarer one", () => {
    for (const common of ["password", "Password1", "QWERTYUIOP", "iloveyou", "sunshine", "12345678"]) {
      const r = UserCreate.safeParse({ ...base, password: common, repeatPassword: common });
      expect(toFieldErrors(r.error!).password, common).toEqual(["validation.passwordTooCommon"]);
    }
    const rare = "plum-rack-1947";
    expect(UserCreate.safeParse({ ...base, password: rare, repeatPassword: rare }).success).toBe(true);
  });

  it("lets an edit leave the password out, and leaves flags unset unless sent", () => {
    const u = UserUpdate.parse({ id: 1, version: 1, username: "jan", email: "jan@example.pl" });
    expect(u.password).toBeUndefined();
    expect(u.isSuperUser).toBeUndefined();
    expect(u.active).toBeUndefined();
    const r = UserUpdate.safeParse({
      id: 1,
      version: 1,
      username: "jan",
      email: "jan@example.pl",
      password: "new-secret-1",
      repeatPassword: "new-secret-2",
    });
    expect(toFieldErrors(r.error!)).toEqual({ repeatPassword: ["validation.passwordsMustMatch"] });
  });
});
