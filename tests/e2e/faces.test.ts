// Face sign-in in real Chromium (issue 19), with cameras made in the test from @vladmandic/face-api's own
// sample photos (Chromium's fake capture device plays a Y4M file): an administrator switches face sign-in on
// and enrols their face (person A); a second view of A (shifted, nearer, darker) signs in at the sign-in
// screen; another person (B) is refused and tried again 10 seconds later; a frame without a face is said so
// and sends nothing; a browser without camera permission says that. Only descriptors reach the server.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { y4mFromPng } from "./fake_camera.ts";
import { enUs } from "../../client/i18n/en_us.ts";

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

/** A browser whose camera shows `video`. */
async function withCamera(video: string): Promise<Browser> {
  const b = await launchBrowser([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
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

beforeAll(async () => {
  w = await startStockWorld("faces-e2e");
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
});

describe("face sign-in", () => {
  it(
    "is switched on, enrols a face, signs that person in, refuses another, and sees no face in an empty frame",
    async () => {
      // The administrator at a camera showing person A.
      const desk = await signedInPage(
        await withCamera(cameras.a),
        w.s,
        contexts,
        "faces-e2e-admin",
        "/computer-vision-faces",
        {
          timeoutMs: 60_000,
          goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
        },
      );
      await desk.getByTestId("face-notice").waitFor();
      await desk.getByText(enUs["face.companySwitch"]).click();
      await expect.poll(() => w.query("SELECT face_sign_in FROM client_account")).toEqual([{
        face_sign_in: 1,
      }]);
      await desk.getByText(enUs["face.consent"]).click();
      await desk.getByRole("button", { name: enUs["face.enrol"] }).click();
      await desk.getByRole("button", { name: enUs["face.capture"] }).click({ timeout: 60_000 });
      await expect.poll(() => desk.getByTestId("face-mine").innerText(), { timeout: 90_000 })
        .toContain("5 samples");
      const enrolled = await w.api("GET", "/ComputerVision");
      expect(enrolled.body).toMatchObject([{ username: "faces-e2e-admin", samples: 5 }]);
      // Numbers only: 128 float32 values each, no picture.
      const rows = await w.query("SELECT descriptor FROM face_samples") as { descriptor: string }[];
      expect(rows).toHaveLength(5);
      for (const r of rows) expect(Buffer.from(r.descriptor, "base64").byteLength).toBe(512);

      // Person A again, at another device and another moment: signed in.
      const again = await signInScreen(await withCamera(cameras.a2));
      await again.getByRole("button", { name: enUs["face.signIn"] }).click();
      await again.waitForURL((u) => !u.pathname.startsWith("/signin"), { timeout: 90_000 });
      const [entry] = await w.query(
        "SELECT user_name, new_object FROM record_log WHERE action = 'loggedIn' ORDER BY id DESC LIMIT 1",
      ) as { user_name: string; new_object: string }[];
      expect(entry.user_name).toBe("faces-e2e-admin");
      expect(JSON.parse(entry.new_object).method).toBe("face");

      // Person B: refused, then tried again by itself 10 seconds later.
      const stranger = await signInScreen(await withCamera(cameras.b));
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
      const empty = await signInScreen(await withCamera(cameras.none));
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
    const page = await signInScreen(b);
    await page.getByRole("button", { name: enUs["face.signIn"] }).click();
    await page.getByText(enUs["face.noCamera"]).waitFor({ timeout: 60_000 });
  }, 120_000);
});
