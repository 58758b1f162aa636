// Every table of a tenant database: for drizzle-kit (migrations/tenant/) and, handed by the composition root
// (server/app.ts), for the engine's foreign-key checks. Owned here, above the areas whose tables it lists;
// domain code imports the table it needs from its own area, not from here.
export { companies, companyGroups, companyTags } from "./domain/parties/companies/entity.ts";
export { addresses } from "./domain/parties/addresses/entity.ts";
export { geoLocations } from "./domain/parties/geo_locations/entity.ts";
export { documentUsage } from "./domain/config/account/usage.ts";
export { persons, personTags } from "./domain/parties/persons/entity.ts";
export { tags } from "./domain/reference/tags/entity.ts";
export { dictionaries, dictionaryTags } from "./domain/reference/dictionaries/entity.ts";
export { users } from "./domain/access/users/entity.ts";
export { recordLog } from "./engine/record_log.ts";
export { systemLog } from "./domain/logs/system_log/table.ts";
export { securityEvents } from "./domain/logs/security_log/table.ts";
export { clientAccount } from "./domain/config/account/entity.ts";
export { clientLogisticsConfig } from "./domain/config/table.ts";
export { favoriteActions } from "./domain/favorites/entity.ts";
export { productGroups } from "./domain/assortment/product_groups/entity.ts";
export { storageSpaceTypes } from "./domain/storage/location_types/entity.ts";
export { storageSpaces } from "./domain/storage/locations/entity.ts";
export { printLayouts } from "./domain/reference/print_layouts/entity.ts";
export { emailTemplates } from "./domain/reference/email_templates/entity.ts";
export { emailAccounts } from "./domain/reference/email_accounts/entity.ts";
export { productBarcodes, productGroupLinks, products } from "./domain/assortment/products/entity.ts";
export { exchangeRates } from "./domain/assortment/exchange_rates/entity.ts";
export { containers } from "./domain/stock/containers/table.ts";
export { numberingCounters } from "./domain/stock/numbering/table.ts";
export { wmsDocuments } from "./domain/stock/documents/table.ts";
export { wmsDocumentPositions } from "./domain/stock/positions/entity.ts";
export {
  stockLines,
  stockLocationLoads,
  stockLocationTotals,
  stockMovements,
  stockProductFlows,
  stockProductTotals,
} from "./domain/stock/ledger/table.ts";
export { idempotencyKeys } from "./domain/idempotency/table.ts";
export { wmsOrders, wmsOrderScopeProducts } from "./domain/orders/entity.ts";
export { wmsOrderPositions } from "./domain/orders/positions/entity.ts";
export { stockReservations } from "./domain/orders/reservations.ts";
export { sharedAccesses, sharedAccessUses } from "./domain/sharing/table.ts";
export { externalOrderPositions, externalOrders } from "./domain/portal/table.ts";
export { storageSpaceMaps } from "./domain/storage/maps/table.ts";
export { calendarEvents } from "./domain/calendar/entity.ts";
export { calendarFeeds } from "./domain/calendar/feed.ts";
export { fileChunks, fileInfos } from "./domain/files/table.ts";
export { printers } from "./domain/printing/entity.ts";
export { printSites } from "./domain/printing/sites/entity.ts";
export { printJobData, printJobs } from "./domain/printing/jobs/entity.ts";
export { messageRecipients, messages } from "./domain/messaging/entity.ts";
export { discussionMessages, discussions } from "./domain/discussions/table.ts";
export { shipmentTickets, transportMessages, transportOffers } from "./domain/transport/table.ts";
export { externalCredentials, productExternals } from "./domain/external/table.ts";
export { faceChallenges, faceDevices, faceSamples } from "./domain/access/faces/table.ts";
export { userPasskeys, userRecoveryCodes, userTotp } from "./domain/access/mfa/table.ts";
export { importJobs, importRuns, importWrites } from "./domain/imports/table.ts";
