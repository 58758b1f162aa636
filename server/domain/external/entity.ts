// ExternalCredentials (administrators: an online shop's or a delivery carrier's account; the secret written
// only, sealed before it is stored) and ProductExternal (a shop's products as imported, read by staff and
// linked to ours by the verbs in service.ts).
import { z } from "zod";
import { sealSecret } from "../access/auth/keys.ts";
import { Resource } from "../../engine/engine.ts";
import { assertReachable } from "./reach.ts";
import {
  externalCredentials,
  jobKinds,
  jobStatuses,
  productExternals,
  serviceCodeNames,
  serviceOf,
  serviceTypes,
} from "./table.ts";

export { externalCredentials, productExternals };

/** What a sealed secret is bound to (kernel/crypto.ts unseal): a value copied to another tenant does not open. */
export const secretContext = (tenantId: number) => `ExternalCredentials.secret:${tenantId}`;

const httpUrl = z.string().trim().max(2048).refine(
  (v) => URL.canParse(v) && /^https?:\/\//i.test(v),
  { params: { code: "validation.invalidValue" } },
).transform((v) => v.replace(/\/+$/, ""));

const instant = z.string().trim().refine((v) => !Number.isNaN(Date.parse(v)), {
  params: { code: "validation.invalidValue" },
}).transform((v) => new Date(Date.parse(v)).toISOString());

/** The code name speaks the service type's protocol. */
function checkService(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const code = v.serviceCodeName as keyof typeof serviceOf | undefined;
  if (code && v.serviceType && serviceOf[code] !== v.serviceType) {
    ctx.addIssue({ code: "custom", path: ["serviceCodeName"], params: { code: "validation.invalidValue" } });
  }
}

const listed = "sort filter show" as const;

export const externalCredential = new Resource({
  resource: "ExternalCredentials",
  key: "externalCredentials",
  table: externalCredentials,
  title: ["description", "username", "baseUrl"],
  sort: "-createdAt",
  writers: "admin",
  readers: "admin",
  fields: {
    serviceType: { options: serviceTypes, formDefault: "onlineShop", list: listed },
    serviceCodeName: { options: serviceCodeNames, formDefault: "woocommerce", list: listed },
    baseUrl: { schema: httpUrl, url: true, list: "search show" },
    username: { max: 200, list: listed },
    secret: {
      kind: "password",
      // Empty or absent: none on an add, the stored one kept on an edit.
      schema: z.string().max(500).nullish().transform((v) => (v ? v : null)),
      output: false,
      writeOnly: true,
    },
    hasSecret: { kind: "boolean", output: z.boolean(), input: false },
    description: { kind: "textarea", max: 500, list: "search" },
    valid: { input: false, list: "show" },
    refreshTokenValidUntil: {
      kind: "date",
      schema: instant.nullish().transform((v) => v ?? null),
      list: "show",
    },
    activatedAt: { kind: "date", input: false, list: "show" },
    lastCheckedAt: { kind: "date", input: false },
    lastError: { input: false },
    jobKind: { options: jobKinds, input: false, meta: false },
    jobStatus: { options: jobStatuses, input: false, meta: false },
    jobProcessed: { input: false, meta: false },
    jobTotal: { input: false, meta: false },
    jobError: { input: false, meta: false },
    jobStartedAt: { input: false, meta: false },
    jobFinishedAt: { input: false, meta: false },
    jobBeatAt: { input: false, output: false, meta: false },
    activationCodeHash: { input: false, output: false, meta: false },
    activationExpiresAt: { input: false, output: false, meta: false },
    createdByName: { input: false, list: "show" },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
  },
  refine: checkService,
  // Reachable by the egress policy (a public address, or one the operator allows; a name that resolves):
  // asked again before each use.
  validate: async (_tx, ctx, values) => {
    await assertReachable(ctx, values.baseUrl as string);
  },
  toRecord: (row, record) => ({ ...record, hasSecret: row.secret !== null }),
  toRow: (input, row, ctx, old) => {
    // A changed address or secret is not known to work until it is tried again.
    const changed = old &&
      (input.secret !== null || row.baseUrl !== old.baseUrl || row.username !== old.username);
    return {
      ...row,
      secret: input.secret === null
        ? old?.secret ?? null
        : sealSecret(ctx.services.keys, input.secret as string, secretContext(ctx.tenant.id)),
      ...(old ? {} : { createdByName: ctx.actor.username }),
      ...(changed ? { valid: false } : {}),
    };
  },
});

export const externalCredentialsMeta = externalCredential.meta;

export const productExternal = new Resource({
  resource: "ProductExternal",
  table: productExternals,
  title: ["name"],
  sort: "name",
  readOnly: true,
  fields: {
    name: { list: "sort filter search show" },
    sku: { list: "sort filter search show" },
    ean: { list: "sort filter search show" },
    productId: { display: "productIndex", titles: ["index", "name"], list: "filter show" },
    linkedBy: { options: ["ean", "hand"], list: "show" },
    serviceCodeName: { list: "filter show" },
    username: { list: "show" },
    credentialsId: { list: "filter" },
    shopStock: { kind: "number", list: "show" },
    pushedStock: { kind: "number", list: "show" },
    pushedAt: { kind: "date", list: "show" },
    description: { kind: "textarea" },
    imageUrl: { url: true },
    externalId: {},
    importedAt: { kind: "date", list: "sort filter show" },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
  },
});

export const productExternalMeta = productExternal.meta;
