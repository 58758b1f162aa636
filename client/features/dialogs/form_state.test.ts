// What the generic form sends and where the server's messages land, for the user and account metadata
// and for the newer field kinds (links, several texts, colour, point, rows).
import { describe, expect, it } from "vitest";
import { userMeta } from "../../../server/domain/access/users/entity.ts";
import { clientAccountMeta } from "../../../server/domain/config/account/entity.ts";
import { productMeta } from "../../../server/domain/assortment/products/entity.ts";
import type { ResourceMeta } from "../../../shared/resources/meta.ts";
import { buildBody, emptyRow, initialValues, isEditable, placeErrors } from "./form_state.ts";

const stored = {
  id: 7,
  version: 3,
  username: "jan",
  visibleName: null,
  email: "jan@example.com",
  phoneNumber: "+48600700800",
  defaultLanguage: "pl-pl",
  description: null,
  active: true,
  blocked: false,
  isSuperUser: false,
  isPowerUser: true,
  logisticsEnabled: false,
  terminalEnabled: false,
  shippingEnabled: false,
  transportEnabled: false,
  contractorPortalEnabled: false,
  connectedContractorId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("initialValues", () => {
  it("starts a new user active, with empty text, no language and no password", () => {
    const v = initialValues(userMeta, "add", null);
    expect(v).toMatchObject({ username: "", email: "", password: "", active: true, blocked: false });
    expect(v.defaultLanguage).toBeNull();
    expect(v).not.toHaveProperty("createdAt"); // not part of the form
  });

  it("starts an edit from the record, with the password fields empty", () => {
    const v = initialValues(userMeta, "edit", { ...stored, password: "never-sent" });
    expect(v).toMatchObject({ username: "jan", phoneNumber: "+48600700800", isPowerUser: true });
    expect(v.visibleName).toBe("");
    expect(v.password).toBe("");
    expect(v.repeatPassword).toBe("");
  });
});

describe("buildBody", () => {
  it("on an edit sends id and version and leaves the password out when none was typed", () => {
    const values = initialValues(userMeta, "edit", stored);
    const body = buildBody(userMeta, "edit", { ...values, visibleName: "Jan K." }, stored, true);
    expect(body).toMatchObject({ id: 7, version: 3, visibleName: "Jan K.", email: "jan@example.com" });
    expect(body).not.toHaveProperty("password");
    expect(body).not.toHaveProperty("repeatPassword");
    expect(body).not.toHaveProperty("createdAt");
  });

  it("sends both password fields on an edit once one is typed, so a mismatch is reported", () => {
    const values = initialValues(userMeta, "edit", stored);
    const body = buildBody(userMeta, "edit", { ...values, password: "new-secret-1" }, stored, true);
    expect(body.password).toBe("new-secret-1");
    expect(body.repeatPassword).toBe("");
  });

  it("on an add sends the password, empty optional text as null, empty required text as typed", () => {
    const values = { ...initialValues(userMeta, "add", null), username: "", visibleName: "  " };
    const body = buildBody(userMeta, "add", values, null, true);
    expect(body.username).toBe("");
    expect(body.visibleName).toBeNull();
    expect(body.phoneNumber).toBeNull();
    expect(body.password).toBe("");
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("version");
  });

  it("leaves roles and flags out for someone who is not an administrator", () => {
    expect(isEditable(userMeta.fields.find((f) => f.name === "isSuperUser")!, "edit", false)).toBe(false);
    const body = buildBody(userMeta, "edit", initialValues(userMeta, "edit", stored), stored, false);
    expect(body).not.toHaveProperty("isSuperUser");
    expect(body).not.toHaveProperty("active");
    expect(body.username).toBe("jan");
  });

  it("sends the company account back whole, addresses included, without an id or the base currency", () => {
    const account = {
      id: 1,
      version: 2,
      invoiceName: "Acme",
      taxId: null,
      invoiceEmail: null,
      addresses: [{
        street: "Long",
        number: "1",
        city: "Łódź",
        postalCode: null,
        province: null,
        country: "PL",
      }],
      theme: "light",
      windowAnimations: true,
      appTitle: null,
      baseCurrency: "PLN",
      faceSignIn: true,
      secondFactorRequired: "administrators",
      subscriptionType: "standard",
      monthlyDocumentLimit: 1000,
    };
    const values = initialValues(clientAccountMeta, "edit", account);
    expect((values.addresses as Array<Record<string, string>>)[0].postalCode).toBe("");
    const body = buildBody(clientAccountMeta, "edit", values, account, true);
    expect(body).toEqual({
      version: 2,
      invoiceName: "Acme",
      taxId: null,
      invoiceEmail: null,
      addresses: [{
        street: "Long",
        number: "1",
        city: "Łódź",
        postalCode: null,
        province: null,
        country: "PL",
      }],
      theme: "light",
      windowAnimations: true,
      appTitle: null,
      faceSignIn: true,
      secondFactorRequired: "administrators",
    });
    // The base currency is changed by its own call, which asks what becomes of the exchange rates.
    expect(body).not.toHaveProperty("baseCurrency");
  });
});

describe("placeErrors", () => {
  it("puts codes beside shown fields, parts of lists by their path, and the rest above the form", () => {
    const shown = new Set(["email", "addresses"]);
    expect(placeErrors(shown, {
      email: ["validation.emailExists"],
      "addresses.1.city": ["validation.tooLong"],
      connectedContractorId: ["validation.invalidValue"],
      _: ["validation.invalidValue"],
    })).toEqual({
      byField: { email: ["validation.emailExists"], "addresses.1.city": ["validation.tooLong"] },
      other: ["validation.invalidValue"],
    });
  });
});

describe("the newer field kinds", () => {
  const ref = { resource: "ProductGroup", path: "/ProductGroup", titleFields: ["name"] };
  const form = { add: true, edit: true };
  const meta: ResourceMeta = {
    resource: "Product",
    path: "/Product",
    nameKey: "resource.productGroup",
    titleFields: ["name"],
    defaultSort: { column: "name", descending: false },
    fields: [
      { name: "mainGroupId", kind: "reference", labelKey: "field.common.id", reference: ref, form },
      { name: "productGroupIds", kind: "references", labelKey: "field.common.id", reference: ref, form },
      { name: "barcodes", kind: "strings", labelKey: "field.common.id", form },
      { name: "colour", kind: "colour", labelKey: "field.common.colour", form },
      { name: "location", kind: "latlng", labelKey: "field.common.id", form },
    ],
  };

  it("start a new record unlinked and empty", () => {
    expect(initialValues(meta, "add", null)).toEqual({
      mainGroupId: null,
      productGroupIds: [],
      barcodes: [],
      colour: null,
      location: null,
    });
  });

  it("send links as ids, texts trimmed without blanks, no colour as null, and a point only when given", () => {
    const record = {
      id: 4,
      version: 2,
      mainGroupId: 9,
      productGroupIds: [9, 11],
      barcodes: ["590123"],
      colour: "#aabbcc",
      location: { lat: 52.2297, lng: 21.0122 },
    };
    const values = initialValues(meta, "edit", record);
    expect(values).toMatchObject({
      mainGroupId: 9,
      productGroupIds: [9, 11],
      location: { lat: 52.2297, lng: 21.0122 },
    });
    const body = buildBody(
      meta,
      "edit",
      {
        ...values,
        barcodes: [" 590123 ", "", "  ", "400638"],
        colour: "",
        location: { lat: null, lng: null },
      },
      record,
      false,
    );
    expect(body).toEqual({
      id: 4,
      version: 2,
      mainGroupId: 9,
      productGroupIds: [9, 11],
      barcodes: ["590123", "400638"],
      colour: null,
      location: null,
    });
    // Half a point is sent as it is, so the server names the missing part.
    expect(buildBody(meta, "add", { ...values, location: { lat: 10, lng: null } }, null, false).location)
      .toEqual({ lat: 10, lng: null });
  });
});

describe("a rows field (a product's custom fields)", () => {
  const customFields = productMeta.fields.find((f) => f.name === "customFields")!;
  const meta: ResourceMeta = { ...productMeta, fields: [customFields] };

  it("starts empty; a new row has empty texts and the first option of a required enum", () => {
    expect(initialValues(meta, "add", null)).toEqual({ customFields: [] });
    expect(emptyRow(customFields)).toEqual({ code: "", name: "", type: "text", printId: "" });
  });

  it("loads stored rows with every column, and sends them trimmed, empty optional texts as null", () => {
    const record = {
      id: 3,
      version: 5,
      customFields: [{ code: "FAT", name: "Fat content", type: "number", printId: null }],
    };
    const values = initialValues(meta, "edit", record);
    expect(values.customFields).toEqual([{ code: "FAT", name: "Fat content", type: "number", printId: "" }]);
    const rows = [
      { code: " FAT ", name: "Fat content", type: "number", printId: " " },
      { code: "", name: "Origin", type: "text", printId: "P2", stray: "dropped" },
    ];
    expect(buildBody(meta, "edit", { customFields: rows }, record, false)).toEqual({
      id: 3,
      version: 5,
      customFields: [
        { code: "FAT", name: "Fat content", type: "number", printId: null },
        // An empty required code is sent, so the server names that cell.
        { code: "", name: "Origin", type: "text", printId: "P2" },
      ],
    });
  });

  it("puts a cell's code at the cell and the field's own code at the field", () => {
    expect(placeErrors(new Set(["customFields"]), {
      "customFields.1.code": ["validation.required"],
      customFields: ["validation.mustBeUnique"],
    })).toEqual({
      byField: { "customFields.1.code": ["validation.required"], customFields: ["validation.mustBeUnique"] },
      other: [],
    });
  });
});
