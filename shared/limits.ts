// The bounds of every number a user types: what a warehouse could mean, not what a float can hold. A value
// outside answers 400 validation.tooLarge / validation.tooSmall on its field; the forms read the same
// bounds from the metadata and say them beside the field. docs/api.md "Limits" lists them (a test keeps
// that table equal to this one).
//
// Quantities are stored as integer thousandths (docs/decisions/0003-stock-quantities.md). One quantity is
// at most 10^9 units (10^12 thousandths), and a stock line or a product's total at most 10^12 units
// (10^15 thousandths, below 2^53 ≈ 9.007 × 10^15): every sum the server makes of them stays exact in
// SQLite's 64-bit integers for over nine million full-size positions, and a figure of up to nine thousand
// full-size positions stays exact as a JavaScript number.

export interface Limit {
  min: number;
  max: number;
  /** What the value is, for docs/api.md. */
  of: string;
}

export const LIMITS = {
  quantity: {
    min: 0,
    max: 1_000_000_000,
    of: "a quantity in units (a position, a count, a pallet's quantity)",
  },
  stockLevel: { min: 0, max: 1_000_000_000, of: "a product's warning and critical stock, in units" },
  stock: { min: 0, max: 1_000_000_000_000, of: "what a stock line or a product's total may hold, in units" },
  price: { min: 0, max: 1_000_000_000, of: "a price or value of one unit" },
  orderValue: { min: 0, max: 1_000_000_000_000, of: "the summary value of an order" },
  weight: { min: 0, max: 100_000, of: "the weight of one unit, kg" },
  dimension: { min: 0, max: 10_000, of: "a product's length, width or height, cm" },
  locationSize: { min: 0, max: 100_000, of: "a location's length, width or height, cm" },
  coordinate: { min: -1_000_000, max: 1_000_000, of: "a location's coordinate or map bound, cm" },
  capacity: { min: 0, max: 100_000_000, of: "what a location may carry, kg" },
  temperature: { min: -200, max: 200, of: "a storage temperature, °C" },
  days: { min: 0, max: 36_500, of: "a number of days (a product's minimal shelf life)" },
  pickupOrder: { min: 0, max: 1_000_000_000, of: "a location's place in the picking walk" },
  loadWeight: { min: 0, max: 1_000_000, of: "the weight of a freight ticket's load, kg" },
  palCount: { min: 0, max: 10_000, of: "the pallets of a freight ticket's load" },
  freightPrice: { min: 0, max: 1_000_000_000, of: "a carrier's price for a freight ticket" },
  exchangeRate: { min: 0, max: 1_000_000, of: "an exchange rate to the base currency (above 0)" },
} as const satisfies Record<string, Limit>;

/** A field's bounds without the description: `{ min, max }` to spread into a declaration. */
export function bounds<K extends keyof typeof LIMITS>(name: K): { min: number; max: number } {
  const { min, max } = LIMITS[name];
  return { min, max };
}
