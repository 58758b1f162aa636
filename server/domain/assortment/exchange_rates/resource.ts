// The ExchangeRate resource: business managers and administrators keep the rates, all staff read them.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { exchangeRates } from "./table.ts";
import { exchangeRateMeta } from "./meta.ts";
import { ExchangeRate, ExchangeRateCreate, ExchangeRateUpdate } from "./contract.ts";

export const exchangeRateResource = new Resource<ExchangeRate, ExchangeRateCreate, ExchangeRateUpdate>({
  meta: exchangeRateMeta,
  hub: "ExchangeRate",
  table: exchangeRates,
  toDto: (row) => ({
    id: row.id,
    currencySign: row.currencySign,
    shortName: row.shortName,
    fullName: row.fullName,
    baseRate: row.baseRate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    currencySign: input.currencySign,
    shortName: input.shortName,
    fullName: input.fullName,
    baseRate: input.baseRate,
  }),
  // Signs are saved in capitals: a plain comparison is a case-insensitive one.
  unique: [{ columns: [exchangeRates.currencySign], fields: ["currencySign"] }],
});

export function exchangeRateRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, exchangeRateResource, {
    record: ExchangeRate,
    create: ExchangeRateCreate,
    update: ExchangeRateUpdate,
  });
}
