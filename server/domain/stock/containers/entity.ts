// Containers (bins, pallets): numbered from the container numbering schema (unique, never reused), standing
// at one location. Logistics staff keep them, all staff read them; one holding stock, or named by a
// document, is not deleted, and one holding stock moves only with a relocation document (PRL).
import { eq } from "drizzle-orm";
import { fieldError } from "../../../kernel/errors.ts";
import { Resource } from "../../../engine/engine.ts";
import { readLogisticsConfig } from "../config.ts";
import { stockLines } from "../ledger/table.ts";
import { takeFreeNumber } from "../numbering/service.ts";
import { containers } from "./table.ts";

const listed = "sort filter show";

export const container = new Resource({
  resource: "Container",
  table: containers,
  title: ["number"],
  sort: "number",
  fields: {
    number: { input: false, list: "sort filter search show", barcode: "code128" },
    kind: { formDefault: "pallet", list: listed },
    locationId: { display: "locationLabel", list: listed },
    description: { kind: "textarea", max: 1000, list: "search" },
    lockedIn: { list: listed },
    lockedOut: { list: listed },
  },
  writeAccess: "operations",
  validate: async (tx, _ctx, values, old) => {
    if (!old || old.locationId === values.locationId) return;
    const [held] = await tx.select({ id: stockLines.id }).from(stockLines)
      .where(eq(stockLines.containerId, old.id)).limit(1);
    if (held) throw fieldError({ locationId: ["validation.invalidValue"] });
  },
  derive: async (tx, _values, old) => {
    if (old) return {};
    const config = await readLogisticsConfig(tx);
    const number = await takeFreeNumber(
      tx,
      "container",
      config.numbering.container,
      new Date(),
      async (n) => {
        const [hit] = await tx.select({ id: containers.id }).from(containers).where(eq(containers.number, n))
          .limit(1);
        return hit !== undefined;
      },
    );
    return { number };
  },
});

export const containerMeta = container.meta;
