// Provisioning: a tenant row in the control database, its own database (created and migrated), its
// configuration and its first administrator. All or nothing: a failure removes what was made.
import { existsSync, rmSync } from "node:fs";
import type { Services } from "../kernel/services.ts";
import { tenantDbUrlFor } from "../config.ts";
import { AppError, fieldError } from "../kernel/errors.ts";
import { nowIso } from "../kernel/time.ts";
import { type Claim, insertUser, type NewUserValues } from "../domain/access/users/service.ts";
import { seedTenantConfig } from "../domain/config/service.ts";
import { hashPassword } from "../kernel/password.ts";
import { filePathOf } from "../db/local.ts";
import { SLUG_PATTERN, type Tenant, type TenantStatus } from "./registry.ts";
import { pendingAdmins } from "./schema.ts";
import { eq } from "drizzle-orm";

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

/** Slugs a registration never gets: the demo tenant's (its widgets' demo page finds it by it). */
const RESERVED_SLUGS = new Set(["demo"]);

/** The first free slug of `base`, `base-2`, `base-3`, ... (never a reserved one). */
export async function freeSlug(platform: Pick<Services, "registry">, base: string): Promise<string> {
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!RESERVED_SLUGS.has(slug) && !(await platform.registry.bySlug(slug))) return slug;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

export async function provisionTenant(
  platform: Pick<Services, "config" | "control" | "pool" | "registry">,
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
    // The instance that makes a tenant owns it (the tenant directory) until `tenant move`.
    instance: platform.config.instance,
    createdAt: nowIso(),
    approvedAt: input.status === "active" ? nowIso() : null,
  });
  const { password, ...adminValues } = input.admin;
  const passwordHash = await hashPassword(password, platform.config.passwordHashCost);
  if (input.status === "pendingApproval") {
    // No database until the provider approves (approveTenant): a registration costs a row, not a file.
    // The username is held now, for the database's first user (id 1), the administrator.
    try {
      if (
        !(await platform.registry.claimUsername(
          adminValues.username,
          tenant.id,
          FIRST_USER_ID,
          adminValues.email,
        ))
      ) {
        throw fieldError({ username: ["validation.usernameExists"] });
      }
      const { username, email, ...rest } = adminValues;
      await platform.control.db.insert(pendingAdmins).values({
        tenantId: tenant.id,
        username,
        email,
        passwordHash,
        user: JSON.stringify({ ...FIRST_ADMIN_FLAGS, ...rest }),
        createdAt: nowIso(),
      });
      const updated = await platform.registry.update(tenant.id, { adminUserId: FIRST_USER_ID });
      return { tenant: updated, adminUserId: FIRST_USER_ID };
    } catch (err) {
      await platform.registry.remove(tenant.id); // cascades to its global login and pending administrator
      throw err;
    }
  }
  try {
    const adminId = await createDatabase(platform, tenant, input.companyName, input.taxId ?? null, {
      ...FIRST_ADMIN_FLAGS,
      ...adminValues,
      passwordHash,
      isSuperUser: true,
    }, false);
    const updated = await platform.registry.update(tenant.id, { adminUserId: adminId });
    return { tenant: updated, adminUserId: adminId };
  } catch (err) {
    await platform.registry.remove(tenant.id); // cascades to its global logins
    throw err;
  }
}

/** A registered tenant's first user: the administrator, the first row of a fresh database. */
export const FIRST_USER_ID = 1;

/**
 * Makes a tenant's database: created, migrated, its configuration and its first administrator, in one
 * transaction; the file is removed again when that fails. Answers the administrator's id.
 */
async function createDatabase(
  platform: Pick<Services, "pool" | "registry">,
  tenant: Tenant,
  companyName: string,
  taxId: string | null,
  admin: NewUserValues,
  usernameClaimed: boolean,
): Promise<number> {
  const claims: Claim[] = [];
  try {
    const row = await platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        await seedTenantConfig(tx, companyName, taxId);
        return insertUser(platform, tenant.id, tx, admin, null, claims, usernameClaimed);
      }));
    return row.id;
  } catch (err) {
    await platform.pool.forget(tenant.dbUrl);
    if (tenant.dbUrl.startsWith("file:")) {
      const path = filePathOf(tenant.dbUrl);
      for (const f of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(f)) rmSync(f);
    }
    throw err;
  }
}

/**
 * Makes the database of a registration the provider approves, with the administrator it held; the held
 * username points at that administrator. Nothing to do for a tenant that has its database.
 */
export async function createApprovedDatabase(
  platform: Pick<Services, "control" | "pool" | "registry">,
  tenant: Tenant,
): Promise<void> {
  const pending = await platform.registry.pendingAdmin(tenant.id);
  if (!pending) return;
  const adminId = await createDatabase(platform, tenant, tenant.companyName, tenant.taxId ?? null, {
    ...JSON.parse(pending.user) as Omit<NewUserValues, "username" | "email" | "passwordHash" | "isSuperUser">,
    username: pending.username,
    email: pending.email,
    passwordHash: pending.passwordHash,
    isSuperUser: true,
  }, true);
  if (adminId !== FIRST_USER_ID) {
    throw new Error(`${tenant.slug}: the administrator became user ${adminId}, not ${FIRST_USER_ID}`);
  }
  await platform.control.db.delete(pendingAdmins).where(eq(pendingAdmins.tenantId, tenant.id));
}
