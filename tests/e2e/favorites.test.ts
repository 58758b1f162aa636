// Favorites and the simplified menu in a real browser: holding a menu item for 2 seconds opens the
// favorite editor prefilled with it, a short click still navigates, a held favorite can be edited and
// deleted, the keyboard reaches all of it, and the simplified menu is one flat alphabetical list that
// the server remembers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { addUser, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, openUserMenu, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let acme: Tenant;
let browser: Browser;

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  acme = await createTenant(s, "acme");
  const admin = (await signIn(s, "acme-admin")).token;
  await addUser(s, admin, { username: "acme-keys", isSuperUser: true });
  await addUser(s, admin, { username: "acme-flat", isSuperUser: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

function query(sql: string, params: unknown[] = []) {
  return s.platform.pool.use(acme.dbUrl, (conn) => conn.query(sql, params));
}

/**
 * A signed-in page at the start screen with its menu loaded. Signing in through the form is the shell
 * tests' subject; here the session the API hands out is put where the app keeps it.
 */
async function signedIn(username: string): Promise<Page> {
  const session = await signIn(s, username);
  const context = await browser.newContext({ locale: "en-US" });
  await context.addInitScript((auth) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", auth);
  }, JSON.stringify(session));
  const page = await context.newPage();
  await page.goto(s.baseUrl + "/");
  await waitForHydration(page);
  await menuLoaded(page);
  return page;
}

async function menuLoaded(page: Page): Promise<void> {
  await menuLink(page, enUs["route.users"]).first().waitFor();
}

function favorites(page: Page): Locator {
  return page.locator('nav [data-section="favorites"]');
}

function menuLink(page: Page, name: string): Locator {
  return page.locator('nav [data-section]:not([data-section="favorites"]), nav [data-simplified-menu]')
    .getByRole("link", { name, exact: true });
}

/**
 * Presses the mouse on `target` and keeps it down until the editor opens; answers how long that took by
 * the page's own clock (the press and the dialog's appearance are stamped in the page, so a slow test
 * process on a loaded machine cannot make an early or late dialog look punctual).
 */
async function hold(page: Page, target: Locator, dialogName: string): Promise<number> {
  await target.hover();
  await page.evaluate(() => {
    const w = window as unknown as { __downAt?: number; __dialogAt?: number };
    delete w.__downAt;
    delete w.__dialogAt;
    addEventListener("pointerdown", () => (w.__downAt = performance.now()), { capture: true, once: true });
    const seen = () => {
      if (w.__dialogAt === undefined && document.querySelector('[role="dialog"]')) {
        w.__dialogAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.mouse.down();
  await page.waitForTimeout(1500);
  // Not yet: while the press is shorter than 2 seconds, nothing has opened.
  const early = await page.evaluate(() => {
    const w = window as unknown as { __downAt?: number };
    return {
      open: document.querySelector('[role="dialog"]') !== null,
      held: performance.now() - w.__downAt!,
    };
  });
  if (early.held < 1990) expect(early.open).toBe(false);
  await page.getByRole("dialog", { name: dialogName }).waitFor();
  const took = await page.evaluate(() => {
    const w = window as unknown as { __downAt?: number; __dialogAt?: number };
    return w.__dialogAt! - w.__downAt!;
  });
  await page.mouse.up();
  return took;
}

function field(dialog: Locator, label: string): Locator {
  return dialog.getByRole("textbox", { name: label, exact: true });
}

/** Picks a colour: the radio input is visually hidden, a person clicks its swatch. */
async function pickColour(dialog: Locator, name: string): Promise<void> {
  const radio = dialog.page().getByRole("radio", { name, exact: true });
  await dialog.locator("label").filter({ has: radio }).click();
  expect(await dialog.getByRole("radio", { name, exact: true }).isChecked()).toBe(true);
}

describe("favorites by long press", () => {
  it("holding a menu item 2 s opens the editor prefilled; saving adds a coloured favorite that survives a reload", async () => {
    const page = await signedIn("acme-admin");
    expect(await favorites(page).getByText(enUs["favorites.empty"]).isVisible()).toBe(true);
    const took = await hold(page, menuLink(page, enUs["route.users"]), enUs["favorites.addTitle"]);
    expect(took).toBeGreaterThanOrEqual(1990);
    // The hold did not also follow the link.
    expect(new URL(page.url()).pathname).toBe("/");
    const dialog = page.getByRole("dialog", { name: enUs["favorites.addTitle"] });
    expect(await field(dialog, enUs["favorites.field.title"]).inputValue()).toBe(enUs["route.users"]);
    expect(await field(dialog, enUs["favorites.field.link"]).inputValue()).toBe("/users");
    await pickColour(dialog, enUs["favorites.colour.green"]);
    await field(dialog, enUs["favorites.field.parameters"]).fill("tab=roles");
    await field(dialog, enUs["favorites.field.description"]).fill("Who may do what");
    await dialog.getByRole("button", { name: enUs["common.save"] }).click();
    await dialog.waitFor({ state: "detached" });

    const fav = favorites(page).getByRole("link", { name: enUs["route.users"], exact: true });
    await fav.waitFor();
    expect(await fav.getAttribute("href")).toBe("/users?tab=roles");
    expect(await fav.locator("span").first().evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe("rgb(67, 160, 71)");
    expect(await favorites(page).getByText(enUs["favorites.empty"]).count()).toBe(0);
    const stored = await query(
      `SELECT f.title, f.link, f.parameters, f.colour, f.description FROM favorite_actions f
         JOIN users u ON u.id = f.user_id WHERE u.username = 'acme-admin'`,
    );
    expect(stored).toEqual([{
      title: "Users",
      link: "/users",
      parameters: '{"tab":"roles"}',
      colour: "#43a047",
      description: "Who may do what",
    }]);

    await page.reload();
    await waitForHydration(page);
    await favorites(page).getByRole("link", { name: enUs["route.users"], exact: true }).waitFor();

    // A short click still navigates, on a menu item and on a favorite.
    await menuLink(page, enUs["route.companies"]).click();
    await page.waitForURL(/\/companies$/);
    await favorites(page).getByRole("link", { name: enUs["route.users"], exact: true }).click();
    await page.waitForURL(/\/users\?tab=roles$/);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });

  it("holding a favorite opens it for editing: its title changes, then it is deleted", async () => {
    const page = await signedIn("acme-admin");
    const fav = favorites(page).getByRole("link", { name: enUs["route.users"], exact: true });
    await fav.waitFor();
    await hold(page, fav, enUs["favorites.editTitle"]);
    const dialog = page.getByRole("dialog", { name: enUs["favorites.editTitle"] });
    expect(await field(dialog, enUs["favorites.field.title"]).inputValue()).toBe(enUs["route.users"]);
    expect(await field(dialog, enUs["favorites.field.parameters"]).inputValue()).toBe("tab=roles");
    expect(await dialog.getByRole("radio", { name: enUs["favorites.colour.green"] }).isChecked()).toBe(true);
    await field(dialog, enUs["favorites.field.title"]).fill("People");
    await dialog.getByRole("button", { name: enUs["common.save"] }).click();
    await dialog.waitFor({ state: "detached" });
    const renamed = favorites(page).getByRole("link", { name: "People", exact: true });
    await renamed.waitFor();
    expect(await favorites(page).getByRole("link", { name: enUs["route.users"], exact: true }).count()).toBe(
      0,
    );

    await hold(page, renamed, enUs["favorites.editTitle"]);
    await page.getByRole("dialog").getByRole("button", { name: enUs["favorites.delete"] }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await favorites(page).getByText(enUs["favorites.empty"]).waitFor();
    expect(await favorites(page).getByRole("link").count()).toBe(0);
    expect(await query("SELECT count(*) AS n FROM favorite_actions")).toEqual([{ n: 0 }]);
    await page.context().close();
  });

  it("works from the keyboard: Shift+F10 or the context-menu key on a menu item, Enter saves", async () => {
    const page = await signedIn("acme-keys");
    const companies = menuLink(page, enUs["route.companies"]);
    await companies.focus();
    await page.keyboard.press("Shift+F10");
    const dialog = page.getByRole("dialog", { name: enUs["favorites.addTitle"] });
    await dialog.waitFor();
    expect(await field(dialog, enUs["favorites.field.link"]).inputValue()).toBe("/companies");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Focus goes back to the menu item (react-aria restores it on the next frame), and no navigation happened.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
      enUs["route.companies"],
    );
    expect(new URL(page.url()).pathname).toBe("/");

    await page.keyboard.press("ContextMenu");
    await dialog.waitFor();
    // A wrong link is refused with the field's message, and what was typed stays.
    await field(dialog, enUs["favorites.field.title"]).focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Partners");
    await field(dialog, enUs["favorites.field.link"]).focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("companies");
    await page.keyboard.press("Enter");
    await dialog.getByText(enUs["error.formHasErrors"]).waitFor();
    await dialog.getByText(enUs["validation.invalidValue"]).waitFor();
    expect(await field(dialog, enUs["favorites.field.title"]).inputValue()).toBe("Partners");
    await page.keyboard.press("Home");
    await page.keyboard.type("/");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const fav = favorites(page).getByRole("link", { name: "Partners", exact: true });
    await fav.waitFor();

    // The favorite itself opens for editing from the keyboard too.
    await fav.focus();
    await page.keyboard.press("Shift+F10");
    const edit = page.getByRole("dialog", { name: enUs["favorites.editTitle"] });
    await edit.waitFor();
    expect(await field(edit, enUs["favorites.field.title"]).inputValue()).toBe("Partners");
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });

    // The visible action adds the page that is open now.
    await menuLink(page, enUs["route.contacts"]).click();
    await page.waitForURL(/\/contacts$/);
    await favorites(page).getByRole("button", { name: enUs["favorites.addCurrent"] }).click();
    const add = page.getByRole("dialog", { name: enUs["favorites.addTitle"] });
    expect(await field(add, enUs["favorites.field.title"]).inputValue()).toBe(enUs["route.contacts"]);
    expect(await field(add, enUs["favorites.field.link"]).inputValue()).toBe("/contacts");
    await page.keyboard.press("Escape");
    await page.context().close();
  });
});

/** The menu links' labels, without the "later" mark of screens that arrive in a later version. */
const labels = (links: Locator) =>
  links.evaluateAll((els) =>
    els.map((e) => {
      const copy = e.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("[data-soon]").forEach((x) => x.remove());
      return copy.textContent ?? "";
    })
  );

describe("simplified menu", () => {
  it("shows one alphabetical list of the allowed screens without headings, and keeps it after a reload", async () => {
    const page = await signedIn("acme-flat");
    const nav = page.locator("nav");
    const sectioned = await labels(page.locator('nav [data-section]:not([data-section="favorites"]) a'));
    expect(await nav.locator("h2").count()).toBeGreaterThan(3);
    const collator = new Intl.Collator("en-us", { sensitivity: "base", numeric: true });
    const expected = [...new Set(sectioned)].sort(collator.compare);
    expect(expected.length).toBeLessThan(sectioned.length); // a screen in two sections is listed once

    // The simplified menu is a check item of the user's menu.
    const toggle = (await openUserMenu(page)).getByRole("menuitemcheckbox", {
      name: enUs["common.simplifiedMenu"],
    });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await nav.locator("[data-simplified-menu]").waitFor();
    expect(await nav.locator("h2").count()).toBe(0);
    expect(await labels(nav.locator("[data-simplified-menu] a"))).toEqual(expected);
    await expect.poll(() => query("SELECT settings FROM users WHERE username = 'acme-flat'"))
      .toEqual([{ settings: JSON.stringify({ simplifiedMenu: true }) }]);

    await page.keyboard.press("Escape");
    // Favorites stay at the top, and holding an item of the flat list still adds one.
    await hold(page, menuLink(page, enUs["route.products"]), enUs["favorites.addTitle"]);
    await page.getByRole("dialog").getByRole("button", { name: enUs["common.save"] }).click();
    await favorites(page).getByRole("link", { name: enUs["route.products"], exact: true }).waitFor();

    await page.reload();
    await waitForHydration(page);
    await menuLoaded(page);
    expect(
      await (await openUserMenu(page)).getByRole("menuitemcheckbox", { name: enUs["common.simplifiedMenu"] })
        .isChecked(),
    ).toBe(true);
    expect(await nav.locator("h2").count()).toBe(0);
    expect(await labels(nav.locator("[data-simplified-menu] a"))).toEqual(expected);

    await (await openUserMenu(page)).getByRole("menuitemcheckbox", { name: enUs["common.simplifiedMenu"] })
      .click();
    await nav.locator('[data-section="administration"] h2').waitFor();
    expect(await nav.locator("[data-simplified-menu]").count()).toBe(0);
    await expect.poll(() => query("SELECT settings FROM users WHERE username = 'acme-flat'"))
      .toEqual([{ settings: JSON.stringify({ simplifiedMenu: false }) }]);
    await page.context().close();
  });
});
