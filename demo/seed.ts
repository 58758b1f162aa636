// The demo tenant: created when absent, left as it is when present (re-running keeps the data). Its
// master data (demo_data.ts), its orders (demo_orders.ts) and its plans (demo_plan.ts: zone A's with the
// calendar, then the other zones') are each added once, also to a demo tenant made before there were any;
// a demo made when its exchange rates were against PLN has them restated once (demo_rates.ts).
import type { Platform } from "../server/platform.ts";
import { demoPassword } from "./password.ts";
import { provisionTenant } from "../server/tenancy/provision.ts";
import { type Claim, insertUser } from "../server/domain/access/users/service.ts";
import { hashPassword } from "../server/kernel/password.ts";
import { nowIso } from "../server/kernel/time.ts";
import { companies } from "../server/domain/parties/companies/entity.ts";
import { seedMasterData } from "./data.ts";
import { seedDemoOrders } from "./orders.ts";
import { seedDemoPlan, seedDemoZonePlans } from "./plan.ts";
import { rebaseDemoRates } from "./rates.ts";

const noFlags = {
  blocked: false,
  active: true,
  isSuperUser: false,
  isPowerUser: false,
  logisticsEnabled: false,
  terminalEnabled: false,
  shippingEnabled: false,
  transportEnabled: false,
  contractorPortalEnabled: false,
};

export const demoUsers = [
  {
    username: "manager",
    visibleName: "Maria Manager",
    email: "manager@demo.example",
    flags: {
      isPowerUser: true,
      logisticsEnabled: true,
      terminalEnabled: true,
      shippingEnabled: true,
      transportEnabled: true,
    },
  },
  {
    username: "user",
    visibleName: "Ulrich User",
    email: "user@demo.example",
    flags: { logisticsEnabled: true },
  },
  {
    username: "terminal",
    visibleName: "Tomasz Terminal",
    email: "terminal@demo.example",
    flags: { terminalEnabled: true },
  },
  {
    username: "contractor",
    visibleName: "Carla Contractor",
    email: "contractor@demo.example",
    flags: { contractorPortalEnabled: true },
  },
];

/** `created`: the tenant was made now; `masterData`: its master data was added now. */
export async function seedDemo(platform: Platform): Promise<{ created: boolean; masterData: boolean }> {
  const present = await platform.registry.bySlug("demo");
  if (present) {
    const masterData = await seedMasterData(platform, present);
    await rebaseDemoRates(platform, present);
    await seedDemoOrders(platform, present);
    await seedDemoPlan(platform, present);
    await seedDemoZonePlans(platform, present);
    return { created: false, masterData };
  }
  const password = demoPassword(platform.config);
  const { tenant } = await provisionTenant(platform, {
    slug: "demo",
    companyName: "Demo Logistics Ltd.",
    taxId: "PL5260001246",
    language: "en-us",
    status: "active",
    admin: {
      ...noFlags,
      username: "admin",
      visibleName: "Anna Admin",
      email: "admin@demo.example",
      password,
      isPowerUser: true,
      logisticsEnabled: true,
      terminalEnabled: true,
      shippingEnabled: true,
      transportEnabled: true,
    },
  });
  const passwordHash = await hashPassword(password, platform.config.passwordHashCost);
  const claims: Claim[] = [];
  try {
    await platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        const now = nowIso();
        const [contractor] = await tx.insert(companies).values({
          shortName: "BALTIC FOODS",
          fullName: "Baltic Foods Sp. z o.o.",
          taxId: "PL5851234567",
          taxCountry: "PL",
          keyRole: "contractor",
          officeMail: "office@balticfoods.example",
          officePhoneNumber: "+48585550101",
          createdAt: now,
          updatedAt: now,
        }).returning();
        for (const u of demoUsers) {
          await insertUser(
            platform,
            tenant.id,
            tx,
            {
              ...noFlags,
              ...u.flags,
              username: u.username,
              visibleName: u.visibleName,
              email: u.email,
              passwordHash,
              connectedContractorId: u.username === "contractor" ? contractor.id : null,
            },
            null,
            claims,
          );
        }
      }));
  } catch (err) {
    for (const c of claims) await platform.registry.releaseLogin(c.tenantId, c.userId);
    throw err;
  }
  const masterData = await seedMasterData(platform, tenant);
  await seedDemoOrders(platform, tenant);
  await seedDemoPlan(platform, tenant);
  await seedDemoZonePlans(platform, tenant);
  return { created: true, masterData };
}
