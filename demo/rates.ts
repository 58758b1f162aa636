// The demo's exchange rates are against its account's base currency, EUR (demo_data.ts: demoRates). A demo
// tenant made before they were (its rates were against PLN, so its EUR row said 4.2735) gets them
// restated once, by the same recomputation an administrator chooses when changing the base currency: its
// EUR row becomes the złoty's. Once done there is no base row with a rate other than 1, so it never repeats.
import { and, eq, ne } from "drizzle-orm";
import type { Platform } from "../server/platform.ts";
import type { Tenant } from "../server/tenancy/registry.ts";
import { Outbox } from "../server/hub/outbox.ts";
import { clientAccount } from "../server/domain/config/account/entity.ts";
import { exchangeRates } from "../server/domain/assortment/exchange_rates/entity.ts";
import { restateRates } from "../server/domain/config/account/base_currency.ts";
import { demoContext } from "./data.ts";

/** What the demo's rates were once against. */
const OLD_DEMO_BASE = "PLN";

/** Answers whether the rates were restated now. */
export async function rebaseDemoRates(platform: Platform, tenant: Tenant): Promise<boolean> {
  return await platform.pool.use(tenant.dbUrl, (conn) =>
    conn.transaction(async (tx) => {
      const [account] = await tx.select({ base: clientAccount.baseCurrency }).from(clientAccount).limit(1);
      if (!account || account.base === OLD_DEMO_BASE) return false;
      const [stale] = await tx.select({ id: exchangeRates.id }).from(exchangeRates)
        .where(and(eq(exchangeRates.currencySign, account.base), ne(exchangeRates.baseRate, 1))).limit(1);
      if (!stale) return false;
      // Nobody listens while the seed runs (before the server starts): the events go nowhere.
      const ctx = await demoContext(platform, tenant, conn, tx);
      await restateRates(tx, new Outbox(), ctx, OLD_DEMO_BASE, account.base, "recompute");
      return true;
    }));
}
