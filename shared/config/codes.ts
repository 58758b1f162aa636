// The document and order type codes and the numbering schemas the configuration starts from: plain data
// without zod, which the client's logistics configuration screen imports (through contract.ts, whose
// schemas would take all of zod into that screen's script: 465 KB).

export const documentTypeCodes = ["DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "CRL", "ARL", "PRL"] as const;
export const orderTypeCodes = ["OIN", "OOU", "OPI", "VER-A", "VER-P", "VER-C", "VER-L"] as const;

/** A numbering schema as plain data (contract.ts's NumberingSchema reads one and checks it is this). */
export interface Numbering {
  parts: (
    | { type: "counter"; digits: number }
    | { type: "year"; digits: 2 | 4 }
    | { type: "month" }
    | { type: "text"; value: string }
    | { type: "separator"; value: "/" | "-" | "." | "_" | " " }
  )[];
  reset: "never" | "yearly" | "monthly";
}

type Schema = Numbering;

/** The schema PREFIX/yyyy/mm/000001, its counter starting again each year. */
export function numbering(prefix: string): Schema {
  return {
    parts: [
      { type: "text", value: prefix },
      { type: "separator", value: "/" },
      { type: "year", digits: 4 },
      { type: "separator", value: "/" },
      { type: "month" },
      { type: "separator", value: "/" },
      { type: "counter", digits: 6 },
    ],
    reset: "yearly",
  };
}

/** The numbering schema of production orders when the configuration names none. */
export function productionNumbering(): Schema {
  return numbering("ZPRD");
}

/** The numbering schema of freight (shipment) tickets: FT/yyyy/mm/000001. */
export function shipmentNumbering(): Schema {
  return numbering("FT");
}
