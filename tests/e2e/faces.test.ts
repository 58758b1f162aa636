// Face sign-in in real Chromium (issues 19 and 32), with cameras made in the test from @vladmandic/face-api's
// own sample photos (Chromium's fake capture device plays a Y4M file): an administrator, signed in at a
// kiosk, switches face sign-in on and enrols the kiosk (its browser makes the key); a basic user (person A)
// enrols their face at their own browser and the administrator confirms it; a second view of A (shifted,
// nearer, darker) signs A in at the kiosk; another browser context, without the kiosk's key, is told the
// device is not enrolled; at other kiosks another person (B) is refused and tried again 10 seconds later, a
// frame without a face is said so and sends nothing, and a browser without camera permission says that.
// Only descriptors reach the server.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addStaffUser, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { PASSWORD } from "../fixtures/harness.ts";
import { launchBrowser, openUserMenu, signedInPage, signInThroughForm, waitForHydration } from "./browser.ts";
import { y4mFromPng } from "./fake_camera.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

const SAMPLES = "node_modules/@vladmandic/face-api/demo";
/** Faces in the package's sample photos (found by its SSD detector): x, y, width, height. */
const PERSON_A = { photo: "sample1.jpg", box: [413, 354, 177, 240] };
const PERSON_B = { photo: "sample5.jpg", box: [786, 108, 155, 212] };

let w: StockWorld;
let dir: string;
const browsers: Browser[] = [];
const contexts: BrowserContext[] = [];
const cameras: Record<"a" | "a2" | "b" | "none", string> = { a: "", a2: "", b: "", none: "" };

/**
 * A 640×480 frame of a face from a sample photo, drawn by Chromium: the face's box widened to 3.4 times its
 * width (4:3), moved by `shift` pixels, zoomed by `zoom`, its brightness times `light`; or a grey frame.
 */
async function frame(
  page: Page,
  face: { photo: string; box: number[] } | null,
  o: { shift?: [number, number]; zoom?: number; light?: number } = {},
): Promise<Uint8Array> {
  const src = face
    ? `data:image/jpeg;base64,${readFileSync(join(SAMPLES, face.photo)).toString("base64")}`
    : null;
  const png = await page.evaluate(async ({ src, box, shift, zoom, light }) => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#808080";
    ctx.fillRect(0, 0, 640, 480);
    if (src) {
      const img = new Image();
      img.src = src;
      await img.decode();
      const [x, y, bw, bh] = box!;
      const width = (bw * 3.4) / zoom, height = width * 0.75;
      const cx = x + bw / 2 + shift[0], cy = y + bh / 2 + shift[1];
      ctx.filter = `brightness(${light})`;
      ctx.drawImage(img, cx - width / 2, cy - height / 2, width, height, 0, 0, 640, 480);
    }
    return canvas.toDataURL("image/png");
  }, { src, box: face?.box ?? null, shift: o.shift ?? [0, 0], zoom: o.zoom ?? 1, light: o.light ?? 1 });
  return new Uint8Array(Buffer.from(png.slice(png.indexOf(",") + 1), "base64"));
}

/**
 * A browser whose camera shows `video`. Its face-api runs on WebGL when `webgl` (Chromium's SwiftShader, a
 * GPU drawn on the CPU: the path of a phone or desk with a graphics chip), else on tfjs's CPU backend (the
 * fallback of client/features/faces/recognise.ts, for a kiosk without WebGL): the person enrols on one and
 * signs in on the other, so a descriptor from one backend must match the other's. WebGL through SwiftShader
 * cost about 5 CPU-s per browser, so the kiosks take the CPU backend.
 */
async function withCamera(video: string, webgl = false): Promise<Browser> {
  const b = await launchBrowser([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
    ...(webgl ? [] : ["--disable-software-rasterizer"]),
  ]);
  browsers.push(b);
  return b;
}

/** The sign-in screen of a device that signs in to this tenant, not signed in. */
async function signInScreen(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${w.s.baseUrl}/signin?tenant=faces-e2e`, {
    waitUntil: "domcontentloaded",
    timeout: 60_000,
  });
  await waitForHydration(page);
  return page;
}

/**
 * A warehouse's kiosk: a new browser context where the administrator signs in through the form and enrols
 * the device (its browser makes the key) on the face screen, which is left open.
 */
async function kiosk(browser: Browser, name: string): Promise<Page> {
  const page = await signInScreen(browser);
  await signInThroughForm(page, "faces-e2e-admin", PASSWORD);
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"), { timeout: 60_000 });
  await page.goto(`${w.s.baseUrl}/computer-vision-faces`, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await waitForHydration(page);
  await page.getByTestId("face-this-device").waitFor();
  expect(await page.getByTestId("face-this-device").innerText()).toBe(enUs["face.thisDeviceNot"]);
  await page.getByRole("textbox", { name: enUs["face.deviceName"] }).fill(name);
  await page.getByRole("button", { name: enUs["face.enrolDevice"] }).click();
  await expect.poll(() => page.getByTestId("face-this-device").innerText())
    .toBe(enUs["face.thisDevice"].replace("{name}", name));
  return page;
}

/** Signs out through the user's menu: the device's sign-in screen (it remembers its company). */
async function signOut(page: Page): Promise<void> {
  await (await openUserMenu(page)).getByRole("menuitem", { name: enUs["common.signOut"] }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/signin"));
  await page.getByTestId("face-entry").waitFor();
}

beforeAll(async () => {
  w = await startStockWorld("faces-e2e");
  await addStaffUser(w, "faces-e2e-clerk");
  dir = mkdtempSync(join(tmpdir(), "faces-"));
  const painter = await launchBrowser();
  browsers.push(painter);
  const page = await painter.newPage();
  const write = (name: keyof typeof cameras, png: Uint8Array) => {
    cameras[name] = join(dir, `${name}.y4m`);
    y4mFromPng(png, cameras[name]);
  };
  write("a", await frame(page, PERSON_A));
  write("a2", await frame(page, PERSON_A, { shift: [18, -12], zoom: 1.12, light: 0.9 }));
  // Nearer than A: the photo has other faces beside B.
  write("b", await frame(page, PERSON_B, { zoom: 1.5 }));
  write("none", await frame(page, null));
  await painter.close();
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  for (const b of browsers) await b.close().catch(() => {});
  await w?.s.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("face sign-in", () => {
  it(
    "works at a kiosk the administrator enrolled, for a basic user whose face they confirmed, and nowhere else",
    async () => {
      // The kiosk's camera shows person A (another view than at enrolment).
      const kioskBrowser = await withCamera(cameras.a2);
      const desk = await kiosk(kioskBrowser, "Gate 1 kiosk");
      await desk.getByTestId("face-notice").waitFor();
      await desk.getByText(enUs["face.companySwitch"]).click();
      await expect.poll(() => w.query("SELECT face_sign_in FROM client_account")).toEqual([{
        face_sign_in: 1,
      }]);
      // An administrator's own face is not taken.
      await expect.poll(() => desk.getByTestId("face-mine").innerText()).toBe(enUs["face.adminNoFace"]);
      expect(await desk.getByRole("button", { name: enUs["face.enrol"] }).count()).toBe(0);
      const [device] = await w.query("SELECT name, enrolled_by_name, public_key FROM face_devices") as {
        name: string;
        enrolled_by_name: string;
        public_key: string;
      }[];
      expect([device.name, device.enrolled_by_name]).toEqual(["Gate 1 kiosk", "faces-e2e-admin"]);
      // Only the public half reached the server.
      expect(Object.keys(JSON.parse(device.public_key)).sort()).toEqual(["crv", "kty", "x", "y"]);

      // Person A, a basic user, at their own browser: the enrolment waits for the administrator.
      const own = await signedInPage(
        await withCamera(cameras.a, true),
        w.s,
        contexts,
        "faces-e2e-clerk",
        "/computer-vision-faces",
        { timeoutMs: 60_000, goto: { waitUntil: "domcontentloaded", timeout: 60_000 } },
      );
      await own.getByText(enUs["face.consent"]).click();
      await own.getByRole("button", { name: enUs["face.enrol"] }).click();
      await own.getByRole("button", { name: enUs["face.capture"] }).click({ timeout: 60_000 });
      await expect.poll(() => own.getByTestId("face-mine").innerText(), { timeout: 90_000 })
        .toContain(enUs["face.pendingSince"].split("{at}")[1].trim());
      await expect.poll(() => w.query("SELECT count(*) AS n FROM face_samples WHERE confirmed_at IS NULL"), {
        timeout: 90_000,
      }).toEqual([{ n: 5 }]);
      // Numbers only: 128 float32 values each, no picture.
      const rows = await w.query("SELECT descriptor FROM face_samples") as { descriptor: string }[];
      for (const r of rows) expect(Buffer.from(r.descriptor, "base64").byteLength).toBe(512);

      // The administrator confirms it at the kiosk, then signs out there.
      await desk.reload({ waitUntil: "domcontentloaded" });
      await waitForHydration(desk);
      await desk.getByTestId("face-enrolled").getByRole("button", { name: enUs["face.confirm"] }).click();
      await expect.poll(() =>
        w.query("SELECT count(*) AS n FROM face_samples WHERE confirmed_at IS NOT NULL")
      )
        .toEqual([{ n: 5 }]);
      await signOut(desk);

      // Person A at the kiosk: signed in, by the kiosk's key and their face.
      await desk.getByRole("button", { name: enUs["face.signIn"] }).click();
      await desk.waitForURL((u) => !u.pathname.startsWith("/signin"), { timeout: 90_000 });
      const [entry] = await w.query(
        "SELECT user_name, new_object FROM record_log WHERE action = 'loggedIn' ORDER BY id DESC LIMIT 1",
      ) as { user_name: string; new_object: string }[];
      expect(entry.user_name).toBe("faces-e2e-clerk");
      expect(JSON.parse(entry.new_object).method).toBe("face");
      expect((await w.query("SELECT last_used_at FROM face_devices"))[0].last_used_at).toEqual(
        expect.any(String),
      );

      // The same browser and camera, another context: no key, so no face sign-in, and it says why.
      const elsewhere = await signInScreen(kioskBrowser);
      await expect.poll(() => elsewhere.getByTestId("face-device").innerText().catch(() => ""))
        .toBe(enUs["apiError.face.deviceNotEnrolled"]);
      expect(await elsewhere.getByRole("button", { name: enUs["face.signIn"] }).count()).toBe(0);
    },
    300_000,
  );

  it(
    "refuses another person at a kiosk and tries again 10 seconds later; sees no face in an empty frame",
    async () => {
      // Person B: refused, then tried again by itself 10 seconds later.
      const stranger = await kiosk(await withCamera(cameras.b), "Gate 2 kiosk");
      await signOut(stranger);
      const tries: number[] = [];
      stranger.on(
        "request",
        (r) => r.url().endsWith("/api/ComputerVision/analyse") && tries.push(Date.now()),
      );
      await stranger.getByRole("button", { name: enUs["face.signIn"] }).click();
      const refused = enUs["apiError.face.notRecognised"];
      await expect.poll(() => stranger.getByTestId("face-said").innerText().catch(() => ""), {
        timeout: 90_000,
      })
        .toBe(refused);
      await expect.poll(() => tries.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(9_000);
      expect(new URL(stranger.url()).pathname).toBe("/signin");

      // No face in the frame: said so, and nothing sent.
      const empty = await kiosk(await withCamera(cameras.none), "Gate 3 kiosk");
      await signOut(empty);
      let sent = 0;
      empty.on("request", (r) => r.url().endsWith("/api/ComputerVision/analyse") && sent++);
      await empty.getByRole("button", { name: enUs["face.signIn"] }).click();
      await expect.poll(() => empty.getByTestId("face-said").innerText().catch(() => ""), { timeout: 90_000 })
        .toBe(enUs["apiError.face.notDetected"]);
      expect(sent).toBe(0);
    },
    300_000,
  );

  it("says when the camera may not be used", async () => {
    // A browser with a camera device but without the permission granted.
    const b = await launchBrowser([
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${cameras.a}`,
    ]);
    browsers.push(b);
    const page = await kiosk(b, "Gate 4 kiosk");
    await signOut(page);
    await page.getByRole("button", { name: enUs["face.signIn"] }).click();
    await page.getByText(enUs["face.noCamera"]).waitFor({ timeout: 60_000 });
  }, 120_000);
});
