// Draft numbers of working copies: the draft prefix and the draft counter, skipping a number some document
// already holds (the unique index would otherwise refuse the new document).
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import type { LogisticsConfigData } from "../../../../shared/config/contract.ts";
import { takeFreeNumber } from "../numbering/service.ts";
import { wmsDocuments } from "./table.ts";

export async function takeDraftNumber(tx: Db, config: LogisticsConfigData): Promise<string> {
  const prefix = config.numbering.draftPrefix;
  // The counter without padding: DRAFT/1, DRAFT/2, ...
  const schema = { parts: [{ type: "counter" as const, digits: 5 }], reset: "never" as const };
  return await takeFreeNumber(tx, "draft", schema, new Date(), async (n) => {
    const [hit] = await tx.select({ id: wmsDocuments.id }).from(wmsDocuments)
      .where(eq(wmsDocuments.documentNumber, `${prefix}${Number(n)}`)).limit(1);
    return hit !== undefined;
  }).then((n) => `${prefix}${Number(n)}`);
}
