// Freight in real Chromium (issue 19): a dispatcher publishes a freight ticket, a carrier's user sees it
// (and not a working copy) and offers on it with a question; the dispatcher sees the offer and the question
// arrive live, answers, and assigns the offer; the carrier then reads the ticket as assigned to them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { addUser } from "../fixtures/harness.ts";
import { addStaffUser, company, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
let dispatcher: string;
let ticket: { id: number; shipmentNumber: string };
let draft: { id: number; shipmentNumber: string };
const contexts: BrowserContext[] = [];

const route = {
  pickupPoint: "Cold store Gdańsk",
  pickupCountry: "PL",
  pickupTime: "2027-02-03T06:00:00Z",
  deliveryPoint: "Frischelager Hamburg",
  deliveryCountry: "DE",
  deliveryTime: "2027-02-03T18:00:00Z",
  loadPalCount: 18,
};

beforeAll(async () => {
  w = await startStockWorld("freight-e2e");
  dispatcher = await addStaffUser(w, "freight-e2e-dispatcher", { shippingEnabled: true });
  const carrier = await company(w, "NORTH TRUCKS", "carrier");
  await addUser(w.s, w.admin, {
    username: "freight-e2e-carrier",
    connectedContractorId: carrier,
    transportEnabled: true,
  });
  ticket = (await w.api("POST", "/ShipmentTicket", route, dispatcher)).body;
  draft = (await w.api("POST", "/ShipmentTicket", { ...route, description: "Not yet" }, dispatcher)).body;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

// Bounds against a hang, not measures: on a loaded 2-core machine these tests took up to about 25 s.
describe("freight tickets in the browser", { timeout: 90_000 }, () => {
  it("publishes a ticket, takes a carrier's offer and question live, answers and assigns it", async () => {
    const options = { timeoutMs: 20_000, goto: { waitUntil: "domcontentloaded" as const, timeout: 60_000 } };
    const desk = await signedInPage(
      browser,
      w.s,
      contexts,
      "freight-e2e-dispatcher",
      `/direct-transport-offer/${ticket.id}`,
      options,
    );
    const panel = desk.getByTestId("freight-panel");
    await panel.getByRole("button", { name: enUs["freight.publish"] }).click();
    await panel.getByText(enUs["option.statusCode.published"], { exact: true }).waitFor();
    await panel.getByText(enUs["freight.noOffers"]).waitFor();

    // The carrier's list: the published ticket, not the working copy.
    const truck = await signedInPage(
      browser,
      w.s,
      contexts,
      "freight-e2e-carrier",
      "/direct-transport-offer",
      options,
    );
    await truck.getByText(ticket.shipmentNumber).waitFor();
    expect(await truck.getByText(draft.shipmentNumber).count()).toBe(0);
    await truck.getByText(ticket.shipmentNumber).click();
    const mine = truck.getByTestId("freight-panel");
    await mine.getByRole("textbox", { name: enUs["field.transportOffer.price"] }).fill("950");
    await mine.getByRole("textbox", { name: enUs["field.transportOffer.comment"] }).fill("Reefer, 2 drivers");
    await mine.getByRole("button", { name: enUs["freight.sendOffer"] }).click();
    await expect.poll(() => mine.getByTestId("freight-my-status").innerText(), { timeout: 10_000 })
      .toContain(enUs["option.statusCode.submitted"]);
    await mine.getByRole("textbox", { name: enUs["freight.write"] }).fill(
      "Is there a tail lift at the store?",
    );
    await mine.getByRole("button", { name: enUs["freight.send"] }).click();

    // The dispatcher's open dialog shows the offer and the question as they arrive.
    const offer = panel.getByTestId("freight-offers").locator('tr[data-offer="NORTH TRUCKS"]');
    await offer.waitFor({ timeout: 10_000 });
    expect(await offer.innerText()).toContain("Reefer, 2 drivers");
    const question = panel.getByTestId("freight-message");
    await question.first().waitFor({ timeout: 10_000 });
    expect(await question.first().innerText()).toContain("Is there a tail lift at the store?");
    await panel.getByRole("textbox", { name: enUs["freight.write"] }).fill("Yes, dock 3 has one.");
    await panel.getByRole("button", { name: enUs["freight.send"] }).click();
    await expect.poll(() => mine.getByTestId("freight-message").allInnerTexts(), { timeout: 10_000 })
      .toHaveLength(2);
    expect((await mine.getByTestId("freight-message").allInnerTexts())[1]).toContain("Yes, dock 3 has one.");

    await offer.getByRole("button", { name: enUs["freight.assign"] }).click();
    await panel.getByText(enUs["option.statusCode.assigned"], { exact: true }).first().waitFor();
    const back = await w.api("GET", `/ShipmentTicket/${ticket.id}`, undefined, dispatcher);
    expect(back.body).toMatchObject({ statusCode: "assigned", carrierName: "NORTH TRUCKS" });
    await expect.poll(() => mine.getByTestId("freight-my-status").innerText(), { timeout: 10_000 })
      .toContain(enUs["option.statusCode.accepted"]);
  });

  it("tells a user without the shipping module, opening freight by its address, that the module is off", async () => {
    await addStaffUser(w, "freight-e2e-clerk");
    const page = await signedInPage(browser, w.s, contexts, "freight-e2e-clerk", "/direct-transport-offer", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.getByText(enUs["list.forbidden"]).waitFor();
    await page.getByText(enUs["apiError.auth.moduleDisabled"]).waitFor();
    expect(await page.getByText(ticket.shipmentNumber).count()).toBe(0);
  });
});
