// Persons: contacts, each assigned to at most one company. Business managers and administrators keep them,
// all staff read them.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tags } from "../../reference/tags/entity.ts";
import { Resource } from "../../../engine/engine.ts";
import { companies } from "../companies/entity.ts";

export const persons = sqliteTable("persons", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email"),
  /** E.164, with the country code. */
  phoneNumber: text("phone_number"),
  skype: text("skype"),
  position: text("position"),
  url: text("url"),
  description: text("description"),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("persons_first_name").on(t.firstName, t.id),
  index("persons_last_name").on(t.lastName, t.id),
  index("persons_email").on(t.email, t.id),
  index("persons_phone_number").on(t.phoneNumber, t.id),
  index("persons_position").on(t.position, t.id),
  index("persons_company").on(t.companyId, t.id),
  index("persons_created_at").on(t.createdAt, t.id),
  index("persons_updated_at").on(t.updatedAt, t.id),
]);

export const personTags = sqliteTable("person_tags", {
  personId: integer("person_id").notNull().references(() => persons.id, { onDelete: "cascade" }),
  tagId: integer("tag_id").notNull().references(() => tags.id, { onDelete: "restrict" }),
}, (t) => [
  primaryKey({ columns: [t.personId, t.tagId] }),
  index("person_tags_tag").on(t.tagId, t.personId),
]);

const listed = "sort filter search show";

export const person = new Resource({
  resource: "Person",
  table: persons,
  title: ["lastName", "firstName"],
  sort: "lastName",
  keyColumns: ["firstName", "lastName", "companyId", "phoneNumber"],
  writers: "manager",
  fields: {
    firstName: { max: 100, list: listed },
    lastName: { max: 100, list: listed },
    email: { kind: "email", list: listed },
    phoneNumber: { kind: "phone", list: listed },
    position: { max: 100, list: listed },
    companyId: { display: "companyName", list: "filter show" },
    skype: { max: 100, list: "search" },
    url: { url: true, list: true },
    tagIds: { link: { table: personTags, names: "tagNames" }, list: true },
    description: { kind: "textarea", max: 2000, list: "search" },
  },
});

export const personMeta = person.meta;
