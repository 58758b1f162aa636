// Which constraint refused a write, from either driver's error: node:sqlite's (extended result code in
// `errcode`) and libSQL's (a `code` such as SQLITE_CONSTRAINT_FOREIGNKEY), whether thrown as it is or as
// the `cause` of drizzle's query error. The HTTP edge turns them into the contract's 409s, so a write the
// database refuses is never a 500 (http/errors.ts).

const FOREIGN_KEY = 787; // SQLITE_CONSTRAINT_FOREIGNKEY
const UNIQUE = 2067; // SQLITE_CONSTRAINT_UNIQUE
const PRIMARY_KEY = 1555; // SQLITE_CONSTRAINT_PRIMARYKEY
const TRIGGER = 1811; // SQLITE_CONSTRAINT_TRIGGER
/** A running import's hold on its records (server/domain/imports/hold.ts raises it by this message). */
const IMPORTING = "record.importing";

export type Constraint = "foreignKey" | "unique" | "importing";

export function refusedBy(err: unknown): Constraint | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { errcode, code, message, cause } = e as {
      errcode?: unknown;
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (errcode === FOREIGN_KEY || code === "SQLITE_CONSTRAINT_FOREIGNKEY") return "foreignKey";
    if (
      (errcode === TRIGGER || code === "SQLITE_CONSTRAINT_TRIGGER") && typeof message === "string" &&
      message.endsWith(IMPORTING)
    ) {
      return "importing";
    }
    if (errcode === UNIQUE || errcode === PRIMARY_KEY) return "unique";
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return "unique";
    if (typeof message === "string" && /\bFOREIGN KEY constraint failed/.test(message)) return "foreignKey";
    if (typeof message === "string" && /\bUNIQUE constraint failed/.test(message)) return "unique";
    e = cause;
  }
  return undefined;
}
