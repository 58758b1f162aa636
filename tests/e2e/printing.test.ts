// Printing in real Chromium (issue 18): a manager generates two locations and sends their labels to the
// default label printer (a test printer on loopback receives the ZPL), previews the product label layout
// from its editor, and prints a product's label as a PDF shown in the dialog. Issue 32: an administrator
// makes a site's print-agent key on the sites screen, and a label sent to a printer of that site waits in
// the print dialog until the agent (started with that key) connects, then shows as printed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { product, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, waitForListCount } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { type AgentHandle, startAgent } from "../../server/print_agent/agent.ts";

let w: StockWorld;
let browser: Browser;
let printer: Server;
const received: Buffer[] = [];
const contexts: BrowserContext[] = [];
let agent: AgentHandle | undefined;

beforeAll(async () => {
  w = await startStockWorld("printing-e2e");
  browser = await launchBrowser();
  printer = createServer((socket) => socket.on("data", (d) => received.push(Buffer.from(d))));
  await new Promise<void>((r) => printer.listen(0, "127.0.0.1", r));
  const port = (printer.address() as { port: number }).port;
  const added = await w.api("POST", "/Printer", {
    name: "Dock Zebra",
    host: "127.0.0.1",
    port,
    isDefault: true,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await product(w, "PE-TEA", { name: "Green tea", barcodes: ["5901234123457"] });
}, 60_000);
afterAll(async () => {
  await agent?.stop();
  for (const c of contexts) await c.close();
  await browser?.close();
  printer?.close();
  await w?.s.close();
});

const open = (path: string): Promise<Page> =>
  signedInPage(browser, w.s, contexts, "printing-e2e-admin", path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });

describe("printing", () => {
  it("sends the labels of the locations the generator made to the default printer", async () => {
    const page = await open("/warehouse-locations");
    await page.getByRole("button", { name: enUs["generator.open"] }).click();
    const generator = page.getByRole("dialog", { name: enUs["generator.title"] });
    const level = generator.getByRole("group", { name: enUs["generator.level"].replace("{n}", "1") });
    await level.getByRole("textbox", { name: enUs["generator.prefix"] }).fill("LB");
    await level.getByRole("textbox", { name: enUs["generator.quantity"] }).fill("2");
    await level.getByRole("textbox", { name: enUs["generator.digits"] }).fill("1");
    await generator.getByRole("button", { name: enUs["generator.generate"] }).click();
    await page.getByRole("button", { name: enUs["print.newLocations#other"].replace("{count}", "2") })
      .click();
    const dialog = page.getByTestId("print-dialog");
    await dialog.waitFor();
    // The default printer is chosen for labels (once the dialog has read the printers).
    await expect.poll(() =>
      dialog.getByRole("button", { name: new RegExp(enUs["print.target"]) }).innerText()
    )
      .toContain("Dock Zebra");
    await dialog.getByRole("button", { name: enUs["print.send"] }).click();
    await page.getByText(enUs["print.sent#other"].replace("{count}", "2").replace("{printer}", "Dock Zebra"))
      .waitFor();
    await expect.poll(() => Buffer.concat(received).toString("utf8")).toContain("LB2");
    const zpl = Buffer.concat(received).toString("utf8");
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain("LB1");
  });

  it("previews a layout from its editor, and prints a product's label as a PDF", async () => {
    const page = await open("/print-layouts");
    await waitForListCount(page, enUs["list.rows#other"].replace("{count}", "5"));
    await page.getByText("Product label 100 x 50").click();
    await page.getByRole("button", { name: enUs["print.showPreview"] }).click();
    const preview = page.getByTestId("layout-preview");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/^blob:/);

    await page.goto(`${w.s.baseUrl}/products`);
    await waitForListCount(page, enUs["list.rows#one"].replace("{count}", "1"));
    await page.getByText("PE-TEA").click();
    await page.getByRole("button", { name: enUs["print.button"], exact: true }).click();
    const dialog = page.getByTestId("print-dialog");
    await dialog.getByRole("button", { name: new RegExp(enUs["print.target"]) }).click();
    await page.getByRole("option", { name: enUs["print.target.pdf"] }).click();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/Print") && r.request().method() === "POST"),
      dialog.getByRole("button", { name: enUs["print.make"] }).click(),
    ]);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    expect(Number(answer.headers()["content-length"])).toBeGreaterThan(1000);
    const pdf = dialog.getByTestId("print-pdf");
    await pdf.waitFor();
    expect(await pdf.getAttribute("src")).toMatch(/^blob:/);
  });

  it("follows a label sent to a printer of a site: waiting for the agent, then printed once the agent connects", async () => {
    const hall: Buffer[] = [];
    const listener = createServer((socket) => socket.on("data", (d) => hall.push(Buffer.from(d))));
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    try {
      const site = await w.api("POST", "/PrintSite", { name: "Cold hall" });
      expect(site.status, JSON.stringify(site.body)).toBe(201);
      // The administrator makes the site's key on the sites screen; it is shown this once.
      const page = await open(`/print-sites/${site.body.id}`);
      const panel = page.getByTestId("agent-key-panel");
      await panel.getByTestId("agent-state").waitFor();
      expect(await panel.getByTestId("agent-state").getAttribute("data-state")).toBe("noKey");
      await panel.getByRole("button", { name: enUs["printAgent.key.make"] }).click();
      const made = panel.getByTestId("agent-key");
      await made.waitFor({ state: "attached" });
      const key = (await made.textContent())!;
      expect(key).toMatch(/^wpa\.\d+\./);
      await expect.poll(() => panel.getByTestId("agent-state").getAttribute("data-state")).toBe("offline");

      const added = await w.api("POST", "/Printer", {
        name: "Hall Zebra",
        host: "127.0.0.1",
        port: (listener.address() as { port: number }).port,
        siteId: site.body.id,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      await page.goto(`${w.s.baseUrl}/products`);
      await waitForListCount(page, enUs["list.rows#one"].replace("{count}", "1"));
      await page.getByText("PE-TEA").click();
      await page.getByRole("button", { name: enUs["print.button"], exact: true }).click();
      const dialog = page.getByTestId("print-dialog");
      await dialog.getByRole("button", { name: new RegExp(enUs["print.target"]) }).click();
      await page.getByRole("option", {
        name: enUs["print.target.printer"].replace("{name}", "Hall Zebra").replace("{host}", "127.0.0.1"),
      }).click();
      await dialog.getByRole("button", { name: enUs["print.send"] }).click();
      const job = dialog.getByTestId("print-job");
      await job.waitFor();
      expect(await job.getAttribute("data-state")).toBe("queued");
      const id = Number((await job.innerText()).match(/\d+/)![0]);
      expect(await job.innerText()).toBe(enUs["print.job.queued"].replace("{id}", String(id)));

      // The warehouse starts its agent with the key: the dialog, still open, follows the job to printed.
      agent = startAgent({ server: w.s.baseUrl, key, name: "hall-pc", log: () => {} });
      await expect.poll(() => job.getAttribute("data-state"), { timeout: 20_000 }).toBe("printed");
      expect(await job.innerText()).toBe(
        enUs["print.job.printed"].replace("{id}", String(id)).replace("{printer}", "Hall Zebra"),
      );
      expect(Buffer.concat(hall).toString("utf8")).toContain("PE-TEA");
      expect((await w.api("GET", `/PrintJob/${id}`)).body.state).toBe("printed");
    } finally {
      listener.close();
    }
  });
});
