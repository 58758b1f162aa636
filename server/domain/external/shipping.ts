// A release document's parcels shipped by a delivery carrier (ShipEngine): from the account's first address
// to the document's contractor's address, the label bought, its PDF attached to the document and its
// tracking number kept as the document's transport document number (one transaction, with its RecordLog
// entry and event). A missing address, or one the carrier cannot read, is said on its field.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { fieldError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { recordChange } from "../../engine/record_change.ts";
import { wmsDocumentDefinitions } from "../config/definitions.ts";
import { clientAccount } from "../config/account/entity.ts";
import { addresses } from "../parties/addresses/entity.ts";
import { companies } from "../parties/companies/entity.ts";
import { wmsDocument } from "../stock/documents/entity.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { uploadFile } from "../files/service.ts";
import { appErrorOf, carrierOf, noteCheck } from "./credentials.ts";
import { assertReachable } from "./reach.ts";
import { externalCredentials } from "./table.ts";
import { createLabel, type ShipAddress } from "./shipengine.ts";
import { rowById } from "../../db/prepared.ts";

export const ShipRequest = z.object({
  credentialsId: z.number().int().positive(),
  /** The carrier's service (ups_ground, dhl_express_worldwide, ...). */
  serviceCode: z.string().trim().min(1).max(100),
  /** The carrier account within the service, where it has several. */
  carrierId: z.string().trim().max(100).nullish(),
  packages: z.array(z.object({
    weightKg: z.number().positive().max(1000),
    lengthCm: z.number().positive().max(1000).nullish(),
    widthCm: z.number().positive().max(1000).nullish(),
    heightCm: z.number().positive().max(1000).nullish(),
  })).min(1).max(50),
});

export const Shipped = z.object({
  trackingNumber: z.string(),
  labelFileId: z.number(),
  carrierCode: z.string().nullable(),
  cost: z.object({ amount: z.number(), currency: z.string() }).nullable(),
});

const outgoing = new Set<string>(
  wmsDocumentDefinitions.filter((d) => d.direction === "out").map((d) => d.typeCode),
);

/** An address the carrier can read: a street, a city, a postal code and a two-letter country. */
function shipAddress(
  a: {
    street?: string | null;
    number?: string | null;
    city?: string | null;
    postalCode?: string | null;
    province?: string | null;
    country?: string | null;
  } | undefined,
  who: { name: string; phone?: string | null; companyName?: string | null },
  field: string,
): ShipAddress {
  const line = [a?.street, a?.number].filter(Boolean).join(" ").trim();
  const country = a?.country?.trim().toUpperCase() ?? "";
  if (!a || !line || !a.city || !a.postalCode || !/^[A-Z]{2}$/.test(country)) {
    throw fieldError({ [field]: ["validation.invalidValue"] });
  }
  return {
    name: who.name,
    companyName: who.companyName ?? null,
    phone: who.phone ?? null,
    addressLine1: line,
    cityLocality: a.city,
    postalCode: a.postalCode,
    countryCode: country,
    stateProvince: a.province ?? null,
  };
}

/** POST WmsDocument/{id}/ship: the label of a release document's parcels, bought from the carrier. */
export async function shipDocument(ctx: TenantContext, id: number, req: z.output<typeof ShipRequest>) {
  const db = ctx.conn.db;
  const doc = await wmsDocument.get(ctx, id) as Record<string, unknown>;
  if (!outgoing.has(doc.typeCode as string)) throw fieldError({ typeCode: ["validation.invalidValue"] });
  // Used, never shown: the caller need not be an administrator who reads the credentials.
  const [creds] = await db.select().from(externalCredentials).where(
    eq(externalCredentials.id, req.credentialsId),
  );
  if (!creds || creds.serviceType !== "delivery") {
    throw fieldError({ credentialsId: ["validation.invalidValue"] });
  }
  const carrier = carrierOf(ctx, creds);
  await assertReachable(ctx, creds.baseUrl);
  // To: the contractor's address; from: the account's first.
  if (doc.contractorId === null) throw fieldError({ contractorId: ["validation.required"] });
  const [to] = await db.select({ company: companies, address: addresses }).from(companies)
    .leftJoin(addresses, eq(addresses.id, companies.addressId)).where(
      eq(companies.id, doc.contractorId as number),
    );
  if (!to) throw notFound();
  const [account] = await db.select().from(clientAccount).limit(1);
  const fromAddress = account
    ? (JSON.parse(account.addresses) as Record<string, string | null>[])[0]
    : undefined;
  const shipTo = shipAddress(to.address ?? undefined, {
    name: to.company.fullName || to.company.shortName,
    companyName: to.company.shortName,
    phone: to.company.officePhoneNumber,
  }, "contractorId");
  const shipFrom = shipAddress(fromAddress, {
    name: account?.invoiceName ?? ctx.tenant.companyName,
    companyName: account?.invoiceName ?? ctx.tenant.companyName,
  }, "shipFrom");
  let label;
  try {
    label = await createLabel(carrier, {
      serviceCode: req.serviceCode,
      carrierId: req.carrierId ?? null,
      shipFrom,
      shipTo,
      packages: req.packages,
      reference: String(doc.documentNumber),
    });
  } catch (err) {
    await noteCheck(db, creds.id, err);
    throw appErrorOf(err);
  }
  const file = await uploadFile(ctx, { refResourceType: "WmsDocument", refResourceId: id }, {
    name: `label-${label.trackingNumber}.pdf`,
    bytes: label.pdf,
  });
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const row = await rowById(tx, wmsDocuments, id);
    if (!row) throw notFound();
    await tx.update(wmsDocuments).set({
      transportDocumentNumber: label.trackingNumber,
      updatedAt: nowIso(),
      version: row.version + 1,
    }).where(eq(wmsDocuments.id, id));
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "WmsDocument",
      id,
      title: row.documentNumber,
      old: { transportDocumentNumber: row.transportDocumentNumber },
      new: {
        transportDocumentNumber: label.trackingNumber,
        carrier: label.carrierCode,
        label: file.fileName,
      },
    });
  });
  return {
    trackingNumber: label.trackingNumber,
    labelFileId: file.id,
    carrierCode: label.carrierCode,
    cost: label.cost,
  };
}
