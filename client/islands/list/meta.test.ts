// The resource metadata the generic list and dialogs use, against what it describes: the server's list
// fields (derived from it), the zod schemas that validate input, and the client catalogue's keys.
import { describe, expect, it } from "vitest";
import { UserCreate, userMeta, UserUpdate } from "../../../server/domain/access/users/contract.ts";
import { clientAccountMeta, ClientAccountUpdate } from "../../../server/domain/config/contract.ts";
import { userListFields } from "../../../server/domain/access/users/service.ts";
import { buildFilters } from "../../../server/kernel/list.ts";
import { toFieldErrors } from "../../../server/kernel/validation.ts";
import { enUs } from "../../i18n/en_us.ts";
import { operatorsFor, toWireFilter } from "./filters.ts";

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
    const samples: Record<string, unknown> = { number: 7, boolean: false, date: "2026-02-03", enum: "de-de" };
    for (const f of userMeta.fields) {
      if (!f.list?.filterable) continue;
      for (const operator of operatorsFor(f.kind)) {
        const sample = samples[f.kind] ?? "abc";
        const value = operator === "between" ? [sample, sample] : sample;
        const wire = toWireFilter(f, { field: f.name, operator, value: value as never });
        expect(wire, `${f.name} ${operator}`).not.toBeNull();
        expect(() => buildFilters(userListFields, JSON.stringify([wire])), `${f.name} ${operator}`).not
          .toThrow();
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
        if (f.kind !== "boolean" && f.kind !== "addresses" && f.kind !== "enum" && f.kind !== "number") {
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

describe("metadata and the catalogue", () => {
  it("every label, group, name and option key is in the catalogue", () => {
    const keys = new Set(Object.keys(enUs));
    const missing: string[] = [];
    for (const meta of metas) {
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
      }
    }
    expect(missing).toEqual([]);
  });
});
