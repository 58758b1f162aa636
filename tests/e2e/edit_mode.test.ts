// Two browsers edit one user: each is warned that the other edits it too, and the warning goes when the
// other closes the dialog. The server runs as `npm start` runs it (a front with shard and reader threads):
// pages and the hub's sockets on the front, the API calls and the socket's token check on the shard.
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  addUser,
  createTenant,
  PASSWORD,
  type ShardedServer,
  signIn,
  startShardedServer,
} from "../fixtures/harness.ts";
import { launchBrowser, signInThroughForm, waitForHydration } from "./browser.ts";
import { listMessages } from "../../shared/i18n/areas/list.ts";

const warning = (names: string) => listMessages["en-us"]["dialog.otherEditors"].replace("{names}", names);

let s: ShardedServer;
let browser: Browser;
let carolId: number;
beforeAll(async () => {
  s = await startShardedServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  const admin = await signIn(s, "acme-admin");
  await addUser(s, admin.token, { username: "ann", isSuperUser: true });
  carolId = (await addUser(s, admin.token, { username: "carol" })).id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function editCarol(username: string): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${s.baseUrl}/signin`);
  await waitForHydration(page);
  await signInThroughForm(page, username, PASSWORD);
  await page.waitForURL(/\/$/);
  await page.goto(`${s.baseUrl}/users/${carolId}`);
  await waitForHydration(page);
  await page.getByRole("dialog").waitFor();
  return page;
}

describe("edit mode", { timeout: 60_000 }, () => {
  it("warns each of two users editing the same record about the other", async () => {
    const first = await editCarol("acme-admin");
    const second = await editCarol("ann");
    await second.getByRole("dialog").getByText(warning("acme-admin")).waitFor();
    await first.getByRole("dialog").getByText(warning("ann")).waitFor();
    // Ann closes her dialog: the first editor's warning goes.
    await second.keyboard.press("Escape");
    await first.getByRole("dialog").getByText(warning("ann")).waitFor({ state: "detached" });
    await first.context().close();
    await second.context().close();
  });
});
