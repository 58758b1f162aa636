// The new-order form of each order type, from the startup config's order definitions (server/domain/config/
// definitions.ts): the types a user makes (not production, not switched off in the logistics
// configuration), and for the chosen one only the header fields it takes, those it cannot do without
// marked required. Pure: tested without a browser.
import type { ResourceMeta } from "../../../shared/resources/meta.ts";
import type { OrderDefinition } from "../../state.ts";

/** The types offered in the form, in the definitions' order. */
export function offeredOrderTypes(
  definitions: readonly OrderDefinition[],
  enabled: Record<string, boolean> | undefined,
): OrderDefinition[] {
  return definitions.filter((d) => d.kind !== "production" && enabled?.[d.typeCode] !== false);
}

/** The type a new order starts as: the first offered. */
export function firstOrderType(
  definitions: readonly OrderDefinition[],
  enabled: Record<string, boolean> | undefined,
): string | undefined {
  return offeredOrderTypes(definitions, enabled)[0]?.typeCode;
}

/** The order's metadata as the form of `typeCode` shows it: its type's fields, in the definition's order. */
export function orderFormMeta(
  meta: ResourceMeta,
  definitions: readonly OrderDefinition[],
  enabled: Record<string, boolean> | undefined,
  typeCode: unknown,
): ResourceMeta {
  const offered = offeredOrderTypes(definitions, enabled);
  const definition = offered.find((d) => d.typeCode === typeCode);
  const own = definition?.fields ?? [];
  const required = new Set(definition?.required ?? []);
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  const typeField = byName.get("typeCode");
  const fields = [
    ...(typeField ? [{ ...typeField, options: offered.map((d) => d.typeCode) }] : []),
    ...own.flatMap((name) => {
      const f = byName.get(name);
      if (!f?.form?.add) return [];
      return [required.has(name) ? { ...f, form: { ...f.form, required: "add" as const } } : f];
    }),
  ];
  return { ...meta, fields };
}
