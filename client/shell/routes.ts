// Every screen route of the product. A screen whose feature has not arrived yet shows its title and a
// "coming in a later version" state. Screen routes take optional /:openedDialogId/:additionalParams: every
// route the spec lists with them (specParamRoutes), every master-data screen, and the others whose dialogs
// open from the address. The master-data screens of the areas' registry (shared/areas.ts, through
// ../screens/resources.ts) are the generic resource screen.
import { resourceScreens } from "../screens/resources.ts";

export type Screen =
  | "home"
  | "signin"
  | "oidcReturn"
  | "activate"
  | "recovery"
  | "title"
  | "shared"
  | "users"
  | "myCompany"
  | "myAccount"
  | "resource"
  | "locations"
  | "documents"
  | "documentPositions"
  | "newDocument"
  | "productStock"
  | "inventory"
  | "productMovements"
  | "productGroupMovements"
  | "orderCharts"
  | "orders"
  | "operationalOrders"
  | "newOrder"
  | "orderPositions"
  | "verify"
  | "verifyPositions"
  | "delayMonitor"
  | "supply"
  | "supplyReport"
  | "sellOffersActive"
  | "sellOffersArchive"
  | "productionPicking"
  | "productionSummary"
  | "productionLabels"
  | "productionFinish"
  | "terminal"
  | "sharedAccess"
  | "printSites"
  | "externalOrder"
  | "myOrders"
  | "logisticsConfig"
  | "priceList"
  | "importFile"
  | "messages"
  | "freight"
  | "externalCredentials"
  | "externalActivation"
  | "productExternal"
  | "faces"
  | "freightMessages"
  | "warehouseMap"
  | "calendarMonth"
  | "calendarDay"
  | "calendarAgenda"
  | "calendarResources"
  | "comingSoon";

export interface RouteDef {
  name: string;
  /** Needs no sign-in. */
  open?: boolean;
  screen: Screen;
  /** Takes the optional openedDialogId and additionalParams segments. */
  params?: boolean;
}

/**
 * The screens the spec lists as taking the optional openedDialogId and additionalParams (product-spec 2:
 * "Screens with optional openedDialogId and additionalParams", and the terminal's screens). A favorite or a
 * link to one of them with parameters opens the screen, never the missing page.
 */
export const specParamRoutes = [
  "warehouse-documents",
  "warehouse-documents-positions",
  "warehouse-product-stock",
  "warehouse-product-inventory",
  "warehouse-new-document",
  "warehouse-new-order",
  "warehouse-orders",
  "warehouse-orders-delay-monitor",
  "warehouse-orders-positions",
  "warehouse-orders-verify",
  "warehouse-orders-verify-positions",
  "warehouse-supply",
  "warehouse-supply-reports",
  "external-order",
  "my-orders",
  "wms-terminal-collect",
  "wms-terminal-in",
  "wms-terminal-out",
  "wms-terminal-relocate",
  "wms-terminal-check",
] as const;

/** The screens the spec says take no parameters: the map and the statistics. */
export const noParamRoutes = [
  "warehouse-map",
  "warehouse-product-movements",
  "warehouse-product-group-movements",
  "warehouse-order-charts",
] as const;

const screenRoutes: RouteDef[] = [
  { name: "", screen: "home" },
  { name: "signup", screen: "signin", open: true },
  { name: "signin", screen: "signin", open: true },
  { name: "signin/oidc", screen: "oidcReturn", open: true },
  { name: "activate", screen: "activate", open: true },
  { name: "recovery", screen: "recovery", open: true },
  { name: "title", screen: "title", open: true },
  { name: "shared", screen: "shared", open: true },
  { name: "shared/wms-inventory", screen: "shared", open: true },
  { name: "shared/wms-stock", screen: "shared", open: true },
  // administration
  { name: "my-company", screen: "myCompany", params: true },
  // the user's own sign-in and security (from the user's menu)
  { name: "my-account", screen: "myAccount" },
  { name: "print-sites", screen: "printSites", params: true },
  { name: "messages", screen: "messages", params: true },
  { name: "logistics-config", screen: "logisticsConfig" },
  { name: "users", screen: "users", params: true },
  { name: "import-file", screen: "importFile" },
  { name: "shared-access", screen: "sharedAccess", params: true },
  { name: "external-credentials", screen: "externalCredentials", params: true },
  { name: "external-shop-activation", screen: "externalActivation" },
  { name: "computer-vision-faces", screen: "faces" },
  // assortment
  { name: "product-external", screen: "productExternal", params: true },
  { name: "products-price-list", screen: "priceList" },
  // infrastructure
  { name: "warehouse-locations", screen: "locations", params: true },
  { name: "warehouse-map", screen: "warehouseMap" },
  // statistics
  { name: "warehouse-product-movements", screen: "productMovements" },
  { name: "warehouse-product-group-movements", screen: "productGroupMovements" },
  { name: "warehouse-order-charts", screen: "orderCharts" },
  // shipping and transport, trade
  { name: "direct-transport-offer", screen: "freight", params: true },
  { name: "direct-transport-message", screen: "freightMessages", params: true },
  { name: "active-sell-offers", screen: "sellOffersActive", params: true },
  { name: "archive-sell-offers", screen: "sellOffersArchive", params: true },
  // logistics and warehouse operations
  { name: "warehouse-documents", screen: "documents", params: true },
  { name: "warehouse-documents-positions", screen: "documentPositions", params: true },
  { name: "warehouse-product-stock", screen: "productStock" },
  { name: "warehouse-product-inventory", screen: "inventory", params: true },
  { name: "warehouse-new-document", screen: "newDocument", params: true },
  { name: "warehouse-new-order", screen: "newOrder", params: true },
  { name: "warehouse-orders", screen: "orders", params: true },
  { name: "warehouse-orders-operational", screen: "operationalOrders", params: true },
  { name: "warehouse-orders-delay-monitor", screen: "delayMonitor", params: true },
  { name: "warehouse-orders-positions", screen: "orderPositions", params: true },
  { name: "warehouse-orders-verify", screen: "verify", params: true },
  { name: "warehouse-orders-verify-positions", screen: "verifyPositions", params: true },
  { name: "warehouse-supply", screen: "supply" },
  { name: "warehouse-supply-reports", screen: "supplyReport" },
  // contractor portal
  { name: "external-order", screen: "externalOrder" },
  { name: "my-orders", screen: "myOrders", params: true },
  // calendar
  { name: "warehouse-calendar-month", screen: "calendarMonth" },
  { name: "warehouse-calendar-day", screen: "calendarDay" },
  { name: "warehouse-calendar-agenda-day", screen: "calendarAgenda" },
  { name: "warehouse-calendar-resources", screen: "calendarResources" },
  // terminal
  { name: "wms-terminal-collect", screen: "terminal", params: true },
  { name: "wms-terminal-in", screen: "terminal", params: true },
  { name: "wms-terminal-out", screen: "terminal", params: true },
  { name: "wms-terminal-relocate", screen: "terminal", params: true },
  { name: "wms-terminal-check", screen: "terminal", params: true },
  // production flow
  { name: "production-picking", screen: "productionPicking", params: true },
  { name: "production-summary", screen: "productionSummary", params: true },
  { name: "production-labels", screen: "productionLabels", params: true },
  { name: "production-finish", screen: "productionFinish", params: true },
  // the generic resource screens, each one resource's list and dialogs (shared/areas.ts)
  ...Object.keys(resourceScreens).map((name): RouteDef => ({ name, screen: "resource", params: true })),
];

const withParams = new Set<string>(specParamRoutes);
export const routeTable: RouteDef[] = screenRoutes.map((r) =>
  withParams.has(r.name) && !r.params ? { ...r, params: true } : r
);

export interface Match {
  route: RouteDef;
  openedDialogId?: string;
  additionalParams?: string;
}

/** Finds the route of a path (`/users/12/x` → users, dialog 12, params x); undefined: missing page. */
export function matchPath(pathname: string): Match | undefined {
  const path = pathname.replace(/\/+$/, "").replace(/^\/+/, "");
  const exact = routeTable.find((r) => r.name === path);
  if (exact) return { route: exact };
  let segments: string[];
  try {
    segments = path.split("/").map((s) => decodeURIComponent(s));
  } catch {
    return undefined; // a broken escape ("/users/%zz") names no screen: the missing page, not a crash
  }
  for (let n = Math.min(2, segments.length - 1); n >= 1; n--) {
    const name = segments.slice(0, segments.length - n).join("/");
    const route = routeTable.find((r) => r.name === name && r.params);
    if (route) {
      return {
        route,
        openedDialogId: segments[segments.length - n],
        additionalParams: n === 2 ? segments.at(-1) : undefined,
      };
    }
  }
  return undefined;
}

export type GuardResult = { kind: "allow" } | { kind: "signin"; remember: string };

/**
 * The guard before each navigation: a signed-in user passes, and so does anyone on a path that needs no
 * sign-in (or an unknown path, which shows the missing page); otherwise the full path is remembered.
 */
export function guard(fullPath: string, signedIn: boolean): GuardResult {
  if (signedIn) return { kind: "allow" };
  const match = matchPath(fullPath.split(/[?#]/)[0]);
  if (!match || match.route.open) return { kind: "allow" };
  return { kind: "signin", remember: fullPath };
}

/** Where to go after sign-in: the remembered path, else the last active menu link, else "/". */
export function afterSignIn(remembered: string | null, lastMenuLink: string | null): string {
  for (const candidate of [remembered, lastMenuLink]) {
    if (candidate && candidate.startsWith("/") && !candidate.startsWith("//")) {
      const m = matchPath(candidate.split(/[?#]/)[0]);
      if (m && !m.route.open) return candidate;
    }
  }
  return "/";
}
