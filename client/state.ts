// One jotai store per page. Local storage holds only what the spec lists: the auth token data (with the
// current user and claims), the menu, dark mode and compact menu; `greatReset` clears it.
import { atom, createStore } from "jotai";
import type { Language } from "../shared/i18n/mod.ts";

export interface TokenData {
  token: string;
  refreshToken: string;
  expiresAt: string;
  refreshExpiresAt: string;
  user: { id: number; username: string; visibleName: string | null; defaultLanguage: string | null };
  /**
   * The company requires a second factor the user has not set up: only its setup screen is shown (the
   * server refuses every other call with auth.secondFactorSetupRequired until one is set up).
   */
  secondFactorSetupRequired?: boolean;
}

/** What a password (or identity provider) sign-in answers a user with a second factor: its step, no token. */
export interface SecondFactorChallenge {
  ticket: string;
  expiresAt: string;
  methods: ("passkey" | "totp" | "recovery")[];
  /** navigator.credentials.get's options (PublicKeyCredentialRequestOptionsJSON), when a passkey may sign. */
  passkeyOptions: Record<string, unknown> | null;
}

/** POST /Auth and the identity provider's exchange answer one or the other. */
export type SignInAnswer = TokenData | { secondFactor: SecondFactorChallenge };

export interface DrawerSection {
  code: string;
  labelKey: string;
  routes: string[];
}

/** A warehouse document type as the startup config defines it (server/domain/config/definitions.ts). */
export interface DocumentDefinition {
  typeCode: string;
  labelKey: string;
  direction: "in" | "out" | "relocation";
  internal: boolean;
  fromOrder: boolean;
  source: "required" | "forbidden";
  destination: "required" | "forbidden";
}

/** A warehouse order type as the startup config defines it (server/domain/config/definitions.ts). */
export interface OrderDefinition {
  typeCode: string;
  labelKey: string;
  kind: "receipt" | "release" | "picking" | "verification" | "production";
  scope?: "all" | "product" | "contractor" | "location";
  generates: readonly string[];
  /** The header fields an order of the type takes. */
  fields: readonly string[];
  /** Those of them it cannot do without. */
  required: readonly string[];
}

/** The month's confirmed documents against the account's limit (GET ClientAccount/document-usage). */
export interface DocumentUsage {
  month: string;
  documents: number;
  limit: number;
  extraDocuments: number;
  extraCost: number;
  extraDocumentPriceEur: number;
  extraOperationsBudget: number;
  budgetLeft: number | null;
  state: "unlimited" | "ok" | "nearLimit" | "limitReached" | "budgetSpent";
}

export interface StartupConfig {
  user: TokenData["user"] & {
    isSuperUser: boolean;
    isPowerUser: boolean;
    logisticsEnabled?: boolean;
    terminalEnabled?: boolean;
    shippingEnabled?: boolean;
    transportEnabled?: boolean;
    connectedContractorId?: number | null;
    settings: Record<string, unknown>;
  };
  wmsDocumentDefinitions?: DocumentDefinition[];
  wmsDocumentActions?: { code: string; labelKey: string; allowedStatuses: string[] }[];
  wmsOrderDefinitions?: OrderDefinition[];
  clientLogisticsConfig?: {
    documentTypesEnabled?: Record<string, boolean>;
    orderTypesEnabled?: Record<string, boolean>;
  };
  drawerSections: DrawerSection[];
  clientAccount: {
    appTitle: string | null;
    invoiceName: string;
    faceSignIn?: boolean;
    baseCurrency?: string;
  };
  tenant: { slug: string; companyName: string };
  /** The month's documents against the account's limit: administrators only (null for others). */
  documentUsage?: DocumentUsage | null;
}

export interface Boot {
  path: string;
  lang: Language;
  theme: "light" | "dark";
  /** The user chose the language (cookie); otherwise it follows the browser. */
  langChosen: boolean;
}

export const KEYS = {
  auth: "wms.auth",
  menu: "wms.menu",
  darkMode: "wms.darkMode",
  compactMenu: "wms.compactMenu",
  compactLists: "wms.compactLists",
  /** The company this device signs in to by face (its slug), kept while the company allows face sign-in. */
  faceTenant: "wms.faceTenant",
} as const;

export const store = createStore();

export const pathAtom = atom("/");
export const langAtom = atom<Language>("en-us");
export const themeAtom = atom<"light" | "dark">("light");
export const compactMenuAtom = atom(false);
export const simplifiedMenuAtom = atom(false);
/** Lists in compact rows (the user's choice, kept in local storage). */
export const compactListsAtom = atom(false);
export const authAtom = atom<TokenData | null>(null);
/** Set after hydration: until then the server's render (which cannot see local storage) is shown. */
export const hydratedAtom = atom(false);
export const startupAtom = atom<StartupConfig | null>(null);
export const offlineAtom = atom(false);
/** The server serves a newer client build than this page's: persistent until the page reloads. */
export const outdatedAtom = atom(false);
export const pendingAtom = atom(0);

export interface Toast {
  id: number;
  kind: "error" | "info";
  text: string;
}
export const toastsAtom = atom<Toast[]>([]);
let toastId = 0;

export function pushToast(kind: Toast["kind"], text: string): void {
  const id = ++toastId;
  store.set(toastsAtom, (list) => [...list.slice(-4), { id, kind, text }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((t) => t.id !== id)), 8000);
}

export function readStorage<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? JSON.parse(raw) as T : null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch { /* private mode or full: the session still works in memory */ }
}

/** A `greatReset` flag (in local storage or the address) clears everything the app stored. */
export function applyGreatReset(): void {
  const url = new URL(globalThis.location.href);
  if (globalThis.localStorage.getItem("greatReset") !== null || url.searchParams.has("greatReset")) {
    globalThis.localStorage.clear();
    url.searchParams.delete("greatReset");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
}

/**
 * The name and attributes of a preference cookie (the language, the theme) the server reads to render the
 * shell: on a secure page (HTTPS, or the loopback a browser trusts) `__Host-` with Secure, so that no other
 * host or plain-HTTP answer can set it; SameSite=Lax, as it is read by top-level navigations. A page served
 * over plain HTTP (a LAN install without TLS) cannot keep Secure cookies and keeps the plain name.
 */
export function preferenceCookie(name: "wms_lang" | "wms_theme", value: string, secure: boolean): string {
  const attributes = `path=/; max-age=31536000; samesite=lax${secure ? "; secure" : ""}`;
  return `${secure ? "__Host-" : ""}${name}=${encodeURIComponent(value)}; ${attributes}`;
}

/** Cookies the server reads to render the shell in the right language and theme. */
export function setPreferenceCookie(name: "wms_lang" | "wms_theme", value: string): void {
  document.cookie = preferenceCookie(name, value, globalThis.isSecureContext === true);
}
