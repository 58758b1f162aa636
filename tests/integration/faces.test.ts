// Face sign-in's server side (issue 19), with descriptors made here (the browser's part: tests/e2e/
// faces.test.ts): off until the tenant switches it on and never on a server without computer vision
// (face.unsupported); enrolments by the user or an administrator, checked; a probe signs in the user it is
// (token data, the sign-in in the record log), a stranger is face.notRecognised, a blocked user is refused
// as at a password sign-in; removing a face or enrolling again takes effect at once; attempts are limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, signIn } from "../fixtures/harness.ts";
import { addStaffUser, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;
let clerk: string;
let clerkId: number;

function vector(seed: number, length = 1): number[] {
  let s = seed;
  const next = () => (s = (s * 16807) % 2147483647) / 2147483647 - 0.5;
  const v = Array.from({ length: 128 }, next);
  const n = Math.hypot(...v);
  return v.map((x) => (x / n) * length);
}
const plus = (a: number[], b: number[]) => a.map((x, i) => x + b[i]);
const samples = (face: number[], seed: number) =>
  [1, 2, 3, 4, 5].map((k) => plus(face, vector(seed + k, 0.1)));

const analyse = (descriptor: number[], tenant = "faces") =>
  call(w.s, "POST", "/api/ComputerVision/analyse", { body: { tenant, descriptor } });

async function switchFaces(on: boolean) {
  const account = (await w.api("GET", "/ClientAccount")).body;
  const r = await w.api("PUT", "/ClientAccount", { ...account, faceSignIn: on });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const ADMIN_FACE = vector(1001);
const CLERK_FACE = vector(2002);

beforeAll(async () => {
  w = await startStockWorld("faces");
  clerk = await addStaffUser(w, "faces-clerk");
  clerkId = (await w.api("GET", "/User?PageSize=50")).body.results
    .find((u: { username: string }) => u.username === "faces-clerk").id;
}, 60_000);
afterAll(() => w?.s.close());

describe("face sign-in on the server", () => {
  it("is off until the company switches it on", async () => {
    expect((await w.api("GET", "/ComputerVision/status")).body).toEqual({
      supported: true,
      enabled: false,
      enrolled: false,
      samples: 0,
      enrolledAt: null,
    });
    const refused = await w.api("POST", "/ComputerVision", {
      descriptors: samples(ADMIN_FACE, 10),
      consent: true,
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, "face.unsupported"]);
    expect((await analyse(ADMIN_FACE)).body.error.code).toBe("face.unsupported");
    expect((await call(w.s, "GET", "/api/ComputerVision/available?tenant=faces")).body).toEqual({
      available: false,
    });
    await switchFaces(true);
    expect((await call(w.s, "GET", "/api/ComputerVision/available?tenant=faces")).body).toEqual({
      available: true,
    });
    expect((await call(w.s, "GET", "/api/ComputerVision/available?tenant=nobody")).body).toEqual({
      available: false,
    });
    expect((await analyse(ADMIN_FACE, "nobody")).body.error.code).toBe("face.unsupported");
  });

  it("checks an enrolment: consent, enough samples, one face, the user's own unless an administrator's", async () => {
    const no = (body: Record<string, unknown>, token = w.admin) =>
      w.api("POST", "/ComputerVision", body, token);
    expect((await no({ descriptors: samples(ADMIN_FACE, 10) })).status).toBe(400);
    expect((await no({ descriptors: samples(ADMIN_FACE, 10).slice(0, 2), consent: true })).status).toBe(400);
    expect((await no({ descriptors: [ADMIN_FACE.slice(1), ADMIN_FACE, ADMIN_FACE], consent: true })).status)
      .toBe(400);
    const mixed = await no({
      descriptors: [...samples(ADMIN_FACE, 10).slice(0, 4), CLERK_FACE],
      consent: true,
    });
    expect([mixed.status, mixed.body.error.code]).toEqual([422, "face.notDetected"]);
    // A basic user enrols only their own face.
    const other = await no({ userId: 1, descriptors: samples(CLERK_FACE, 20), consent: true }, clerk);
    expect(other.status).toBe(404);
    const own = await no({ descriptors: samples(CLERK_FACE, 20), consent: true }, clerk);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body).toMatchObject({ userId: clerkId, samples: 5 });
    const admin = await no({ descriptors: samples(ADMIN_FACE, 30), consent: true });
    expect(admin.status).toBe(201);
    expect((await w.api("GET", "/ComputerVision/status", undefined, clerk)).body).toMatchObject({
      enabled: true,
      enrolled: true,
      samples: 5,
    });
    const list = await w.api("GET", "/ComputerVision");
    expect(list.body.map((u: { username: string }) => u.username).sort()).toEqual([
      "faces-admin",
      "faces-clerk",
    ]);
    expect((await w.api("GET", "/ComputerVision", undefined, clerk)).status).toBe(404);
    // Another user cannot enrol a face that is already someone else's.
    const other2 = await addStaffUser(w, "faces-other");
    const taken = await no(
      { descriptors: samples(plus(CLERK_FACE, vector(55, 0.05)), 60), consent: true },
      other2,
    );
    expect([taken.status, taken.body.error.code]).toEqual([409, "face.taken"]);
  });

  it("signs in the user a face is, and nobody for a stranger", async () => {
    const r = await analyse(plus(CLERK_FACE, vector(77, 0.15)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user.username).toBe("faces-clerk");
    // The token works as a password sign-in's.
    const me = await call(w.s, "GET", "/api/ComputerVision/status", { token: r.body.token });
    expect(me.status).toBe(200);
    const [entry] = await w.query(
      "SELECT new_object FROM record_log WHERE action = 'loggedIn' ORDER BY id DESC LIMIT 1",
    ) as { new_object: string }[];
    expect(JSON.parse(entry.new_object).method).toBe("face");
    expect((await analyse(plus(ADMIN_FACE, vector(78, 0.15)))).body.user.username).toBe("faces-admin");
    const stranger = await analyse(vector(9999));
    expect([stranger.status, stranger.body.error.code]).toEqual([401, "face.notRecognised"]);
    // Numbers only are kept: each sample 128 float32 values.
    const kept = await w.query("SELECT descriptor FROM face_samples") as { descriptor: string }[];
    expect(kept).toHaveLength(10);
    for (const k of kept) expect(Buffer.from(k.descriptor, "base64").byteLength).toBe(512);
  });

  it("refuses a blocked user's face as their password would be", async () => {
    await addUser(w.s, w.admin, { username: "faces-blocked" });
    const token = (await signIn(w.s, "faces-blocked")).token;
    const face = vector(3003);
    expect(
      (await w.api("POST", "/ComputerVision", { descriptors: samples(face, 40), consent: true }, token))
        .status,
    )
      .toBe(201);
    const user = (await w.api("GET", "/User?PageSize=50")).body.results.find((u: { username: string }) =>
      u.username === "faces-blocked"
    );
    const full = (await w.api("GET", `/User/${user.id}`)).body;
    await w.api("PUT", `/User/${user.id}`, { ...full, blocked: true });
    const r = await analyse(plus(face, vector(79, 0.1)));
    expect([r.status, r.body.error.code]).toEqual([401, "auth.blocked"]);
  });

  it("forgets a removed face at once, and knows a face enrolled again", async () => {
    const probe = plus(CLERK_FACE, vector(80, 0.1));
    expect((await analyse(probe)).status).toBe(200);
    expect((await w.api("DELETE", `/ComputerVision/${clerkId}`, undefined, w.admin)).status).toBe(204);
    expect((await analyse(probe)).body.error.code).toBe("face.notRecognised");
    const newFace = vector(4004);
    await w.api("POST", "/ComputerVision", { descriptors: samples(newFace, 50), consent: true }, clerk);
    expect((await analyse(plus(newFace, vector(81, 0.1)))).body.user.username).toBe("faces-clerk");
    expect((await analyse(probe)).body.error.code).toBe("face.notRecognised");
    // A basic user removes only their own.
    expect((await w.api("DELETE", "/ComputerVision/1", undefined, clerk)).status).toBe(404);
  });

  it("is off on a server without computer vision, and limits attempts per address", async () => {
    const off = await startStockWorld("faces-off", { computerVision: false });
    try {
      const account = (await off.api("GET", "/ClientAccount")).body;
      await off.api("PUT", "/ClientAccount", { ...account, faceSignIn: true });
      expect((await off.api("GET", "/ComputerVision/status")).body).toMatchObject({
        supported: false,
        enabled: true,
      });
      const r = await call(off.s, "POST", "/api/ComputerVision/analyse", {
        body: { tenant: "faces-off", descriptor: ADMIN_FACE },
      });
      expect(r.body.error.code).toBe("face.unsupported");
    } finally {
      off.s.close();
    }
    const few = await startStockWorld("faces-few", { loginLimitPerIp: 3 });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) {
        answers.push(
          (await call(few.s, "POST", "/api/ComputerVision/analyse", {
            body: { tenant: "faces-few", descriptor: vector(5000 + i) },
          })).status,
        );
      }
      expect(answers.slice(-1)).toEqual([429]);
    } finally {
      few.s.close();
    }
  });
});
