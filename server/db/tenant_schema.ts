// Every table of a tenant database, for drizzle-kit (migrations/tenant/). Domain code imports the
// table it needs from its own area, not from here.
export { companies } from "../domain/parties/companies/table.ts";
export { users } from "../domain/access/users/table.ts";
export { recordLog } from "../domain/logs/record_log/table.ts";
export { systemLog } from "../domain/logs/system_log/table.ts";
export { clientAccount, clientLogisticsConfig } from "../domain/config/table.ts";
export { favoriteActions } from "../domain/favorites/table.ts";
export { productGroups } from "../domain/assortment/product_groups/table.ts";
export { productBarcodes, productGroupLinks, products } from "../domain/assortment/products/table.ts";
export { exchangeRates } from "../domain/assortment/exchange_rates/table.ts";
