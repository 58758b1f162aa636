// The EmailAccount resource: administrators only. The password is sealed with the platform's key, bound to
// the tenant, before it is stored; answers and RecordLog entries carry only whether there is one.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { seal } from "../../../kernel/crypto.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { emailAccounts } from "./table.ts";
import { emailAccountMeta } from "./meta.ts";
import { EmailAccount, EmailAccountCreate, EmailAccountUpdate } from "./contract.ts";

/** What a sealed password is bound to (kernel/crypto.ts unseal): a value copied to another tenant does not open. */
export const passwordContext = (tenantId: number) => `EmailAccount.password:${tenantId}`;

export const emailAccountResource = new Resource<EmailAccount, EmailAccountCreate, EmailAccountUpdate>({
  meta: emailAccountMeta,
  hub: "EmailAccount",
  table: emailAccounts,
  toDto: (row) => ({
    id: row.id,
    smtpServer: row.smtpServer,
    smtpPort: row.smtpPort,
    login: row.login,
    hasPassword: row.password !== null,
    address: row.address,
    useTls: row.useTls,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input, ctx, old) => ({
    smtpServer: input.smtpServer,
    smtpPort: input.smtpPort,
    login: input.login,
    password: input.password === null
      ? old?.password ?? null
      : seal(ctx.platform.keys.sealKey, input.password, passwordContext(ctx.tenant.id)),
    address: input.address,
    useTls: input.useTls,
    description: input.description,
  }),
});

export function emailAccountRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, emailAccountResource, {
    record: EmailAccount,
    create: EmailAccountCreate,
    update: EmailAccountUpdate,
  });
}
