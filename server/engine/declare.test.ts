// What follows from one declaration: the recipe's five-field entity (docs/internals.md, "Add an entity")
// gives the add, edit and record shapes, the list and form metadata with the schema's own limits, the link
// to the entity its foreign key names, the row and record mapping and the delete rules; a declaration that
// leaves out what cannot be derived is refused when it is made, saying what is missing.
import { describe, expect, it } from "vitest";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { toFieldErrors } from "../kernel/validation.ts";
import { productGroups } from "../domain/assortment/product_groups/entity.ts";
import { entity, jsonText } from "./declare.ts";
import { Resource } from "./engine.ts";

// The recipe's example, as docs/internals.md shows it.
const palletTypes = sqliteTable("pallet_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  code: text("code").notNull(),
  name: text("name"),
  maxLoadKg: real("max_load_kg"),
  stackable: integer("stackable", { mode: "boolean" }).notNull().default(true),
  productGroupId: integer("product_group_id").references(() => productGroups.id, { onDelete: "restrict" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [index("pallet_types_code").on(t.code, t.id)]);

// The recipe's file makes it a Resource (the engine's verbs) and adds a visibility rule; the declaration
// alone is what this test needs.
const palletType = entity({
  resource: "PalletType",
  table: palletTypes,
  title: ["code", "name"],
  sort: "code",
  writers: "manager",
  unique: [{ fields: ["code"] }],
  fields: {
    code: { max: 20, upper: true, list: "sort filter search show" },
    name: { max: 100, list: "search show" },
    maxLoadKg: { min: 0, max: 5000, unit: "kg", list: "show" },
    stackable: { list: "filter" },
    productGroupId: { display: "productGroupName", list: "filter show" },
  },
});

const errors = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : toFieldErrors(r.error as Parameters<typeof toFieldErrors>[0]);

describe("an entity's metadata, from its table and declaration", () => {
  const { meta } = palletType;
  const field = (name: string) => meta.fields.find((f) => f.name === name)!;

  it("names the resource, its path, labels and order, with the id first and the times last", () => {
    expect(meta).toMatchObject({
      resource: "PalletType",
      path: "/PalletType",
      nameKey: "resource.palletType",
      addKey: "resource.palletType.add",
      titleFields: ["code", "name"],
      defaultSort: { column: "code", descending: false },
      writers: "manager",
    });
    expect(meta.fields.map((f) => f.name)).toEqual([
      "id",
      "code",
      "name",
      "maxLoadKg",
      "stackable",
      "productGroupId",
      "createdAt",
      "updatedAt",
    ]);
    expect(field("code").labelKey).toBe("field.palletType.code");
    expect(field("id").labelKey).toBe("field.common.id");
    expect(field("createdAt")).toEqual({
      name: "createdAt",
      kind: "date",
      labelKey: "field.common.createdAt",
      list: { sortable: true, filterable: true },
    });
  });

  it("takes kinds from the columns, required-ness from NOT NULL and limits from the schema", () => {
    expect(field("code")).toEqual({
      name: "code",
      kind: "text",
      labelKey: "field.palletType.code",
      list: { sortable: true, filterable: true, searchable: true, visible: true },
      form: { add: true, edit: true, required: "always", maxLength: 20, uppercase: true },
    });
    expect(field("name").form).toEqual({ add: true, edit: true, maxLength: 100 });
    expect(field("maxLoadKg")).toMatchObject({ kind: "number", unit: "kg", form: { min: 0, max: 5000 } });
    expect(field("stackable")).toMatchObject({ kind: "boolean", form: { default: true } });
  });

  it("names the linked entity from the foreign key: its path and title, and the record's display field", () => {
    expect(field("productGroupId")).toMatchObject({
      kind: "reference",
      reference: {
        resource: "ProductGroup",
        path: "/ProductGroup",
        titleFields: ["name"],
        displayField: "productGroupName",
      },
    });
    expect(JSON.parse(JSON.stringify(meta)).fields[5].reference.resource).toBe("ProductGroup");
  });
});

describe("an entity's shapes", () => {
  const { create, update, record } = palletType;

  it("an add trims, upper-cases and empties to null, and refuses what the metadata says it would", () => {
    expect(create.parse({ code: " eu-1 ", name: "  ", productGroupId: null })).toEqual({
      code: "EU-1",
      name: null,
      maxLoadKg: null,
      stackable: true,
      productGroupId: null,
    });
    expect(errors(create.safeParse({ code: "" }))).toEqual({ code: ["validation.required"] });
    expect(errors(create.safeParse({ code: "x".repeat(21) }))).toEqual({ code: ["validation.tooLong"] });
    expect(errors(create.safeParse({ code: "A", maxLoadKg: 5001 }))).toEqual({
      maxLoadKg: ["validation.tooLarge"],
    });
    expect(errors(create.safeParse({ code: "A", productGroupId: 0 }))).toHaveProperty("productGroupId");
  });

  it("an edit names the record and the version it was read at", () => {
    expect(Object.keys(update.shape).sort()).toEqual(
      ["code", "id", "maxLoadKg", "name", "productGroupId", "stackable", "version"],
    );
    expect(errors(update.safeParse({ code: "A" }))).toMatchObject({
      id: ["validation.required"],
      version: ["validation.required"],
    });
  });

  it("a record has every column and the linked record's name", () => {
    expect(Object.keys(record.shape).sort()).toEqual([
      "code",
      "createdAt",
      "id",
      "maxLoadKg",
      "name",
      "productGroupId",
      "productGroupName",
      "stackable",
      "updatedAt",
      "version",
    ]);
  });
});

describe("rows and records", () => {
  it("copies the inputs into their columns and back, through a field's codec", () => {
    const notes = sqliteTable("codec_notes", {
      id: integer("id").primaryKey(),
      tags: text("tags").notNull().default("[]"),
      version: integer("version").notNull().default(1),
    });
    const e = entity({
      resource: "CodecNote",
      table: notes,
      title: ["id"],
      sort: "id",
      fields: { tags: { schema: z.array(z.string()), output: z.array(z.string()), codec: jsonText } },
    });
    expect(e.toRow({ tags: ["a", "b"] }, "add")).toEqual({ tags: '["a","b"]' });
    expect(e.toRecord({ id: 1, tags: '["a"]', version: 3 }, {}, {}, {})).toEqual({
      id: 1,
      tags: ["a"],
      version: 3,
    });
  });
});

describe("what a declaration must say", () => {
  const table = sqliteTable("refusals", {
    id: integer("id").primaryKey(),
    label: text("label").notNull(),
    weight: real("weight"),
    version: integer("version").notNull().default(1),
  });
  const declare = (fields: Record<string, unknown>) =>
    entity({ resource: "Refusal", table, title: ["label"], sort: "label", fields } as never);

  it("a text its longest length", () => {
    expect(() => declare({ label: {} })).toThrow("Refusal.label: a text needs its longest length (max)");
  });

  it("a number its bounds", () => {
    expect(() => declare({ label: { max: 10 }, weight: {} })).toThrow(
      "Refusal.weight: a number needs its bounds",
    );
  });

  it("key columns among its list columns, ranked in the order named", () => {
    const ranked = entity({
      resource: "Refusal",
      table,
      title: ["label"],
      sort: "label",
      keyColumns: ["weight", "label"],
      fields: { label: { max: 10, list: "show" }, weight: { min: 0, max: 1, list: "show" } },
    } as never);
    const keyOf = (name: string) => ranked.meta.fields.find((f) => f.name === name)!.list?.key;
    expect([keyOf("weight"), keyOf("label"), keyOf("id")]).toEqual([1, 2, undefined]);
    expect(() =>
      entity({
        resource: "Refusal",
        table,
        title: ["label"],
        sort: "label",
        keyColumns: ["label", "weight"],
        fields: { label: { max: 10, list: "show" }, weight: { min: 0, max: 1 } },
      } as never)
    ).toThrow('Refusal: the key column "weight" is not a list column');
  });

  it("list flags in the words it knows", () => {
    expect(() => declare({ label: { max: 10, list: "sort sortable" }, weight: { min: 0, max: 1 } })).toThrow(
      'the list of "label" has an unknown word "sortable" (sort, filter, search, show)',
    );
  });

  it("a resource, a rule for who hears of its changes", () => {
    const refusals = sqliteTable("refusal_events", {
      id: integer("id").primaryKey(),
      label: text("label").notNull(),
      version: integer("version").notNull().default(1),
    });
    expect(() =>
      new Resource({
        resource: "Nowhere",
        table: refusals,
        title: ["label"],
        sort: "label",
        fields: { label: { max: 9 } },
      })
    ).toThrow('Nowhere: server/hub/visibility.ts has no rule for "Nowhere"');
  });

  it("a field without a column an output or an input schema", () => {
    expect(() => declare({ label: { max: 10 }, weight: { min: 0, max: 1 }, ghost: {} })).toThrow(
      "Refusal.ghost: no column of that name",
    );
  });
});

describe("delete rules from the foreign keys", () => {
  it("every restricting key to the table keeps a record; cascading and emptying keys do not", () => {
    const parents = sqliteTable("fk_parents", {
      id: integer("id").primaryKey(),
      name: text("name").notNull(),
      version: integer("version").notNull().default(1),
    });
    const kept = sqliteTable("fk_kept", {
      id: integer("id").primaryKey(),
      parentId: integer("parent_id").references(() => parents.id, { onDelete: "restrict" }),
      otherId: integer("other_id").references(() => parents.id),
    });
    const gone = sqliteTable("fk_gone", {
      parentId: integer("parent_id").notNull().references(() => parents.id, { onDelete: "cascade" }),
      tagId: integer("tag_id").notNull().references(() => parents.id, { onDelete: "set null" }),
    }, (t) => [primaryKey({ columns: [t.parentId, t.tagId] })]);
    const parent = entity({
      resource: "FkParent",
      table: parents,
      title: ["name"],
      sort: "name",
      refusedAs: "company",
      fields: { name: { max: 10 } },
    });
    const found = parent.dependentsIn([parents, kept, gone]).map((d) => [d.column.name, d.variant]);
    expect(found).toEqual([["parent_id", "company"], ["other_id", "company"]]);
  });
});
