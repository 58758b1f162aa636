// Provisioning: a tenant row in the control database, its own database (created and migrated), its
// configuration and its first administrator. All or nothing: a failure removes what was made.
import { existsSync, rmSync } from "node:fs";
import type { Platform } from "../server/platform.ts";
import { tenantDbUrlFor } from "../server/config.ts";
import { AppError, fieldError } from "../server/kernel/errors.ts";
import { nowIso } from "../server/kernel/time.ts";
import { type Claim, insertUser, type NewUserValues } from "../server/domain/access/users/service.ts";
import { seedTenantConfig } from "../server/domain/config/service.ts";
import { hashPassword } from "../server/kernel/password.ts";
import { filePathOf } from "../server/db/local.ts";
import { SLUG_PATTERN, type Tenant, type TenantStatus } from "./registry.ts";

export interface ProvisionInput {
  slug: string;
  companyName: string;
  taxId?: string | null;
  language?: string;
  status: TenantStatus;
  /** The first administrator; the role and module flags default to FIRST_ADMIN_FLAGS. */
  admin:
    & Omit<NewUserValues, "isSuperUser" | "passwordHash" | keyof typeof FIRST_ADMIN_FLAGS>
    & Partial<typeof FIRST_ADMIN_FLAGS>
    & { password: string };
}

/** A tenant's first administrator is active, a business manager too, and has every staff module. */
export const FIRST_ADMIN_FLAGS = {
  blocked: false,
  active: true,
  isPowerUser: true,
  logisticsEnabled: true,
  terminalEnabled: true,
  shippingEnabled: true,
  transportEnabled: true,
  contractorPortalEnabled: false,
};

/** A slug from a company name: lower-case ASCII letters, digits and dashes. */
export function slugify(name: string): string {
  const base = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/ł/g, "l").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 30).replace(/-+$/, "");
  return base || "company";
}

/** The first free slug of `base`, `base-2`, `base-3`, ... */
export async function freeSlug(platform: Platform, base: string): Promise<string> {
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!(await platform.registry.bySlug(slug))) return slug;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

export async function provisionTenant(
  platform: Platform,
  input: ProvisionInput,
): Promise<{ tenant: Tenant; adminUserId: number }> {
  if (!SLUG_PATTERN.test(input.slug)) throw fieldError({ slug: ["validation.forbiddenCharacter"] });
  if (await platform.registry.bySlug(input.slug)) throw new AppError("record.uniqueConflict");
  if (await platform.registry.isUsernameTaken(input.admin.username)) {
    throw fieldError({ username: ["validation.usernameExists"] });
  }
  const dbUrl = tenantDbUrlFor(platform.config, input.slug);
  const tenant = await platform.registry.insert({
    slug: input.slug,
    companyName: input.companyName,
    taxId: input.taxId ?? null,
    status: input.status,
    dbUrl,
    language: input.language ?? "en-us",
    createdAt: nowIso(),
    approvedAt: input.status === "active" ? nowIso() : null,
  });
  const claims: Claim[] = [];
  try {
    const { password, ...adminValues } = input.admin;
    const passwordHash = await hashPassword(password, platform.config.passwordHashCost);
    const admin = await platform.pool.use(dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        await seedTenantConfig(tx, input.companyName, input.taxId ?? null);
        return insertUser(
          platform,
          tenant.id,
          tx,
          {
            ...FIRST_ADMIN_FLAGS,
            ...adminValues,
            passwordHash,
            isSuperUser: true,
          },
          null,
          claims,
        );
      }));
    const updated = await platform.registry.update(tenant.id, { adminUserId: admin.id });
    return { tenant: updated, adminUserId: admin.id };
  } catch (err) {
    await platform.registry.remove(tenant.id); // cascades to its global logins
    await platform.pool.forget(dbUrl);
    if (dbUrl.startsWith("file:")) {
      const path = filePathOf(dbUrl);
      for (const f of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(f)) rmSync(f);
    }
    throw err;
  }
}
