// Every table of a tenant database, for drizzle-kit (migrations/tenant/). Domain code imports the
// table it needs from its own area, not from here.
export { companies, companyGroups, companyTags } from "../domain/parties/companies/table.ts";
export { addresses } from "../domain/parties/addresses/table.ts";
export { persons, personTags } from "../domain/parties/persons/table.ts";
export { tags } from "../domain/records/tags/table.ts";
export { dictionaries, dictionaryTags } from "../domain/records/dictionaries/table.ts";
export { users } from "../domain/access/users/table.ts";
export { recordLog } from "../domain/logs/record_log/table.ts";
export { systemLog } from "../domain/logs/system_log/table.ts";
export { clientAccount, clientLogisticsConfig } from "../domain/config/table.ts";
export { favoriteActions } from "../domain/favorites/table.ts";
export { productGroups } from "../domain/assortment/product_groups/table.ts";
export { storageSpaceTypes } from "../domain/infrastructure/location_types/table.ts";
export { storageSpaces } from "../domain/infrastructure/locations/table.ts";
export { printLayouts } from "../domain/records/print_layouts/table.ts";
export { emailTemplates } from "../domain/records/email_templates/table.ts";
export { emailAccounts } from "../domain/records/email_accounts/table.ts";
export { productBarcodes, productGroupLinks, products } from "../domain/assortment/products/table.ts";
export { exchangeRates } from "../domain/assortment/exchange_rates/table.ts";
export { containers } from "../domain/stock/containers/table.ts";
export { numberingCounters } from "../domain/stock/numbering/table.ts";
export { wmsDocuments } from "../domain/stock/documents/table.ts";
export { wmsDocumentPositions } from "../domain/stock/positions/table.ts";
export {
  stockLines,
  stockLocationTotals,
  stockMovements,
  stockProductTotals,
} from "../domain/stock/ledger/table.ts";
