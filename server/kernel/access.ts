// Who may call a route: one word per route in the route table (server/http/openapi.ts), checked at the
// door before the route reads its input, and the same words for the generic engine's readers and writers.
// docs/api.md's "Access by route" table is these words spelt out per caller, and
// tests/integration/access_matrix.test.ts calls every route as every caller to hold the server to it.
import type { Actor } from "./context.ts";

/**
 * - `public`: anyone, without a token;
 * - `user`: any signed-in user of the tenant (a contractor user included);
 * - `staff`: users of the warehouse company, not contractor users;
 * - `manager`: administrators and business managers;
 * - `admin`: administrators;
 * - `logistics`: administrators and staff with the logistics module;
 * - `operations`: administrators and staff with the logistics or the terminal module: those who move
 *   goods (documents and their positions, containers, counting), on the desktop or on the terminal;
 * - `portal`: contractor users with the contractor portal module (their cart and orders);
 * - `shipping`: administrators and staff with the shipping or the transport module: the dispatchers who
 *   write freight tickets and assign carriers' offers;
 * - `carrier`: users of a carrier company (tied to it) with the transport module: they see published
 *   freight tickets and make offers on them;
 * - `transport`: `shipping` or `carrier` (a ticket, its offers and messages, each side seeing its part).
 */
export type Access =
  | "public"
  | "user"
  | "staff"
  | "manager"
  | "admin"
  | "logistics"
  | "operations"
  | "portal"
  | "shipping"
  | "carrier"
  | "transport";

/** Who sees every record a route answers; `none`: everyone sees only their own (their favorites). */
export type Whole = Exclude<Access, "public"> | "none";

const isStaff = (a: Actor) => a.contractorId === null;

const isShipping = (a: Actor) => isStaff(a) && (a.isSuperUser || a.shippingEnabled || a.transportEnabled);
/** A user tied to a company with the transport module: only a carrier's user may hold both (users/service.ts). */
export const isCarrier = (a: Actor) => !isStaff(a) && a.transportEnabled;

/** Does `access` let `actor` (undefined: no token) call the route? */
export function allows(access: Access | "none", actor: Actor | undefined): boolean {
  if (access === "public") return true;
  if (!actor || access === "none") return false;
  switch (access) {
    case "user":
      return true;
    case "staff":
      return isStaff(actor);
    case "manager":
      return isStaff(actor) && (actor.isSuperUser || actor.isPowerUser);
    case "admin":
      return isStaff(actor) && actor.isSuperUser;
    case "logistics":
      return isStaff(actor) && (actor.isSuperUser || actor.logisticsEnabled);
    case "operations":
      return isStaff(actor) && (actor.isSuperUser || actor.logisticsEnabled || actor.terminalEnabled);
    case "portal":
      return !isStaff(actor) && actor.contractorPortalEnabled;
    case "shipping":
      return isShipping(actor);
    case "carrier":
      return isCarrier(actor);
    case "transport":
      return isShipping(actor) || isCarrier(actor);
  }
}
