// Long dialogs keep their title and their Save/Cancel in view (issue 31, item 11): on a laptop (1440×900)
// and on a phone (390×844), Add product and New order open with the Save button inside the window without
// any scrolling, and the form's body scrolls between the title and the buttons.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { createTenant, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "dlg");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/**
 * Whether the element is wholly shown as things are now (nothing scrolled by the test): inside the window
 * and inside every ancestor that clips what overflows it (a dialog that scrolls hides what is below).
 */
function shown(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.height === 0 || box.top < 0 || box.left < 0) return false;
    if (box.bottom > innerHeight || box.right > innerWidth) return false;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowY === "visible") continue;
      const clip = a.getBoundingClientRect();
      if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) return false;
    }
    return true;
  });
}

/** The dialog's Save, its title and the part of it that scrolls (the body), checked for being in view. */
async function expectFooterInView(page: Page, save: Locator, title: string): Promise<void> {
  await save.waitFor();
  const dialog = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: title }) });
  expect(await shown(save), "Save is in the window").toBe(true);
  expect(await shown(dialog.getByRole("heading", { name: title })), "the title is in the window")
    .toBe(true);
  // Scrolled to the end of the form (whatever part of the dialog scrolls), both stay where they are.
  const scrolled = await dialog.evaluate((el) => {
    const all = [el, ...el.querySelectorAll<HTMLElement>("*")];
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) all.push(a);
    const scrolls = all.filter((e) =>
      e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY)
    );
    for (const e of scrolls) e.scrollTop = e.scrollHeight;
    return scrolls.length;
  });
  if (scrolled === 0) {
    // A form that fits (New order shows only its type's own fields): the whole dialog is in the window.
    expect(await shown(dialog), "a dialog that does not scroll is wholly in the window").toBe(true);
  }
  expect(await shown(save), "Save stays in the window after the body scrolls").toBe(true);
  expect(await shown(dialog.getByRole("heading", { name: title }))).toBe(true);
}

const screens = [
  { name: "a laptop", viewport: { width: 1440, height: 900 } },
  { name: "a phone", viewport: { width: 390, height: 844 } },
];

describe.each(screens)("long dialogs on $name", ({ viewport }) => {
  it("show Add product's Save without scrolling", async () => {
    const page = await signedInPage(browser, s, contexts, "dlg-admin", "/products/new", {
      viewport,
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: enUs["field.product.index"], exact: true }).waitFor();
    await expectFooterInView(
      page,
      dialog.getByRole("button", { name: enUs["common.save"], exact: true }),
      enUs["resource.product.add"],
    );
    expect(await shown(dialog.getByRole("button", { name: enUs["common.cancel"], exact: true })))
      .toBe(true);
  });

  it("show New order's Save without scrolling", async () => {
    const page = await signedInPage(browser, s, contexts, "dlg-admin", "/warehouse-new-order", {
      viewport,
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: enUs["field.wmsOrder.destinationLocationId"] }).waitFor();
    const title = await dialog.getByRole("heading").first().textContent();
    await expectFooterInView(
      page,
      dialog.getByRole("button", { name: enUs["common.save"], exact: true }),
      title!,
    );
  });
});
