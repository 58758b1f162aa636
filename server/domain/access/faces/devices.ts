// The devices face sign-in works at (docs/decisions/0015-face-sign-in.md): an administrator, signed in on a
// warehouse's kiosk or terminal, enrols its browser, which makes an ECDSA P-256 key pair it cannot export
// (kept in IndexedDB) and sends the public half; the server keeps it with the device's name, who enrolled it
// and when. A face sign-in then brings a fresh challenge of this server signed by that key together with
// the descriptor (shared/faces/device_proof.ts): a descriptor, which any photo of a person gives, never signs in alone.
// Challenges are stateless (HMAC of the tenant, the expiry and a nonce under a key derived from the
// platform's secret, so any instance checks them) and single-use (the nonce is kept in the tenant's
// database until it expires, written only after the device's signature is verified).
import { createHmac, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import { and, desc, eq, isNull, lte } from "drizzle-orm";
import { z } from "zod";
import type { Connection } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { deriveKey, randomToken } from "../../../kernel/crypto.ts";
import { AppError, fieldError, notFound } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Services } from "../../../kernel/services.ts";
import { recordChange } from "../../../engine/record_change.ts";
import { securityEventIn } from "../../logs/security_log/service.ts";
import { reqText } from "../../../engine/fields.ts";
import { DEVICE_KEY, DEVICE_SIGNATURE, proofMessage } from "../../../../shared/faces/device_proof.ts";
import { faceChallenges, faceDevices } from "./table.ts";

/** How long a challenge may be signed and sent back: a sign-in takes a second or two. */
export const CHALLENGE_SECONDS = 60;

const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** An EC P-256 public key as WebCrypto exports it (other members, such as key_ops and ext, dropped). */
const PublicJwk = z.object({ kty: z.literal("EC"), crv: z.literal("P-256"), x: coordinate, y: coordinate });

export const DeviceEnrolment = z.object({
  /** What people call the device: "Gate 2 kiosk". */
  name: reqText(100),
  publicKey: PublicJwk,
});

export const FaceDevice = z.object({
  id: z.number(),
  name: z.string(),
  enrolledBy: z.string(),
  enrolledAt: z.string(),
  lastUsedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
});

export const Challenge = z.object({ challenge: z.string(), expiresAt: z.string() });

function toDevice(row: typeof faceDevices.$inferSelect): z.output<typeof FaceDevice> {
  return {
    id: row.id,
    name: row.name,
    enrolledBy: row.enrolledByName,
    enrolledAt: row.enrolledAt,
    lastUsedAt: row.lastUsedAt,
    withdrawnAt: row.withdrawnAt,
    withdrawnBy: row.withdrawnByName,
  };
}

async function importPublic(jwk: z.output<typeof PublicJwk>): Promise<CryptoKey> {
  return await crypto.subtle.importKey("jwk", { ...jwk, ext: true }, DEVICE_KEY, true, ["verify"]);
}

/** POST ComputerVision/devices (administrators): the browser's public key kept as a device's. */
export async function enrolDevice(ctx: TenantContext, input: z.output<typeof DeviceEnrolment>) {
  if (!ctx.services.config.computerVision) throw new AppError("face.unsupported");
  // A point that is not on the curve is refused here, not at the first sign-in: WebCrypto imports it
  // without a word, and only exporting it says.
  const valid = await importPublic(input.publicKey).then((k) => crypto.subtle.exportKey("raw", k)).then(
    () => true,
    () => false,
  );
  if (!valid) throw fieldError({ publicKey: ["validation.invalidValue"] });
  const { kty, crv, x, y } = input.publicKey;
  const publicKey = JSON.stringify({ kty, crv, x, y });
  return await ctx.conn.transaction(async (tx) => {
    const [row] = await tx.insert(faceDevices).values({
      name: input.name,
      publicKey,
      enrolledByUserId: ctx.actor.userId,
      enrolledByName: ctx.actor.username,
      enrolledAt: nowIso(),
    }).returning();
    await recordChange(tx, null, ctx.actor, {
      action: "created",
      resource: "FaceDevice",
      id: row.id,
      title: row.name,
      new: toDevice(row),
    });
    await securityEventIn(tx, ctx, "face.deviceEnrolled", `device ${row.id} (${row.name})`);
    return toDevice(row);
  });
}

/** GET ComputerVision/devices (administrators): every device, withdrawn ones too, the newest first. */
export async function listDevices(ctx: TenantContext) {
  const rows = await ctx.conn.db.select().from(faceDevices).orderBy(desc(faceDevices.id));
  return rows.map(toDevice);
}

/** DELETE ComputerVision/devices/{id} (administrators): the device signs in nobody from now on. */
export async function withdrawDevice(ctx: TenantContext, id: number): Promise<void> {
  await ctx.conn.transaction(async (tx) => {
    const [row] = await tx.update(faceDevices)
      .set({ withdrawnAt: nowIso(), withdrawnByName: ctx.actor.username })
      .where(and(eq(faceDevices.id, id), isNull(faceDevices.withdrawnAt))).returning();
    if (!row) {
      // Withdrawn already: done. Unknown: not there.
      const [known] = await tx.select({ id: faceDevices.id }).from(faceDevices).where(eq(faceDevices.id, id));
      if (!known) throw notFound();
      return;
    }
    await securityEventIn(tx, ctx, "face.deviceWithdrawn", `device ${row.id} (${row.name})`);
    await recordChange(tx, null, ctx.actor, {
      action: "changed",
      resource: "FaceDevice",
      id: row.id,
      title: row.name,
      old: { withdrawnAt: null },
      new: { withdrawnAt: row.withdrawnAt },
    });
  });
}

const challengeKeys = new WeakMap<object, Uint8Array>();

function mac(platform: Pick<Services, "keys">, text: string): string {
  let key = challengeKeys.get(platform.keys);
  if (!key) {
    challengeKeys.set(platform.keys, key = deriveKey(platform.keys.sealKey, "face sign-in challenges v1"));
  }
  return createHmac("sha256", key).update(`face challenge\n${text}`).digest("base64url");
}

/** GET ComputerVision/challenge: a challenge for a device of this tenant to sign, good for a minute. */
export function issueChallenge(platform: Pick<Services, "keys">, tenantId: number, now = Date.now()) {
  const expires = now + CHALLENGE_SECONDS * 1000;
  const body = `${tenantId}.${expires}.${randomToken(18)}`;
  return { challenge: `${body}.${mac(platform, body)}`, expiresAt: new Date(expires).toISOString() };
}

/**
 * The nonce and expiry of a challenge this server issued for this tenant that has not expired; else
 * face.challengeInvalid (forged, another tenant's, expired). Whether it was used is the tenant's to say.
 */
export function checkChallenge(
  platform: Pick<Services, "keys">,
  tenantId: number,
  challenge: string,
  now = Date.now(),
) {
  const parts = challenge.split(".");
  const refused = new AppError("face.challengeInvalid");
  if (parts.length !== 4) throw refused;
  const [tenant, expires, nonce, sent] = parts;
  const expected = Buffer.from(mac(platform, `${tenant}.${expires}.${nonce}`));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  const at = Number(expires);
  if (tenant !== String(tenantId) || !(at > now)) throw refused;
  return { nonce, expiresAt: new Date(at).toISOString() };
}

/** The device, when it is enrolled and not withdrawn and `signature` is its key's over the message. */
export async function verifiedDevice(
  conn: Connection,
  deviceId: number,
  message: { challenge: string; descriptor: readonly number[] },
  signature: string,
): Promise<typeof faceDevices.$inferSelect | null> {
  const [device] = await conn.db.select().from(faceDevices).where(eq(faceDevices.id, deviceId));
  if (!device || device.withdrawnAt) return null;
  const key = await importPublic(JSON.parse(device.publicKey)).catch(() => null);
  const bytes = Buffer.from(signature, "base64url");
  if (!key || bytes.length !== 64) return null;
  const ok = await crypto.subtle.verify(
    DEVICE_SIGNATURE,
    key,
    new Uint8Array(bytes),
    proofMessage(message.challenge, message.descriptor),
  );
  return ok ? device : null;
}

/**
 * Uses a challenge once, in one transaction with the device's last use: false when it was used already.
 * Challenges past their expiry are forgotten on the way (they are refused by their expiry alone).
 */
export async function useChallenge(
  conn: Connection,
  challenge: { nonce: string; expiresAt: string },
  deviceId: number,
): Promise<boolean> {
  return await conn.transaction(async (tx) => {
    const now = nowIso();
    await tx.delete(faceChallenges).where(lte(faceChallenges.expiresAt, now));
    const taken = await tx.insert(faceChallenges).values(challenge).onConflictDoNothing()
      .returning({ nonce: faceChallenges.nonce });
    if (taken.length === 0) return false;
    await tx.update(faceDevices).set({ lastUsedAt: now }).where(eq(faceDevices.id, deviceId));
    return true;
  });
}
