// What stock verbs read of the logistics configuration, inside their own transaction.
import type { Db } from "../../db/connection.ts";
import { rowById } from "../../db/prepared.ts";
import { clientLogisticsConfig } from "../config/table.ts";
import { defaultLogisticsConfig, LogisticsConfigData } from "../../../shared/config/contract.ts";

/**
 * Parsed configurations by their stored text: every confirmation reads the configuration, and parsing it
 * (defaults, the numbering schemas' checks) costs more than the rest of the read. The text is read each
 * time inside the caller's transaction, so a changed configuration is seen at once; only its parse is
 * reused. Bounded: a handful of texts per tenant, the oldest dropped first.
 */
const parsedByText = new Map<string, LogisticsConfigData>();
const PARSED_LIMIT = 256;

/** Freezes a parsed value all the way down: the one copy is shared by every reader. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function parseConfig(text: string): LogisticsConfigData {
  const known = parsedByText.get(text);
  if (known) return known;
  const parsed = LogisticsConfigData.safeParse({ ...defaultLogisticsConfig(), ...JSON.parse(text) });
  const data = deepFreeze(parsed.success ? parsed.data : defaultLogisticsConfig());
  if (parsedByText.size >= PARSED_LIMIT) parsedByText.delete(parsedByText.keys().next().value!);
  parsedByText.set(text, data);
  return data;
}

/** The logistics configuration as stored (fields added later take their defaults); frozen, shared. */
export async function readLogisticsConfig(tx: Db): Promise<LogisticsConfigData> {
  const row = await rowById(tx, clientLogisticsConfig, 1);
  return row ? parseConfig(row.data) : defaultLogisticsConfig();
}
