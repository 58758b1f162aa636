// The Users screen, the generic list and dialogs in a real browser against the real server: sort,
// filters, quick search, paging as the table scrolls, add, edit with the server's field messages,
// delete with confirmation, the route's openedDialogId, keyboard-only use, and numeric inputs that let
// go of the mouse wheel. The list metadata the client uses is checked against the server's answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
} from "../fixtures/harness.ts";
import { launchBrowser, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { userMeta } from "../../server/domain/access/users/entity.ts";
import { operatorsFor } from "../../client/features/list/filters.ts";

let s: TestServer;
let browser: Browser;
let adminToken: string;
const ids = new Map<string, number>();
const COUNT = 120;
const pad = (n: number) => String(n).padStart(3, "0");

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  adminToken = (await signIn(s, "acme-admin")).token;
  const numbers = Array.from({ length: COUNT }, (_, i) => i + 1);
  // Ten at a time: enough to be quick, few enough not to queue every hash at once.
  for (let i = 0; i < numbers.length; i += 10) {
    const made = await Promise.all(
      numbers.slice(i, i + 10).map((n) =>
        addUser(s, adminToken, {
          username: `user-${pad(n)}`,
          visibleName: `Worker ${pad(n)}`,
          blocked: n % 10 === 0,
        })
      ),
    );
    for (const u of made) ids.set(u.username, u.id);
  }
  const owner = await addUser(s, adminToken, { username: "mail-owner", email: "taken@example.com" });
  ids.set("mail-owner", owner.id);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const TOTAL = COUNT + 2; // the administrator and the owner of taken@example.com

let adminContext: BrowserContext | undefined;

/**
 * A new page signed in as the administrator, at `path`. The pages share one browser context (one
 * sign-in, put where the app keeps it, and one cache of the hashed scripts), as tabs of one person do.
 */
async function adminPage(path: string, viewport = { width: 1400, height: 900 }): Promise<Page> {
  if (!adminContext) {
    const auth = await signIn(s, "acme-admin");
    adminContext = await browser.newContext({ locale: "en-US" });
    await adminContext.addInitScript((value) => {
      if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
    }, JSON.stringify(auth));
  }
  const page = await adminContext.newPage();
  await page.setViewportSize(viewport);
  await page.goto(s.baseUrl + path);
  await waitForHydration(page);
  return page;
}

const grid = (page: Page) => page.getByRole("grid");

async function waitForCount(page: Page, n: number): Promise<void> {
  const text = `${n.toLocaleString("en-US")} ${n === 1 ? "record" : "records"}`;
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="list-count"]')?.textContent === expected,
    text,
  );
}

/** The user names of the rows in view, top to bottom (a loaded row has its id in data-row-id). */
async function visibleUsernames(page: Page): Promise<string[]> {
  const column = await page.locator('[role="columnheader"][data-column]').evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-column"))
  );
  const at = column.indexOf("username") + 1; // after the selection column
  const rows = await grid(page).locator('[role="row"][data-row-id]').evaluateAll((els, i) =>
    els.map((e) => ({
      index: Number(e.getAttribute("aria-rowindex")),
      name: e.querySelectorAll('[role="gridcell"]')[i]?.textContent ?? "",
    })), at);
  return rows.sort((a, b) => a.index - b.index).map((r) => r.name);
}

/** The text of a cell: row by its position in the list, column by its field name. */
async function cellText(page: Page, index: number, column: string): Promise<string> {
  const columns = await page.locator('[role="columnheader"][data-column]').evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-column"))
  );
  const row = grid(page).locator(`[role="row"][aria-rowindex="${index + 2}"][data-row-id]`);
  return (await row.locator('[role="gridcell"]').nth(columns.indexOf(column) + 1).textContent()) ?? "";
}

/** The messages tied to a field (aria-describedby), as a screen reader announces them. */
async function fieldMessages(field: Locator): Promise<string> {
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const page = field.page();
  const texts = await Promise.all(
    ids.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(" ");
}

const dialog = (page: Page) => page.getByRole("dialog");
const field = (page: Page, name: string) => dialog(page).locator(`[name="${name}"]`);

describe("the list", () => {
  it("shows the total, sorts by a column header, pages in as the table scrolls, and chooses columns", async () => {
    const page = await adminPage("/users");
    await page.getByRole("heading", { name: enUs["route.users"] }).waitFor();
    await waitForCount(page, TOTAL);
    // The default sort of the metadata: user name ascending.
    const usernameHeader = page.locator('[role="columnheader"][data-column="username"]');
    expect(await usernameHeader.getAttribute("aria-sort")).toBe("ascending");
    await page.waitForFunction(() => document.querySelectorAll("[data-row-id]").length > 5);
    expect((await visibleUsernames(page)).slice(0, 3)).toEqual(["acme-admin", "mail-owner", "user-001"]);

    const pages: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/User") pages.push(url.searchParams.get("PageNumber")!);
    });
    await usernameHeader.getByRole("button", { name: enUs["field.user.username"], exact: true }).click();
    expect(await usernameHeader.getAttribute("aria-sort")).toBe("descending");
    await page.waitForFunction(() =>
      document.querySelector('[aria-rowindex="2"][data-row-id]')?.textContent?.includes("user-120")
    );
    expect((await visibleUsernames(page)).slice(0, 2)).toEqual(["user-120", "user-119"]);
    // Only the rows in view are in the page.
    expect(await grid(page).locator('[role="row"][data-row-id]').count()).toBeLessThan(60);

    // Scrolling to the end reads the pages it passes, and the last row arrives.
    await grid(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-row-id]")].some((r) =>
        r.getAttribute("aria-rowindex") === "123" && r.textContent?.includes("acme-admin")
      )
    );
    expect(pages[0]).toBe("1");
    expect(pages).toContain("3");
    expect(pages.length).toBe(new Set(pages).size); // a page is read once per query

    expect(await grid(page).getAttribute("aria-rowcount")).toBe(String(TOTAL + 1));

    // The column chooser hides and shows columns.
    expect(await page.locator('[role="columnheader"][data-column="phoneNumber"]').count()).toBe(1);
    expect(await page.locator('[role="columnheader"][data-column="isPowerUser"]').count()).toBe(0);
    await page.getByRole("button", { name: enUs["list.columns"] }).click();
    await page.getByRole("menuitemcheckbox", { name: enUs["field.user.phoneNumber"] }).click();
    await page.getByRole("menuitemcheckbox", { name: enUs["field.user.isPowerUser"] }).click();
    await page.keyboard.press("Escape");
    expect(await page.locator('[role="columnheader"][data-column="phoneNumber"]').count()).toBe(0);
    await page.locator('[role="columnheader"][data-column="isPowerUser"]').waitFor();
    // The administrator (last, in view) is a business manager, the owner of the taken e-mail is not.
    expect(await cellText(page, TOTAL - 1, "isPowerUser")).toBe(enUs["list.yes"]);
    expect(await cellText(page, TOTAL - 2, "isPowerUser")).toBe(enUs["list.no"]);
    await page.close();
  });

  it("filters by a column, searches quickly, and shows and removes the filters", async () => {
    const page = await adminPage("/users");
    await waitForCount(page, TOTAL);
    await page.getByRole("searchbox", { name: enUs["list.search"] }).fill("USER-11");
    await waitForCount(page, 10);
    expect(await visibleUsernames(page)).toEqual(Array.from({ length: 10 }, (_, i) => `user-11${i}`));
    await page.getByRole("searchbox", { name: enUs["list.search"] }).fill("");
    await waitForCount(page, TOTAL);

    // Blocked: yes (every tenth user).
    await page.getByRole("button", { name: `Filter: ${enUs["field.user.blocked"]}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForCount(page, COUNT / 10);
    expect(await visibleUsernames(page)).toEqual(
      Array.from({ length: 12 }, (_, i) => `user-${pad((i + 1) * 10)}`),
    );

    // And e-mail starts with "user-0": both filters hold.
    await page.getByRole("button", { name: `Filter: ${enUs["field.user.email"]}` }).click();
    const editor = page.getByRole("dialog");
    await editor.getByRole("button", { name: new RegExp(enUs["list.operator"]) }).click();
    await page.getByRole("option", { name: enUs["list.op.startsWith"] }).click();
    await editor.getByRole("textbox", { name: enUs["list.value"] }).fill("user-0");
    await editor.getByRole("textbox", { name: enUs["list.value"] }).press("Enter");
    await waitForCount(page, 9);
    const chip = `${enUs["field.user.email"]} ${enUs["list.op.startsWith"]} user-0`;
    await page.getByRole("button", { name: `Remove filter: ${chip}` }).click();
    await waitForCount(page, 12);
    await page.getByRole("button", { name: enUs["list.clearFilters"] }).click();
    await waitForCount(page, TOTAL);
    await page.close();
  });
});

describe("with thousands of rows", () => {
  it("reads only the pages in view and keeps the page small, wherever the table is scrolled to", async () => {
    await createTenant(s, "bulk");
    const dbUrl = (await s.platform.registry.bySlug("bulk"))!.dbUrl;
    await s.platform.pool.use(dbUrl, async (c) => {
      await c.query("BEGIN");
      for (let i = 0; i < 5000; i++) {
        await c.query(
          "INSERT INTO users (username, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', ?, ?)",
          [
            `bulk-${String(i).padStart(4, "0")}`,
            `bulk${i}@example.com`,
            "2026-01-01T00:00:00Z",
            "2026-01-01T00:00:00Z",
          ],
        );
      }
      await c.query("COMMIT");
    });
    const auth = await signIn(s, "bulk-admin");
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 900 } });
    await context.addInitScript((value) => localStorage.setItem("wms.auth", value), JSON.stringify(auth));
    const page = await context.newPage();
    const pages: number[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/User") pages.push(Number(url.searchParams.get("PageNumber")));
    });
    await page.goto(s.baseUrl + "/users");
    await waitForHydration(page);
    await waitForCount(page, 5001);
    for (const [fraction, row] of [[0.5, "bulk-2499"], [1, "bulk-4999"]] as const) {
      pages.length = 0;
      await grid(page).evaluate((el, f) => el.scrollTo(0, el.scrollHeight * f), fraction);
      await page.waitForFunction((name) => document.body.textContent?.includes(name), row);
      // Only the pages around the rows in view were read (50 rows a page, about 100 pages in all).
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.length).toBeLessThanOrEqual(3);
      expect(Math.max(...pages) - Math.min(...pages)).toBeLessThanOrEqual(2);
      expect(await grid(page).locator('[role="row"]').count()).toBeLessThan(60);
    }
    await context.close();
  });
});

describe("the dialogs", () => {
  it("adds a user: a mismatch is shown beside its field with the input kept, then it saves; numbers let go of the wheel", async () => {
    // Tall enough that the whole form is in view: the wheel turns over the field, not the dialog's edge.
    const page = await adminPage("/users", { width: 1400, height: 1300 });
    await waitForCount(page, TOTAL);
    await page.getByRole("button", { name: enUs["resource.user.add"] }).click();
    await page.waitForURL(/\/users\/new$/);
    await dialog(page).getByRole("heading", { name: enUs["resource.user.add"] }).waitFor();
    // A numeric input lets go of focus when the mouse wheel turns over it, and keeps its value.
    const contractor = dialog(page).getByRole("textbox", { name: enUs["field.user.connectedContractorId"] });
    await contractor.fill("5");
    await contractor.hover();
    expect(await contractor.evaluate((el) => document.activeElement === el)).toBe(true);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => contractor.evaluate((el) => document.activeElement === el)).toBe(false);
    expect(await contractor.inputValue()).toBe("5");
    await contractor.fill("");

    await field(page, "username").fill("new-person");
    await field(page, "visibleName").fill("New Person");
    await field(page, "email").fill("new.person@example.com");
    await field(page, "password").fill("first-secret-1");
    await field(page, "repeatPassword").fill("other-secret-1");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await dialog(page).getByText(enUs["error.formHasErrors"]).waitFor();
    expect(await fieldMessages(field(page, "repeatPassword"))).toContain(
      enUs["validation.passwordsMustMatch"],
    );
    expect(await field(page, "repeatPassword").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "username").inputValue()).toBe("new-person");
    expect(await field(page, "password").inputValue()).toBe("first-secret-1");
    await field(page, "repeatPassword").fill("first-secret-1");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/users$/);
    await page.getByRole("status").filter({ hasText: enUs["dialog.saved"] }).first().waitFor();
    await waitForCount(page, TOTAL + 1);
    const listed = await call(
      s,
      "GET",
      `/api/User?BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "username", operator: "eq", value: "new-person" }]))
      }`,
      { token: adminToken },
    );
    expect(listed.body.results[0]).toMatchObject({
      visibleName: "New Person",
      email: "new.person@example.com",
    });
    // The new password works.
    expect((await signIn(s, "new-person", "first-secret-1")).token).toBeTruthy();
    await call(s, "DELETE", `/api/User/${listed.body.results[0].id}`, { token: adminToken });
    await page.close();
  });

  it("edits a user: an e-mail already used is shown beside the e-mail field, the typed values stay, then it saves", async () => {
    const id = ids.get("user-005")!;
    const page = await adminPage(`/users/${id}`);
    await dialog(page).getByRole("heading", { name: "Edit: Worker 005" }).waitFor();
    expect(await field(page, "username").inputValue()).toBe("user-005");
    expect(await field(page, "password").inputValue()).toBe("");
    await field(page, "visibleName").fill("Renamed Worker");
    await field(page, "email").fill("taken@example.com");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await dialog(page).getByText(enUs["error.formHasErrors"]).waitFor();
    expect(await fieldMessages(field(page, "email"))).toContain(enUs["validation.emailExists"]);
    expect(await field(page, "visibleName").inputValue()).toBe("Renamed Worker");
    expect(await field(page, "email").inputValue()).toBe("taken@example.com");
    // Nothing was stored.
    const before = await call(s, "GET", `/api/User/${id}`, { token: adminToken });
    expect(before.body).toMatchObject({
      visibleName: "Worker 005",
      email: "user-005@example.com",
      version: 1,
    });

    await field(page, "email").fill("renamed@example.com");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/users$/);
    const after = await call(s, "GET", `/api/User/${id}`, { token: adminToken });
    expect(after.body).toMatchObject({
      visibleName: "Renamed Worker",
      email: "renamed@example.com",
      version: 2,
    });
    // The password was left alone: the old one still signs in.
    expect((await signIn(s, "user-005")).token).toBeTruthy();
    // The list shows the change without a reload of the page.
    await page.waitForFunction(() => document.body.textContent?.includes("Renamed Worker"));
    await page.close();
  });

  it("refuses an edit of a record changed meanwhile, keeping the input", async () => {
    const id = ids.get("user-006")!;
    const page = await adminPage(`/users/${id}`);
    await dialog(page).getByRole("heading", { name: "Edit: Worker 006" }).waitFor();
    await field(page, "visibleName").fill("Mine");
    const current = await call(s, "GET", `/api/User/${id}`, { token: adminToken });
    const theirs = await call(s, "PUT", "/api/User", {
      token: adminToken,
      body: { ...current.body, visibleName: "Theirs" },
    });
    expect(theirs.status).toBe(200);
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await dialog(page).getByText(enUs["apiError.record.changedByAnotherUser"].split(".")[0]).waitFor();
    expect(await field(page, "visibleName").inputValue()).toBe("Mine");
    expect((await call(s, "GET", `/api/User/${id}`, { token: adminToken })).body.visibleName).toBe("Theirs");
    await page.close();
  });

  it("opens the dialog of the route's id, previews with /preview, and closing goes back to /users", async () => {
    const id = ids.get("user-042")!;
    const page = await adminPage(`/users/${id}/preview`);
    await dialog(page).getByRole("heading", { name: "Details: Worker 042" }).waitFor();
    expect(await dialog(page).locator("input").count()).toBe(0);
    expect(await dialog(page).textContent()).toContain("user-042@example.com");
    await dialog(page).getByRole("button", { name: enUs["dialog.editButton"] }).click();
    await page.waitForURL(new RegExp(`/users/${id}$`));
    await dialog(page).getByRole("heading", { name: "Edit: Worker 042" }).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/users$/);
    expect(await dialog(page).count()).toBe(0);
    await page.goBack();
    await dialog(page).getByRole("heading", { name: "Edit: Worker 042" }).waitFor();
    await page.close();
  });

  it("deletes after a confirmation, and Cancel keeps the user", async () => {
    const id = ids.get("user-119")!;
    const page = await adminPage(`/users/${id}`);
    await dialog(page).getByRole("heading", { name: "Edit: Worker 119" }).waitFor();
    await dialog(page).getByRole("button", { name: enUs["dialog.delete"] }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Worker 119 will be deleted").waitFor();
    await confirm.getByRole("button", { name: enUs["common.cancel"] }).click();
    expect(await confirm.count()).toBe(0);
    expect((await call(s, "GET", `/api/User/${id}`, { token: adminToken })).status).toBe(200);
    await dialog(page).getByRole("button", { name: enUs["dialog.delete"] }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: enUs["dialog.delete"] }).click();
    await page.waitForURL(/\/users$/);
    await waitForCount(page, TOTAL - 1);
    expect((await call(s, "GET", `/api/User/${id}`, { token: adminToken })).status).toBe(404);
    await page.close();
  });
});

describe("keyboard only", () => {
  it("Tab reaches the table, arrows move, Space selects, Enter opens, Escape returns", async () => {
    const page = await adminPage("/users");
    await page.waitForFunction(() => document.querySelectorAll("[data-row-id]").length > 5);
    await page.getByRole("searchbox", { name: enUs["list.search"] }).focus();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.getAttribute("role") === "grid")) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("grid");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const active = await grid(page).getAttribute("aria-activedescendant");
    const row = page.locator(`[id="${active}"]`);
    expect(await row.getAttribute("aria-rowindex")).toBe("4"); // header, first, second, third
    expect(await row.textContent()).toContain("user-001");
    await page.keyboard.press("Space");
    expect(await row.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("list-selected").textContent()).toBe("1 selected");
    await page.keyboard.press("Shift+ArrowDown");
    expect(await page.getByTestId("list-selected").textContent()).toBe("2 selected");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/users/${ids.get("user-002")}$`));
    await dialog(page).getByRole("heading", { name: "Edit: Worker 002" }).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/users$/);
    // Focus comes back to the table, on the same row.
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "grid");
    await page.keyboard.press("End");
    await page.waitForFunction(() => {
      const grid = document.querySelector('[role="grid"]')!;
      const active = document.getElementById(grid.getAttribute("aria-activedescendant") ?? "");
      return active?.getAttribute("aria-rowindex") === grid.getAttribute("aria-rowcount");
    });
    await page.close();
  });

  it("deletes the selected rows after one confirmation", async () => {
    const page = await adminPage("/users");
    await page.waitForFunction(() => document.querySelectorAll("[data-row-id]").length > 5);
    await page.getByRole("searchbox", { name: enUs["list.search"] }).fill("user-10");
    await waitForCount(page, 10);
    // The box itself is visually hidden inside its label, which a person clicks.
    await page.locator("label").filter({ has: page.getByRole("checkbox", { name: enUs["list.selectAll"] }) })
      .click();
    expect(await page.getByTestId("list-selected").textContent()).toBe("10 selected");
    await page.getByRole("button", { name: enUs["list.deleteSelected"] }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("10 records will be deleted").waitFor();
    await confirm.getByRole("button", { name: enUs["dialog.delete"] }).click();
    await waitForCount(page, 0);
    await page.getByText(enUs["list.empty"]).waitFor();
    const left = await call(s, "GET", "/api/User?PageSize=1", { token: adminToken });
    expect(left.body.allFilteredRowCount).toBe(TOTAL - 11);
    await page.close();
  });
});

describe("the list metadata agrees with the server", () => {
  const sample: Record<string, unknown> = {
    text: "a",
    email: "a",
    phone: "+48",
    enum: "pl-pl",
    number: 1,
    boolean: true,
    date: "2026-01-01T00:00:00.000Z",
  };

  it("every field is sortable and filterable exactly where the metadata says", async () => {
    for (const f of userMeta.fields) {
      const sorted = await call(s, "GET", `/api/User?PageSize=1&sortColumn=${f.name}`, { token: adminToken });
      expect(sorted.status, `sort by ${f.name}`).toBe(
        f.list?.sortable ? 200 : 400,
      );
      for (const operator of operatorsFor(f.kind)) {
        const value = operator === "between" ? [sample[f.kind], sample[f.kind]] : sample[f.kind];
        const filter = encodeURIComponent(JSON.stringify([{ field: f.name, operator, value }]));
        const r = await call(s, "GET", `/api/User?PageSize=1&BasicFiltersSerialized=${filter}`, {
          token: adminToken,
        });
        expect(r.status, `${f.name} ${operator}`).toBe(
          f.list?.filterable ? 200 : 400,
        );
      }
    }
  });

  it("the quick search covers the searchable fields, and the default order is the metadata's", async () => {
    const search = (q: string) =>
      call(
        s,
        "GET",
        `/api/User?BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([{ field: "*", operator: "contains", value: q }]))
        }`,
        { token: adminToken },
      );
    expect((await search("Worker 04")).body.allFilteredRowCount).toBe(10); // visibleName
    expect((await search("taken@")).body.allFilteredRowCount).toBe(1); // email
    const plain = await call(s, "GET", "/api/User?PageSize=5", { token: adminToken });
    const names = plain.body.results.map((u: { username: string }) => u.username);
    expect(userMeta.defaultSort).toEqual({ column: "username", descending: false });
    expect(names).toEqual([...names].sort());
  });
});

// Last in the file: changing the administrator's own password ends the administrator's other sign-ins.
describe("one's own password", () => {
  it("changes in the dialog only with the current one, which the dialog asks for beside its field", async () => {
    const me = await signIn(s, "acme-admin");
    const page = await adminPage(`/users/${me.user.id}`);
    await dialog(page).getByRole("heading", { name: /^Edit:/ }).waitFor();
    await field(page, "password").fill("changed-by-me-1");
    await field(page, "repeatPassword").fill("changed-by-me-1");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await dialog(page).getByText(enUs["error.formHasErrors"]).waitFor();
    expect(await fieldMessages(field(page, "currentPassword"))).toContain(enUs["validation.required"]);
    await field(page, "currentPassword").fill("not-the-password");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForFunction(
      (text) => document.querySelector('[role="dialog"]')?.textContent?.includes(text),
      enUs["validation.currentPasswordWrong"],
    );
    expect(await field(page, "password").inputValue()).toBe("changed-by-me-1");
    expect((await signIn(s, "acme-admin")).token).toBeTruthy();
    await field(page, "currentPassword").fill(PASSWORD);
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/users$|\/signin/);
    expect((await signIn(s, "acme-admin", "changed-by-me-1")).token).toBeTruthy();
    await page.close();
  });
});
