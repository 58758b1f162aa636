// Face sign-in's server side (issues 19 and 32), with descriptors and device keys made here (the browser's
// part: tests/e2e/faces.test.ts): off until the tenant switches it on and never on a server without computer
// vision (face.unsupported); enrolments checked, a user's own waiting for an administrator, who alone is told
// that a face lies near another's (face.taken); a sign-in only from a device an administrator enrolled,
// whose key (ECDSA P-256, made and used here with WebCrypto) signed a fresh challenge of this server and the
// descriptor; never for an administrator; a challenge serves once; a withdrawn device or another tenant's
// key signs nobody in; a blocked user is refused as at a password sign-in; removing a face or enrolling
// again takes effect at once; sign-ins and enrolments are limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call } from "../fixtures/harness.ts";
import { addStaffUser, startStockWorld, type StockWorld, worldOn } from "./stock/fixture.ts";
import { DEVICE_KEY, DEVICE_SIGNATURE, proofMessage, toBase64Url } from "../../shared/faces/device_proof.ts";
import { issueChallenge } from "../../server/domain/access/faces/devices.ts";

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

/** A device's browser: a key pair it cannot export, and the id the server gave its public half. */
interface Device {
  id: number;
  keys: CryptoKeyPair;
}

async function newKeys(): Promise<CryptoKeyPair> {
  return await crypto.subtle.generateKey(DEVICE_KEY, false, ["sign", "verify"]) as CryptoKeyPair;
}

/** An administrator enrols a device, as the face screen does in the device's browser. */
async function enrolDevice(world: StockWorld, name: string): Promise<Device> {
  const keys = await newKeys();
  const publicKey = await crypto.subtle.exportKey("jwk", keys.publicKey);
  const r = await world.api("POST", "/ComputerVision/devices", { name, publicKey });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id, keys };
}

async function challengeOf(tenant = "faces"): Promise<string> {
  const r = await call(w.s, "GET", `/api/ComputerVision/challenge?tenant=${tenant}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.challenge;
}

async function sign(keys: CryptoKeyPair, challenge: string, descriptor: number[]): Promise<string> {
  const signature = await crypto.subtle.sign(
    DEVICE_SIGNATURE,
    keys.privateKey,
    proofMessage(challenge, descriptor),
  );
  return toBase64Url(new Uint8Array(signature));
}

/** The body of a face sign-in at `device`: a fresh challenge (or the one given) signed with its key. */
async function signedBody(
  descriptor: number[],
  device: Device,
  o: { tenant?: string; challenge?: string; keys?: CryptoKeyPair } = {},
) {
  const tenant = o.tenant ?? "faces";
  const challenge = o.challenge ?? await challengeOf(tenant);
  return {
    tenant,
    descriptor,
    deviceId: device.id,
    challenge,
    signature: await sign(o.keys ?? device.keys, challenge, descriptor),
  };
}

const post = (body: unknown) => call(w.s, "POST", "/api/ComputerVision/analyse", { body });
const analyse = async (descriptor: number[], device = kiosk, o: Parameters<typeof signedBody>[2] = {}) =>
  post(await signedBody(descriptor, device, o));

async function switchFaces(on: boolean, world = w) {
  const account = (await world.api("GET", "/ClientAccount")).body;
  const r = await world.api("PUT", "/ClientAccount", { ...account, faceSignIn: on });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function userId(username: string): Promise<number> {
  return (await w.api("GET", "/User?PageSize=100")).body.results
    .find((u: { username: string }) => u.username === username).id;
}

/** Sign-ins of a user in the record log (each session a face or a password started). */
async function signIns(username: string): Promise<number> {
  const [row] = await w.query(
    "SELECT count(*) AS n FROM record_log WHERE action = 'loggedIn' AND user_name = ?",
    [username],
  );
  return Number(row.n);
}

const ADMIN_FACE = vector(1001);
const CLERK_FACE = vector(2002);
let kiosk: Device;
let clerkSamples: number[][];

beforeAll(async () => {
  w = await startStockWorld("faces");
  clerk = await addStaffUser(w, "faces-clerk");
  clerkId = await userId("faces-clerk");
  kiosk = await enrolDevice(w, "Gate 1 kiosk");
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
      pendingSince: null,
    });
    const refused = await w.api("POST", "/ComputerVision", {
      userId: clerkId,
      descriptors: samples(CLERK_FACE, 10),
      consent: true,
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, "face.unsupported"]);
    expect((await analyse(CLERK_FACE)).body.error.code).toBe("face.unsupported");
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
    const nobody = await call(w.s, "GET", "/api/ComputerVision/challenge?tenant=nobody");
    expect([nobody.status, nobody.body.error.code]).toEqual([409, "face.unsupported"]);
    expect(
      (await analyse(CLERK_FACE, kiosk, { tenant: "nobody", challenge: await challengeOf() })).body.error
        .code,
    )
      .toBe("face.unsupported");
  });

  it("checks an enrolment: consent, enough samples, one face, the user's own unless an administrator's", async () => {
    const no = (body: Record<string, unknown>, token = w.admin) =>
      w.api("POST", "/ComputerVision", body, token);
    expect((await no({ userId: clerkId, descriptors: samples(CLERK_FACE, 10) })).status).toBe(400);
    expect(
      (await no({ userId: clerkId, descriptors: samples(CLERK_FACE, 10).slice(0, 2), consent: true })).status,
    )
      .toBe(400);
    expect(
      (await no({
        userId: clerkId,
        descriptors: [CLERK_FACE.slice(1), CLERK_FACE, CLERK_FACE],
        consent: true,
      }))
        .status,
    ).toBe(400);
    const mixed = await no({
      userId: clerkId,
      descriptors: [...samples(CLERK_FACE, 10).slice(0, 4), ADMIN_FACE],
      consent: true,
    });
    expect([mixed.status, mixed.body.error.code]).toEqual([422, "face.notDetected"]);
    // A basic user enrols only their own face, and it waits for an administrator.
    const other = await no({ userId: 1, descriptors: samples(CLERK_FACE, 20), consent: true }, clerk);
    expect(other.status).toBe(404);
    clerkSamples = samples(CLERK_FACE, 20);
    const own = await no({ descriptors: clerkSamples, consent: true }, clerk);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body).toMatchObject({ userId: clerkId, samples: 5, pending: true });
    expect((await w.api("GET", "/ComputerVision/status", undefined, clerk)).body).toMatchObject({
      enabled: true,
      enrolled: false,
      samples: 0,
      pendingSince: own.body.enrolledAt,
    });
    expect((await analyse(clerkSamples[0])).body.error.code).toBe("face.notRecognised");
    // Administrators sign in with their password: their face is not taken.
    const admin = await no({ descriptors: samples(ADMIN_FACE, 30), consent: true });
    expect([admin.status, admin.body.error.code]).toEqual([403, "face.administrator"]);
    const list = await w.api("GET", "/ComputerVision");
    expect(list.body).toEqual([
      expect.objectContaining({ username: "faces-clerk", samples: 0, enrolledAt: null, pending: 5 }),
    ]);
    expect((await w.api("GET", "/ComputerVision", undefined, clerk)).status).toBe(404);
    expect((await w.api("POST", `/ComputerVision/${clerkId}/review`, { accept: true }, clerk)).status).toBe(
      404,
    );
    expect((await w.api("POST", `/ComputerVision/${clerkId}/review`, { accept: true })).status).toBe(204);
    expect((await w.api("GET", "/ComputerVision/status", undefined, clerk)).body).toMatchObject({
      enrolled: true,
      samples: 5,
      pendingSince: null,
    });
    const nothing = await w.api("POST", `/ComputerVision/${clerkId}/review`, { accept: true });
    expect([nothing.status, nothing.body.error.code]).toEqual([409, "face.nothingPending"]);
  });

  it("tells only an administrator that a face is another's: a user's enrolment near one is answered as any other and never matched", async () => {
    const near = await addStaffUser(w, "faces-near");
    const benign = await addStaffUser(w, "faces-benign");
    // The clerk's enrolment samples themselves, and vectors near them.
    const copied = await w.api(
      "POST",
      "/ComputerVision",
      { descriptors: clerkSamples.map((d) => plus(d, vector(55, 0.05))), consent: true },
      near,
    );
    const own = await w.api("POST", "/ComputerVision", {
      descriptors: samples(vector(6006), 60),
      consent: true,
    }, benign);
    expect([copied.status, own.status]).toEqual([201, 201]);
    const shape = (b: Record<string, unknown>) => ({ ...b, userId: 0, enrolledAt: "" });
    expect(shape(copied.body)).toEqual(shape(own.body));
    expect(copied.body.pending).toBe(true);
    const statusOf = async (token: string) => {
      const { pendingSince, ...rest } = (await w.api("GET", "/ComputerVision/status", undefined, token)).body;
      return { ...rest, waits: typeof pendingSince === "string" };
    };
    expect(await statusOf(near)).toEqual(await statusOf(benign));
    // Not stored as a face: the clerk's face still signs in the clerk.
    const probe = await analyse(plus(CLERK_FACE, vector(56, 0.1)));
    expect([probe.status, probe.body.user?.username]).toEqual([200, "faces-clerk"]);
    // The administrator is told, and it is refused.
    const nearId = await userId("faces-near");
    const confirm = await w.api("POST", `/ComputerVision/${nearId}/review`, { accept: true });
    expect([confirm.status, confirm.body.error.code]).toEqual([409, "face.taken"]);
    expect((await w.api("POST", `/ComputerVision/${nearId}/review`, { accept: false })).status).toBe(204);
    const byAdmin = await w.api("POST", "/ComputerVision", {
      userId: nearId,
      descriptors: clerkSamples.map((d) => plus(d, vector(57, 0.05))),
      consent: true,
    });
    expect([byAdmin.status, byAdmin.body.error.code]).toEqual([409, "face.taken"]);
    const rows = await w.query("SELECT count(*) AS n FROM face_samples WHERE user_id = ?", [nearId]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("signs in nobody by a descriptor alone: a replayed enrolment sample and one moved by 0.2, without the device's signature", async () => {
    const replayed = clerkSamples[0];
    const moved = plus(CLERK_FACE, vector(90, 0.2));
    const before = await signIns("faces-clerk");
    for (const descriptor of [replayed, moved]) {
      // The request of before: a descriptor and the tenant.
      const bare = await post({ tenant: "faces", descriptor });
      expect(bare.status).toBe(400);
      expect(Object.keys(bare.body.error.fields).sort()).toEqual(["challenge", "deviceId", "signature"]);
      // An enrolled device's id and a fresh challenge, signed by some other key, or not signed at all.
      const stranger = await analyse(descriptor, kiosk, { keys: await newKeys() });
      expect([stranger.status, stranger.body.error.code]).toEqual([401, "face.deviceNotEnrolled"]);
      const unsigned = await post({ ...(await signedBody(descriptor, kiosk)), signature: "A".repeat(86) });
      expect([unsigned.status, unsigned.body.error.code]).toEqual([401, "face.deviceNotEnrolled"]);
      // Signed for another descriptor than the one sent.
      const swapped = await signedBody(vector(91), kiosk);
      const other = await post({ ...swapped, descriptor });
      expect([other.status, other.body.error.code]).toEqual([401, "face.deviceNotEnrolled"]);
      // A device that was never enrolled.
      const unknown = await analyse(descriptor, { id: 999, keys: kiosk.keys });
      expect([unknown.status, unknown.body.error.code]).toEqual([401, "face.deviceNotEnrolled"]);
    }
    expect(await signIns("faces-clerk")).toBe(before);
    // The same descriptors from the enrolled device, signed: the clerk.
    for (const descriptor of [replayed, moved]) {
      const r = await analyse(descriptor);
      expect([r.status, r.body.user?.username]).toEqual([200, "faces-clerk"]);
    }
  });

  it("signs in a basic user at an enrolled device, and nobody for a stranger", async () => {
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
    const devices = await w.api("GET", "/ComputerVision/devices");
    expect(devices.body).toEqual([
      expect.objectContaining({
        id: kiosk.id,
        name: "Gate 1 kiosk",
        enrolledBy: "faces-admin",
        withdrawnAt: null,
      }),
    ]);
    expect(devices.body[0].lastUsedAt).toEqual(expect.any(String));
    const stranger = await analyse(vector(9999));
    expect([stranger.status, stranger.body.error.code]).toEqual([401, "face.notRecognised"]);
    // Numbers only are kept: each sample 128 float32 values.
    const kept = await w.query("SELECT descriptor FROM face_samples") as { descriptor: string }[];
    expect(kept.length).toBeGreaterThanOrEqual(10);
    for (const k of kept) expect(Buffer.from(k.descriptor, "base64").byteLength).toBe(512);
  });

  it("never opens an administrator's session, even with an enrolled device and their face", async () => {
    await addUser(w.s, w.admin, { username: "faces-boss" });
    const bossId = await userId("faces-boss");
    const face = vector(7007);
    expect(
      (await w.api("POST", "/ComputerVision", {
        userId: bossId,
        descriptors: samples(face, 70),
        consent: true,
      }))
        .status,
    ).toBe(201);
    expect((await analyse(plus(face, vector(71, 0.1)))).body.user.username).toBe("faces-boss");
    // Made an administrator: the same face at the same device is refused, and no session starts.
    const full = (await w.api("GET", `/User/${bossId}`)).body;
    expect((await w.api("PUT", `/User/${bossId}`, { ...full, isSuperUser: true })).status).toBe(200);
    const before = await signIns("faces-boss");
    const sessionsOf = () =>
      w.s.platform.control.query(
        "SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND tenant_id = ?",
        [
          bossId,
          w.tenant.id,
        ],
      );
    const sessions = await sessionsOf();
    for (const descriptor of [samples(face, 70)[0], plus(face, vector(72, 0.2))]) {
      const r = await analyse(descriptor);
      expect([r.status, r.body.error.code, r.body.token]).toEqual([403, "face.administrator", undefined]);
    }
    expect(await signIns("faces-boss")).toBe(before);
    expect(await sessionsOf()).toEqual(sessions);
    // Nor is an administrator's face enrolled, by themself or by another administrator.
    const again = await w.api("POST", "/ComputerVision", {
      userId: bossId,
      descriptors: samples(face, 73),
      consent: true,
    });
    expect([again.status, again.body.error.code]).toEqual([403, "face.administrator"]);
  });

  it("uses a challenge once, and refuses one forged, expired or another tenant's", async () => {
    const probe = plus(CLERK_FACE, vector(82, 0.1));
    const body = await signedBody(probe, kiosk);
    expect((await post(body)).status).toBe(200);
    const again = await post(body);
    expect([again.status, again.body.error.code]).toEqual([401, "face.challengeInvalid"]);
    // A challenge a failed sign-in used is used too.
    const strangerBody = await signedBody(vector(8888), kiosk);
    expect((await post(strangerBody)).body.error.code).toBe("face.notRecognised");
    expect((await post(strangerBody)).body.error.code).toBe("face.challengeInvalid");
    // Forged: a later expiry, or a made-up code, under the same signature of the device.
    const [tenant, expires, nonce, code] = (await challengeOf()).split(".");
    for (
      const challenge of [
        `${tenant}.${Number(expires) + 3_600_000}.${nonce}.${code}`,
        // (Its first character changed: to "y" when it was "x", one code in 64.)
        `${tenant}.${expires}.${nonce}.${code[0] === "x" ? "y" : "x"}${code.slice(1)}`,
      ]
    ) {
      const forged = await analyse(probe, kiosk, { challenge });
      expect([forged.status, forged.body.error.code]).toEqual([401, "face.challengeInvalid"]);
    }
    // Expired: issued a minute and a second ago.
    const old = issueChallenge(w.s.platform, w.tenant.id, Date.now() - 61_000).challenge;
    expect((await analyse(probe, kiosk, { challenge: old })).body.error.code).toBe("face.challengeInvalid");
    // Another tenant's challenge.
    const two = await worldOn(w.s, "faces-two");
    const theirs = await challengeOf("faces-two");
    expect((await analyse(probe, kiosk, { challenge: theirs })).body.error.code).toBe(
      "face.challengeInvalid",
    );
    await two.s.platform.pool.forget(two.tenant.dbUrl);
  });

  it("signs nobody in at a withdrawn device or with another tenant's device key", async () => {
    const probe = plus(CLERK_FACE, vector(83, 0.1));
    // Another tenant's device, whose id this tenant's kiosk has too.
    const two = await worldOn(w.s, "faces-three");
    await switchFaces(true, two);
    const theirs = await enrolDevice(two, "Their kiosk");
    expect(theirs.id).toBe(kiosk.id);
    const foreign = await analyse(probe, theirs);
    expect([foreign.status, foreign.body.error.code]).toEqual([401, "face.deviceNotEnrolled"]);
    // Withdrawn: signs in until then, nobody after; listed with who withdrew it.
    const spare = await enrolDevice(w, "Spare terminal");
    expect((await analyse(probe, spare)).status).toBe(200);
    expect((await w.api("DELETE", `/ComputerVision/devices/${spare.id}`, undefined, clerk)).status).toBe(404);
    expect((await w.api("DELETE", `/ComputerVision/devices/${spare.id}`)).status).toBe(204);
    const withdrawn = await analyse(probe, spare);
    expect([withdrawn.status, withdrawn.body.error.code]).toEqual([401, "face.deviceNotEnrolled"]);
    const listed = (await w.api("GET", "/ComputerVision/devices")).body.find((d: { id: number }) =>
      d.id === spare.id
    );
    expect(listed).toMatchObject({
      name: "Spare terminal",
      withdrawnBy: "faces-admin",
      withdrawnAt: expect.any(String),
    });
    expect((await w.api("DELETE", `/ComputerVision/devices/${spare.id}`)).status).toBe(204);
    expect((await w.api("DELETE", "/ComputerVision/devices/999")).status).toBe(404);
    // Only administrators list or enrol devices, and only a real public key.
    expect((await w.api("GET", "/ComputerVision/devices", undefined, clerk)).status).toBe(404);
    const jwk = await crypto.subtle.exportKey("jwk", (await newKeys()).publicKey);
    expect((await w.api("POST", "/ComputerVision/devices", { name: "Mine", publicKey: jwk }, clerk)).status)
      .toBe(404);
    const offCurve = await w.api("POST", "/ComputerVision/devices", {
      name: "Broken",
      publicKey: { ...jwk, y: jwk.x },
    });
    expect([offCurve.status, offCurve.body.error.fields]).toEqual([400, {
      publicKey: ["validation.invalidValue"],
    }]);
  });

  it("refuses a blocked user's face as their password would be", async () => {
    await addUser(w.s, w.admin, { username: "faces-blocked" });
    const id = await userId("faces-blocked");
    const face = vector(3003);
    expect(
      (await w.api("POST", "/ComputerVision", { userId: id, descriptors: samples(face, 40), consent: true }))
        .status,
    ).toBe(201);
    const full = (await w.api("GET", `/User/${id}`)).body;
    await w.api("PUT", `/User/${id}`, { ...full, blocked: true });
    const r = await analyse(plus(face, vector(79, 0.1)));
    expect([r.status, r.body.error.code]).toEqual([401, "auth.blocked"]);
  });

  it("forgets a removed face at once, and knows a face enrolled again once confirmed", async () => {
    const probe = plus(CLERK_FACE, vector(80, 0.1));
    expect((await analyse(probe)).status).toBe(200);
    expect((await w.api("DELETE", `/ComputerVision/${clerkId}`, undefined, w.admin)).status).toBe(204);
    expect((await analyse(probe)).body.error.code).toBe("face.notRecognised");
    const newFace = vector(4004);
    await w.api("POST", "/ComputerVision", { descriptors: samples(newFace, 50), consent: true }, clerk);
    expect((await analyse(plus(newFace, vector(81, 0.1)))).body.error.code).toBe("face.notRecognised");
    expect((await w.api("POST", `/ComputerVision/${clerkId}/review`, { accept: true })).status).toBe(204);
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
      const challenge = await call(off.s, "GET", "/api/ComputerVision/challenge?tenant=faces-off");
      expect(challenge.body.error.code).toBe("face.unsupported");
      const r = await call(off.s, "POST", "/api/ComputerVision/analyse", {
        body: {
          tenant: "faces-off",
          descriptor: ADMIN_FACE,
          deviceId: 1,
          challenge: "x",
          signature: "A".repeat(86),
        },
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
            body: {
              tenant: "faces-few",
              descriptor: vector(5000 + i),
              deviceId: 1,
              challenge: "x",
              signature: "A".repeat(86),
            },
          })).status,
        );
      }
      expect(answers.slice(-1)).toEqual([429]);
    } finally {
      few.s.close();
    }
  });

  it("limits enrolment attempts per user as sign-ins are limited, whatever their answer", async () => {
    const few = await startStockWorld("faces-enrol-few", { loginLimitPerUser: 3 });
    try {
      await switchFaces(true, few);
      const user = await addStaffUser(few, "faces-enrol-few-user");
      const face = vector(6100);
      const answers: number[] = [];
      // Refused (another face among the samples) or taken: each is an attempt.
      for (let i = 0; i < 4; i++) {
        const descriptors = i % 2
          ? samples(face, 6100 + i * 10)
          : [...samples(face, 6100).slice(0, 4), vector(6200 + i)];
        answers.push((await few.api("POST", "/ComputerVision", { descriptors, consent: true }, user)).status);
      }
      expect(answers).toEqual([422, 201, 422, 429]);
      const throttled = await call(few.s, "POST", "/api/ComputerVision", {
        token: user,
        body: { descriptors: samples(face, 6190), consent: true },
      });
      expect([throttled.status, throttled.body.error.code]).toEqual([429, "auth.tooManyAttempts"]);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another user, and the administrator enrolling someone, are not held up by it.
      const other = await addStaffUser(few, "faces-enrol-few-other");
      expect(
        (await few.api(
          "POST",
          "/ComputerVision",
          { descriptors: samples(vector(6300), 6300), consent: true },
          other,
        ))
          .status,
      ).toBe(201);
      const otherId = (await few.api("GET", "/User?PageSize=50")).body.results
        .find((u: { username: string }) => u.username === "faces-enrol-few-other").id;
      expect(
        (await few.api("POST", "/ComputerVision", {
          userId: otherId,
          descriptors: samples(vector(6300), 6310),
          consent: true,
        }))
          .status,
      ).toBe(201);
    } finally {
      few.s.close();
    }
  });
});

describe("face sign-in in the security log", () => {
  type Event = { event: string; outcome: string; userName: string | null; ip: string | null; detail: string };

  it("keeps refused and failed face sign-ins, enrolments and devices, never a descriptor or a signature", async () => {
    // A server of its own: the attempts above have used most of this address's sign-in budget.
    const log = await startStockWorld("faces-log");
    try {
      const events = async (kind: string): Promise<Event[]> =>
        (await log.api(
          "GET",
          `/SecurityLog?PageSize=100&BasicFiltersSerialized=${
            encodeURIComponent(JSON.stringify([{ field: "event", operator: "eq", value: kind }]))
          }`,
        )).body.results;
      await switchFaces(true, log);
      const desk = await enrolDevice(log, "Audit desk");
      await addUser(log.s, log.admin, { username: "faces-log-clerk" });
      const clerkOf = (await log.api("GET", "/User?PageSize=50")).body.results
        .find((u: { username: string }) => u.username === "faces-log-clerk").id;
      const face = vector(9100);
      expect(
        (await log.api("POST", "/ComputerVision", {
          userId: clerkOf,
          descriptors: samples(face, 91),
          consent: true,
        }))
          .status,
      ).toBe(201);
      // The administrator's own face is not enrolled.
      const adminId = (await log.api("GET", "/User?PageSize=50")).body.results
        .find((u: { username: string }) => u.username === "faces-log-admin").id;
      const mine = await log.api("POST", "/ComputerVision", {
        userId: adminId,
        descriptors: samples(vector(9200), 92),
        consent: true,
      });
      expect(mine.body.error.code).toBe("face.administrator");

      const signInAt = async (deviceId: number, descriptor: number[]) => {
        const challenge = (await call(log.s, "GET", "/api/ComputerVision/challenge?tenant=faces-log")).body
          .challenge;
        const signature = await sign(desk.keys, challenge, descriptor);
        const r = await call(log.s, "POST", "/api/ComputerVision/analyse", {
          body: { tenant: "faces-log", descriptor, deviceId, challenge, signature },
          headers: { "user-agent": "kiosk-probe/1.0" },
        });
        return { r, signature };
      };
      // The clerk's face at a device nobody enrolled, signed by a key the server does not know.
      const probe = plus(face, vector(93, 0.1));
      const unenrolled = await signInAt(desk.id + 40, probe);
      expect(unenrolled.r.body.error.code).toBe("face.deviceNotEnrolled");
      // A face nobody has, at the enrolled device.
      const stranger = await signInAt(desk.id, vector(9300));
      expect(stranger.r.body.error.code).toBe("face.notRecognised");
      expect((await log.api("DELETE", `/ComputerVision/devices/${desk.id}`)).status).toBe(204);

      await expect.poll(async () =>
        (await events("face.signInRefused")).map((e) => [e.outcome, e.userName, e.ip, e.detail])
      ).toEqual([[
        "refused",
        null,
        "127.0.0.1",
        `face at device ${
          desk.id + 40
        }: the device is not enrolled, was withdrawn, or its signature does not hold`,
      ]]);
      await expect.poll(async () => (await events("signIn.failed")).map((e) => [e.outcome, e.detail]))
        .toEqual([["refused", `face at device ${desk.id}: nobody recognised`]]);
      await expect.poll(async () =>
        (await events("face.enrolmentRefused")).map((e) => [e.outcome, e.userName, e.detail])
      ).toEqual([[
        "refused",
        "faces-log-admin",
        `POST /api/ComputerVision: user ${adminId} (faces-log-admin): the user is an administrator`,
      ]]);
      const changes = async () =>
        [
          ...await events("face.deviceEnrolled"),
          ...await events("face.enrolled"),
          ...await events("face.deviceWithdrawn"),
        ].map((e) => [e.event, e.outcome, e.userName, e.detail]);
      await expect.poll(changes).toEqual([
        ["face.deviceEnrolled", "changed", "faces-log-admin", `device ${desk.id} (Audit desk)`],
        [
          "face.enrolled",
          "changed",
          "faces-log-admin",
          `user ${clerkOf} (faces-log-clerk): 5 samples, by an administrator`,
        ],
        ["face.deviceWithdrawn", "changed", "faces-log-admin", `device ${desk.id} (Audit desk)`],
      ]);
      // Nothing of a descriptor, a challenge's proof or a device's key is kept.
      const all = JSON.stringify((await log.api("GET", "/SecurityLog?PageSize=500")).body.results);
      for (const secret of [unenrolled.signature, stranger.signature, String(probe[0]), String(face[1])]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      log.s.close();
    }
  });
});
