// Who may call a route: one word per route in the route table (server/engine/http/openapi.ts), checked at the
// door before the route reads its input, and the same words for the generic engine's readers and writers.
// docs/api.md's "Access by route" table is these words spelt out per caller, and
// tests/integration/access_matrix.test.ts calls every route as every caller to hold the server to it.
import type { Actor } from "./context.ts";
import { AppError, type ErrorCode } from "./errors.ts";

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

/**
 * For a word that a module flag decides: who would be let in were the flag on. A caller of that kind kept
 * out lacks the module (403 auth.moduleDisabled, as the contract says); anyone else is kept out by who
 * they are (a contractor user at a warehouse verb, staff at the portal), answered as the route says.
 */
const moduleWords: Partial<Record<Access, (a: Actor) => boolean>> = {
  logistics: isStaff,
  operations: isStaff,
  shipping: isStaff,
  // A user tied to a company is a contractor's (the portal) or a carrier's (transport), never both
  // (users/service.ts): one whose other module is on is the other kind of user.
  portal: (a) => !isStaff(a) && !a.transportEnabled,
  carrier: (a) => !isStaff(a) && !a.contractorPortalEnabled,
  transport: (a) => isStaff(a) || !a.contractorPortalEnabled,
};

/** Is `actor` kept out of `access` only because a module flag of theirs is off? */
export function lacksModule(access: Access | "none", actor: Actor | undefined): boolean {
  if (!actor || access === "none" || allows(access, actor)) return false;
  return moduleWords[access]?.(actor) ?? false;
}

/**
 * Lets `actor` through `access` or throws its refusal: 403 auth.moduleDisabled for a caller without the
 * module, else `refusal` (404 record.notFoundOrNoPermission unless said: as if nothing were there).
 * The one check of access words in a service, as at the door (server/engine/http/route.ts).
 */
export function demand(
  access: Access,
  actor: Actor | undefined,
  refusal: ErrorCode = "record.notFoundOrNoPermission",
): void {
  if (allows(access, actor)) return;
  const module = lacksModule(access, actor);
  // A refusal by permission is a security event (server/http/errors.ts writes it with the request's caller).
  throw new AppError(module ? "auth.moduleDisabled" : refusal, {
    security: {
      kind: "access.refused",
      detail: module ? `needs the module of "${access}"` : `needs "${access}"`,
    },
  });
}
