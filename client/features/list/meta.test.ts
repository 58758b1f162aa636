// The resource metadata the generic list and dialogs use, against what it describes: the server's list
// fields (derived from it), the zod schemas that validate input, and the client catalogue's keys.
import { describe, expect, it } from "vitest";
import { UserCreate, userMeta, UserUpdate } from "../../../server/domain/access/users/entity.ts";
import { clientAccountMeta, ClientAccountUpdate } from "../../../server/domain/config/account/entity.ts";
import { userListFields } from "../../../server/domain/access/users/service.ts";
import { buildFilters } from "../../../server/kernel/list.ts";
import { toFieldErrors } from "../../../server/kernel/validation.ts";
import { listFieldsOf } from "../../../server/engine/engine.ts";
import {
  productGroup,
  productGroupMeta,
  productGroups,
} from "../../../server/domain/assortment/product_groups/entity.ts";
import {
  product as productResource,
  productMeta,
} from "../../../server/domain/assortment/products/entity.ts";
import { enUs } from "../../../shared/i18n/en_us.ts";
import { resourceScreens } from "../../screens/resources.ts";
import { translator } from "../../../shared/i18n/mod.ts";
import { operatorsFor, toWireFilter } from "./filters.ts";
import { cellText, type FieldMeta, formatValue } from "./meta.ts";

const metas = [userMeta, clientAccountMeta];

describe("metadata and the server's list", () => {
  it("the user list's fields are the metadata's list fields, with the same flags and a matching type", () => {
    const listed = userMeta.fields.filter((f) => f.list);
    expect(Object.keys(userListFields).sort()).toEqual(listed.map((f) => f.name).sort());
    for (const f of listed) {
      const server = userListFields[f.name];
      expect({
        sortable: !!server.sortable,
        filterable: !!server.filterable,
        searchable: !!server.searchable,
      }, f.name)
        .toEqual({
          sortable: !!f.list!.sortable,
          filterable: !!f.list!.filterable,
          searchable: !!f.list!.searchable,
        });
      const expected = f.kind === "number"
        ? "number"
        : f.kind === "boolean" || f.kind === "date"
        ? f.kind
        : "text";
      expect(server.type, f.name).toBe(expected);
    }
    expect(userListFields[userMeta.defaultSort.column].sortable).toBe(true);
  });

  it("every filter the client can build for a filterable field is one the server's list accepts", () => {
    const samples: Record<string, unknown> = {
      number: 7,
      reference: 7,
      boolean: false,
      date: "2026-02-03",
      enum: "de-de",
      colour: "#1e90ff",
    };
    const lists = [
      { meta: userMeta, fields: userListFields },
      { meta: productGroupMeta, fields: listFieldsOf(productGroupMeta, productGroups) },
    ];
    for (const { meta, fields } of lists) {
      for (const f of meta.fields) {
        if (!f.list?.filterable) continue;
        for (const operator of operatorsFor(f.kind)) {
          const sample = samples[f.kind] ?? "abc";
          const value = operator === "between" ? [sample, sample] : sample;
          const wire = toWireFilter(f, { field: f.name, operator, value: value as never });
          expect(wire, `${f.name} ${operator}`).not.toBeNull();
          expect(() => buildFilters(fields, JSON.stringify([wire])), `${f.name} ${operator}`).not.toThrow();
        }
      }
    }
  });
});

describe("metadata and the schemas", () => {
  const user = {
    username: "jan.kowalski",
    email: "jan@example.pl",
    password: "secret-pass-1",
    repeatPassword: "secret-pass-1",
  };
  const cases = [
    { meta: userMeta, schema: UserCreate, base: user, mode: "add" },
    { meta: userMeta, schema: UserUpdate, base: { ...user, id: 1, version: 1 }, mode: "edit" },
    {
      meta: productGroupMeta,
      schema: productGroup.entity.create,
      base: { name: "Frozen food" },
      mode: "add",
    },
    {
      meta: productGroupMeta,
      schema: productGroup.entity.update,
      base: { name: "Frozen food", id: 1, version: 1 },
      mode: "edit",
    },
    {
      meta: clientAccountMeta,
      schema: ClientAccountUpdate,
      base: { version: 1, invoiceName: "Acme", theme: "light" },
      mode: "edit",
    },
  ] as const;

  for (const { meta, schema, base, mode } of cases) {
    it(`${meta.resource} (${mode}): required fields and length limits are the schema's`, () => {
      for (const f of meta.fields) {
        if (!f.form || !(mode === "add" ? f.form.add : f.form.edit)) continue;
        const errorsWith = (value: unknown) => {
          const input: Record<string, unknown> = { ...base, [f.name]: value };
          if (f.kind === "password") input.password = input.repeatPassword = value;
          const r = schema.safeParse(input);
          return r.success ? [] : toFieldErrors(r.error)[f.name] ?? [];
        };
        const required = f.form.required === "always" || (f.form.required === "add" && mode === "add");
        // What the form sends for an empty field: "" for a text (null when optional), null for a link.
        if (f.kind === "reference") {
          expect(errorsWith(null).includes("validation.required"), `${f.name} required`).toBe(required);
        } else if (
          !["boolean", "addresses", "enum", "number", "references", "strings", "latlng"].includes(f.kind)
        ) {
          expect(errorsWith("").includes("validation.required"), `${f.name} required`).toBe(required);
        }
        if (f.form.maxLength && f.kind === "text") {
          const ok = "a".repeat(Math.max(f.form.maxLength, f.form.minLength ?? 0));
          expect(errorsWith(ok), `${f.name} at its limit`).toEqual([]);
          expect(errorsWith(ok + "a"), `${f.name} past its limit`).toContain("validation.tooLong");
        }
        if (f.form.minLength && f.kind !== "email") {
          const short = f.kind === "password"
            ? "a".repeat(f.form.minLength - 1)
            : "a".repeat(f.form.minLength - 1);
          expect(errorsWith(short), `${f.name} short`).toContain("validation.tooShort");
        }
        if (f.kind === "enum") {
          for (const o of f.options ?? []) expect(errorsWith(o), `${f.name} ${o}`).toEqual([]);
          expect(errorsWith("klingon").length, `${f.name} unknown option`).toBeGreaterThan(0);
        }
      }
    });
  }
});

describe("a rows field's metadata and its schema", () => {
  const f = productMeta.fields.find((x) => x.name === "customFields")!;
  const row = { code: "FAT", name: "Fat content", type: "number", printId: null };
  const errorsWith = (rows: unknown[]) => {
    const r = productResource.entity.create.safeParse({ name: "Milk", index: "MILK", customFields: rows }, {
      reportInput: true,
    });
    return r.success ? {} : toFieldErrors(r.error);
  };

  it("declares the product's custom fields as rows of code, name, type and print id", () => {
    expect(f.kind).toBe("rows");
    expect(f.rows!.columns.map((c) => c.name)).toEqual(Object.keys(row));
    expect(errorsWith([row])).toEqual({});
  });

  it("has the schema's required columns, length limits, options and number of rows", () => {
    for (const c of f.rows!.columns) {
      const cell = `customFields.0.${c.name}`;
      // The form starts a required enum at its first option, so only texts can be left empty.
      if (c.kind === "text") {
        expect(errorsWith([{ ...row, [c.name]: "" }])[cell] ?? [], c.name)
          .toEqual(c.required ? ["validation.required"] : []);
      }
      expect(!!errorsWith([{ ...row, [c.name]: null }])[cell], `${c.name} null`).toBe(!!c.required);
      if (c.maxLength) {
        expect(errorsWith([{ ...row, [c.name]: "a".repeat(c.maxLength) }]), c.name).toEqual({});
        expect(errorsWith([{ ...row, [c.name]: "a".repeat(c.maxLength + 1) }])[cell], c.name)
          .toEqual(["validation.tooLong"]);
      }
      for (const o of c.options ?? []) expect(errorsWith([{ ...row, [c.name]: o }]), o).toEqual({});
      if (c.kind === "enum") expect(errorsWith([{ ...row, [c.name]: "klingon" }])[cell]).toBeDefined();
    }
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...row, code: `C${i}` }));
    expect(errorsWith(many(f.rows!.maxRows))).toEqual({});
    expect(errorsWith(many(f.rows!.maxRows + 1))).toEqual({ customFields: ["validation.tooLong"] });
  });
});

describe("metadata and the catalogue", () => {
  it("every label, group, name and option key is in the catalogue, for every screen of the registry too", async () => {
    const registered = await Promise.all(Object.values(resourceScreens).map((load) => load()));
    expect(registered.map((m) => m.resource)).toContain("ProductGroup");
    const keys = new Set(Object.keys(enUs));
    const missing: string[] = [];
    for (const meta of [...metas, ...registered]) {
      for (const k of [meta.nameKey, meta.addKey]) {
        if (k && !keys.has(k)) missing.push(k);
      }
      for (const f of meta.fields) {
        for (const k of [f.labelKey, f.groupKey]) if (k && !keys.has(k)) missing.push(k);
        if (f.kind === "enum" && f.name !== "defaultLanguage") {
          for (const o of f.options ?? []) {
            if (!keys.has(`option.${f.name}.${o}`)) missing.push(`option.${f.name}.${o}`);
          }
        }
        for (const c of f.rows?.columns ?? []) {
          if (!keys.has(c.labelKey)) missing.push(c.labelKey);
          for (const o of c.options ?? []) {
            const key = `option.${f.name}.${c.name}.${o}`;
            if (!keys.has(key)) missing.push(key);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("how the newer field kinds are shown in a list", () => {
  const t = translator("en-us");
  const ref = {
    resource: "Company",
    path: "/Company",
    titleFields: ["name"],
    displayField: "contractorName",
  };
  const contractor: FieldMeta = { name: "contractorId", kind: "reference", labelKey: "x", reference: ref };
  const groups: FieldMeta = { name: "productGroupIds", kind: "references", labelKey: "x", reference: ref };

  it("a link by the name the row carries, else by its id", () => {
    expect(cellText(t, contractor, { id: 1, contractorId: 4, contractorName: "Acme" })).toBe("Acme");
    expect(cellText(t, contractor, { id: 1, contractorId: 4 })).toBe("4");
    expect(cellText(t, contractor, { id: 1, contractorId: null, contractorName: "stale" })).toBe("");
  });

  it("several links by their names when the row carries them, else their count", () => {
    expect(cellText(t, groups, { id: 1, productGroupIds: [3, 4], productGroupNames: ["Dry", "Wet"] }))
      .toBe("Dry, Wet");
    expect(cellText(t, groups, { id: 1, productGroupIds: [3, 4] })).toBe(t.plural("master.linked", 2));
    expect(cellText(t, groups, { id: 1, productGroupIds: [] })).toBe("");
  });

  it("a calendar day as that day, whatever the time zone; an instant with its time", () => {
    const expiry: FieldMeta = { name: "expiryDate", kind: "date", day: true, labelKey: "x" };
    expect(formatValue(t, expiry, "2099-01-01")).toBe("01/01/2099");
    expect(formatValue(translator("de-de", "Pacific/Pago_Pago"), expiry, "2099-12-31")).toBe("31.12.2099");
    const at: FieldMeta = { name: "createdAt", kind: "date", labelKey: "x" };
    const plain = (s: string) => s.replace(/\u202f/g, " ");
    expect(plain(formatValue(translator("en-us", "UTC"), at, "2026-03-01T10:00:00Z"))).toBe(
      "03/01/2026, 10:00 AM",
    );
    expect(formatValue(translator("de-de", "Europe/Berlin"), at, "2026-03-01T23:30:00Z")).toBe(
      "02.03.2026, 00:30",
    );
    // A field that holds an instant or a day (a planned date) shows a day as a date, without a time.
    const planned: FieldMeta = { name: "plannedDate", kind: "date", labelKey: "x" };
    expect(formatValue(translator("fr-fr", "America/Los_Angeles"), planned, "2026-12-15")).toBe("15/12/2026");
  });

  it("texts joined, a point as latitude and longitude, and a number with its unit", () => {
    expect(formatValue(t, { name: "barcodes", kind: "strings", labelKey: "x" }, ["590", "400"])).toBe(
      "590, 400",
    );
    expect(formatValue(t, { name: "at", kind: "latlng", labelKey: "x" }, { lat: 52.2297, lng: 21.0122 }))
      .toBe("52.2297, 21.0122");
    expect(formatValue(t, { name: "weight", kind: "number", labelKey: "x", unit: "kg" }, 1250.5))
      .toBe("1,250.5 kg");
  });
});
