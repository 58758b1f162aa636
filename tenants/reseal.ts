// `deno task tenant reseal`: every stored secret sealed again under the current signing key (ASVS 11.2.2).
// After the signing key is replaced (JWT_PRIVATE_JWK, the old one named in JWT_PREVIOUS_JWKS), this moves
// every company's e-mail account passwords, external services' secrets and users' authenticator app secrets
// (confirmed and being set up) to the new key, each in one transaction per company; the old key can then be
// dropped from JWT_PREVIOUS_JWKS. A value no key this server holds can open is left as it is and counted (it
// must be typed again, or the app set up again).
import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Platform } from "../server/platform.ts";
import { sealedUnderCurrent, sealSecret, unsealSecret } from "../server/domain/access/auth/keys.ts";
import { emailAccounts, passwordContext } from "../server/domain/reference/email_accounts/entity.ts";
import { externalCredentials } from "../server/domain/external/table.ts";
import { secretContext } from "../server/domain/external/entity.ts";
import { userTotp } from "../server/domain/access/mfa/table.ts";
import { totpContext } from "../server/domain/access/mfa/sign_in.ts";

/**
 * Every sealed column: its table, id, value (and its field's name) and the context its values are bound to
 * (the tenant's, or the tenant's and the row's).
 */
const SEALED: {
  table: SQLiteTable;
  id: SQLiteColumn;
  value: SQLiteColumn;
  field: string;
  context: (tenantId: number, id: number) => string;
}[] = [
  {
    table: emailAccounts,
    id: emailAccounts.id,
    value: emailAccounts.password,
    field: "password",
    context: passwordContext,
  },
  {
    table: externalCredentials,
    id: externalCredentials.id,
    value: externalCredentials.secret,
    field: "secret",
    context: secretContext,
  },
  { table: userTotp, id: userTotp.userId, value: userTotp.secret, field: "secret", context: totpContext },
  {
    table: userTotp,
    id: userTotp.userId,
    value: userTotp.pendingSecret,
    field: "pendingSecret",
    context: totpContext,
  },
];

export interface ResealCount {
  resealed: number;
  unreadable: number;
}

export async function resealAll(
  platform: Platform,
  log: (line: string) => void = console.log,
): Promise<ResealCount> {
  const total = { resealed: 0, unreadable: 0 };
  for (const tenant of await platform.registry.list()) {
    if (tenant.status === "pendingApproval") continue;
    const counted = await platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        const count = { resealed: 0, unreadable: 0 };
        for (const column of SEALED) {
          const rows = await tx.select({ id: column.id, value: column.value }).from(column.table);
          for (const row of rows) {
            const sealed = row.value as string | null;
            if (!sealed || sealedUnderCurrent(platform.keys, sealed)) continue;
            const context = column.context(tenant.id, row.id as number);
            let plain: string;
            try {
              plain = unsealSecret(platform.keys, sealed, context);
            } catch {
              count.unreadable++;
              continue;
            }
            await tx.update(column.table).set({ [column.field]: sealSecret(platform.keys, plain, context) })
              .where(eq(column.id, row.id as number));
            count.resealed++;
          }
        }
        return count;
      }));
    log(
      `${tenant.slug}: ${counted.resealed} secret(s) sealed again${
        counted.unreadable ? `, ${counted.unreadable} no key opens` : ""
      }`,
    );
    total.resealed += counted.resealed;
    total.unreadable += counted.unreadable;
  }
  return total;
}
