// ShipEngine's shipping API (v1), as its documentation describes it: the API key in the API-Key header,
// POST /v1/labels with the shipment (ship from, ship to, packages in kilograms and centimetres, a carrier's
// service code) makes the label at once and answers its tracking number, cost and download addresses;
// the PDF is then read from its label_download address. A refused request answers `errors`, each with its
// message, which we pass on.
import { callService, ServiceError } from "./http.ts";
import type { Egress } from "../../kernel/egress/egress.ts";

export interface CarrierCredentials {
  /** The policy every call goes through. */
  egress: Egress;
  baseUrl: string;
  apiKey: string;
}

export interface ShipAddress {
  name: string;
  companyName?: string | null;
  phone?: string | null;
  addressLine1: string;
  cityLocality: string;
  postalCode: string;
  countryCode: string;
  stateProvince?: string | null;
}

export interface Parcel {
  weightKg: number;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
}

export interface LabelRequest {
  serviceCode: string;
  carrierId?: string | null;
  shipFrom: ShipAddress;
  shipTo: ShipAddress;
  packages: Parcel[];
  /** Our reference of the shipment (the document's number). */
  reference: string;
}

export interface Label {
  labelId: string;
  shipmentId: string | null;
  trackingNumber: string;
  carrierCode: string | null;
  cost: { amount: number; currency: string } | null;
  pdf: Uint8Array;
}

const base = (c: CarrierCredentials) => c.baseUrl.replace(/\/+$/, "");

function address(a: ShipAddress) {
  return {
    name: a.name,
    company_name: a.companyName ?? undefined,
    phone: a.phone ?? undefined,
    address_line1: a.addressLine1,
    city_locality: a.cityLocality,
    state_province: a.stateProvince ?? undefined,
    postal_code: a.postalCode,
    country_code: a.countryCode,
  };
}

/** The service's own messages of a refused request (its `errors`), joined. */
export function serviceMessages(err: ServiceError): string {
  const errors = (err.body as { errors?: { message?: string }[] } | undefined)?.errors;
  return errors?.map((e) => e.message).filter(Boolean).join("; ") || err.message;
}

/** Does the service take this key? (GET /v1/carriers: the account's carriers.) */
export async function checkCarrier(c: CarrierCredentials): Promise<void> {
  await callService(c.egress, `${base(c)}/v1/carriers`, {
    headers: { "api-key": c.apiKey, accept: "application/json" },
  }, {
    tries: 2,
  });
}

/** Makes the shipment's label (PDF, 4×6 in) and reads it. */
export async function createLabel(c: CarrierCredentials, req: LabelRequest): Promise<Label> {
  const res = await callService(c.egress, `${base(c)}/v1/labels`, {
    method: "POST",
    headers: { "api-key": c.apiKey, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      shipment: {
        service_code: req.serviceCode,
        ...(req.carrierId ? { carrier_id: req.carrierId } : {}),
        external_shipment_id: req.reference,
        ship_from: address(req.shipFrom),
        ship_to: address(req.shipTo),
        packages: req.packages.map((p) => ({
          weight: { value: p.weightKg, unit: "kilogram" },
          ...(p.lengthCm && p.widthCm && p.heightCm
            ? { dimensions: { unit: "centimeter", length: p.lengthCm, width: p.widthCm, height: p.heightCm } }
            : {}),
        })),
      },
      label_format: "pdf",
      label_layout: "4x6",
    }),
  }, { tries: 3, once: true });
  const body = await res.json() as {
    label_id?: string;
    shipment_id?: string;
    tracking_number?: string;
    carrier_code?: string;
    shipment_cost?: { amount?: number; currency?: string };
    label_download?: { pdf?: string; href?: string };
  };
  const href = body.label_download?.pdf ?? body.label_download?.href;
  if (!body.label_id || !body.tracking_number || !href) {
    throw new ServiceError(
      "failed",
      res.status,
      "the label answer lacks its id, tracking number or PDF",
      body,
    );
  }
  // Read from the service itself only: an answer naming another host is not followed.
  if (new URL(href, base(c)).origin !== new URL(base(c)).origin) {
    throw new ServiceError("failed", res.status, "the label is offered from another host", body);
  }
  const pdf = new Uint8Array(
    await (await callService(c.egress, href, { headers: { "api-key": c.apiKey, accept: "application/pdf" } }))
      .arrayBuffer(),
  );
  if (new TextDecoder().decode(pdf.subarray(0, 5)) !== "%PDF-") {
    throw new ServiceError("failed", 200, "the label download is no PDF");
  }
  const cost = body.shipment_cost;
  return {
    labelId: body.label_id,
    shipmentId: body.shipment_id ?? null,
    trackingNumber: body.tracking_number,
    carrierCode: body.carrier_code ?? null,
    cost: cost && typeof cost.amount === "number" && cost.currency
      ? { amount: cost.amount, currency: cost.currency.toUpperCase() }
      : null,
    pdf,
  };
}
