// Face sign-in (ComputerVision; docs/decisions/0015-face-sign-in.md): an addition to the password that a
// tenant's administrator switches on (ClientAccount.faceSignIn) and this server may have off altogether
// (COMPUTER_VISION=off): face.unsupported. A user enrols their own face with several samples that must agree,
// and it waits for an administrator's confirmation; an administrator enrols anyone's (the person at the
// camera) at once. Administrators' faces are not enrolled: face sign-in never opens their sessions. A sign-in
// comes from a device an administrator enrolled (devices.ts): its key signs a fresh challenge of this server
// and the descriptor, which is matched against every confirmed sample of the tenant (match.ts) on the
// tenant's own shard, from a gallery kept in memory until the samples change. A match starts a session as a
// password would; none answers face.notRecognised. Sign-ins are counted per address, enrolments per user.
import { and, count, desc, eq, isNotNull, isNull, max, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Connection, Db } from "../../../db/connection.ts";
import { servedHere, tenantOp } from "../../../cluster/placement.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, notFound } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Services } from "../../../kernel/services.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChange } from "../../../engine/record_change.ts";
import {
  securityEventFor,
  securityEventIn,
  type SecurityEventInput,
  type SecurityEventKind,
  securityEventOutside,
} from "../../logs/security_log/service.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import { clientAccount } from "../../config/account/entity.ts";
import { users } from "../users/entity.ts";
import { type ClientInfo, startSession } from "../auth/service.ts";
import {
  decodeDescriptor,
  DESCRIPTOR_LENGTH,
  encodeDescriptor,
  Gallery,
  MATCH_DISTANCE,
  MATCH_MARGIN,
  MAX_SAMPLES,
  MIN_SAMPLES,
  recognise,
  samplesAgree,
} from "./match.ts";
import { faceSamples } from "./table.ts";
import { checkChallenge, useChallenge, verifiedDevice } from "./devices.ts";

const descriptor = z.array(z.number().finite().min(-2).max(2)).length(DESCRIPTOR_LENGTH);

export const Enrolment = z.object({
  /** Whose face (an administrator's choice); the caller's own by default. */
  userId: z.number().int().positive().nullish(),
  descriptors: z.array(descriptor).min(MIN_SAMPLES).max(MAX_SAMPLES),
  /** The person was told what is kept and agreed (the enrolment screen's notice). */
  consent: z.literal(true),
});

export const Analyse = z.object({
  /** The tenant signed in to (its slug): the sign-in screen of a device remembers it. */
  tenant: z.string().trim().min(1).max(100),
  descriptor,
  /** The enrolled device the sign-in comes from (devices.ts). */
  deviceId: z.number().int().positive(),
  /** GET ComputerVision/challenge's answer, as it was given. */
  challenge: z.string().min(1).max(200),
  /** The device key's ECDSA P-256 signature (r ‖ s, base64url) of shared/faces/device_proof.ts proofMessage. */
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/),
});

export const FaceStatus = z.object({
  /** This server matches faces. */
  supported: z.boolean(),
  /** The tenant allows face sign-in. */
  enabled: z.boolean(),
  /** Confirmed samples: the face signs the user in. */
  enrolled: z.boolean(),
  samples: z.number(),
  enrolledAt: z.string().nullable(),
  /** An enrolment of the user's own waits for an administrator's confirmation (since then). */
  pendingSince: z.string().nullable(),
});

export const EnrolledUser = z.object({
  userId: z.number(),
  username: z.string(),
  visibleName: z.string().nullable(),
  /** Confirmed samples (0 while only an enrolment waits). */
  samples: z.number(),
  enrolledAt: z.string().nullable(),
  /** Samples of an enrolment that waits for confirmation, and since when. */
  pending: z.number(),
  pendingSince: z.string().nullable(),
});

export const Review = z.object({
  /** Confirm the waiting enrolment (true) or refuse it (false). */
  accept: z.boolean(),
});

export const Enrolled = z.object({
  userId: z.number(),
  samples: z.number(),
  enrolledAt: z.string(),
  /** It waits for an administrator's confirmation (a user's own enrolment). */
  pending: z.boolean(),
});

async function tenantAllows(conn: Connection): Promise<boolean> {
  const [row] = await conn.db.select({ on: clientAccount.faceSignIn }).from(clientAccount).limit(1);
  return row?.on === true;
}

/** Refuses when this server or the tenant does not do face sign-in. */
async function assertAvailable(platform: Pick<Services, "config">, conn: Connection): Promise<void> {
  if (!platform.config.computerVision || !(await tenantAllows(conn))) throw new AppError("face.unsupported");
}

/** GET ComputerVision/status: what the caller's screens need to know. */
export async function faceStatus(ctx: TenantContext): Promise<z.output<typeof FaceStatus>> {
  const [mine] = await ctx.conn.db.select({
    n: count(faceSamples.confirmedAt),
    at: max(faceSamples.confirmedAt),
    waiting: sql<
      string | null
    >`max(case when ${faceSamples.confirmedAt} is null then ${faceSamples.createdAt} end)`,
  }).from(faceSamples).where(eq(faceSamples.userId, ctx.actor.userId));
  return {
    supported: ctx.services.config.computerVision,
    enabled: await tenantAllows(ctx.conn),
    enrolled: mine.n > 0,
    samples: mine.n,
    enrolledAt: mine.at ?? null,
    pendingSince: mine.waiting ?? null,
  };
}

const isAdministrator = (actor: TenantContext["actor"]) => actor.isSuperUser && actor.contractorId === null;

/** Only the user themself, or an administrator, enrols or removes a face. */
function whose(ctx: TenantContext, userId: number | null | undefined): number {
  const id = userId ?? ctx.actor.userId;
  if (id !== ctx.actor.userId && !isAdministrator(ctx.actor)) {
    throw notFound();
  }
  return id;
}

const describe = (u: { id: number; username: string }) => `user ${u.id} (${u.username})`;

/** An enrolment refused, and the security event the error handler writes of it. */
function enrolmentRefused(code: "face.administrator" | "face.taken", user: { id: number; username: string }) {
  const why = code === "face.taken" ? "it lies near another user's face" : "the user is an administrator";
  return new AppError(code, {
    security: { kind: "face.enrolmentRefused", detail: `${describe(user)}: ${why}` },
  });
}

/**
 * Enrolment attempts in the sign-in window, counted before anything is checked: one caller enrols one
 * person as often as a user may fail a password sign-in, and all persons together as often as an address
 * may try to sign in (an administrator enrolling a shift's staff).
 */
async function countEnrolment(ctx: TenantContext, userId: number): Promise<void> {
  const c = ctx.services.config;
  const caller = `face-enrol:${ctx.tenant.id}:${ctx.actor.userId}`;
  const wait = Math.max(
    await ctx.services.attempts.takeWithin(`${caller}:${userId}`, c.loginLimitPerUser),
    await ctx.services.attempts.takeWithin(caller, c.loginLimitPerIp),
  );
  if (wait > 0) {
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
      security: { kind: "face.enrolmentThrottled", detail: `user ${userId}` },
    });
  }
}

/** Whether any of the descriptors lies as near another user's confirmed face as a sign-in would accept. */
async function nearAnother(tx: Db, userId: number, descriptors: readonly ArrayLike<number>[]) {
  const others = Gallery.of(
    await tx.select({ userId: faceSamples.userId, descriptor: faceSamples.descriptor }).from(faceSamples)
      .where(and(ne(faceSamples.userId, userId), isNotNull(faceSamples.confirmedAt))),
  );
  return descriptors.some((d) => (others.nearest(d)?.distance ?? Infinity) < MATCH_DISTANCE + MATCH_MARGIN);
}

/**
 * POST ComputerVision: a user's face from several samples. Samples that do not agree (another face among
 * them, a blurred one) are face.notDetected: the person tries again. An administrator's enrolment of
 * someone replaces their face at once, and is refused (face.taken) when it lies near another user's face,
 * since neither would be told apart. A user's own enrolment waits for an administrator's confirmation,
 * which checks the same; the user is answered the same whatever the samples resemble, so that nobody
 * learns by enrolling whether some vectors lie near an enrolled face.
 */
export async function enrol(ctx: TenantContext, input: z.output<typeof Enrolment>) {
  await assertAvailable(ctx.services, ctx.conn);
  const userId = whose(ctx, input.userId);
  await countEnrolment(ctx, userId);
  if (!samplesAgree(input.descriptors)) throw new AppError("face.notDetected");
  const confirmed = isAdministrator(ctx.actor);
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [user] = await tx.select({ id: users.id, username: users.username, admin: users.isSuperUser })
      .from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    // Face sign-in never opens an administrator's session: their face would be kept for nothing.
    if (user.admin) throw enrolmentRefused("face.administrator", user);
    if (confirmed && await nearAnother(tx, userId, input.descriptors)) {
      throw enrolmentRefused("face.taken", user);
    }
    // An administrator's enrolment replaces everything; a user's own replaces only one that waits.
    await tx.delete(faceSamples).where(
      confirmed
        ? eq(faceSamples.userId, userId)
        : and(eq(faceSamples.userId, userId), isNull(faceSamples.confirmedAt)),
    );
    const now = nowIso();
    await tx.insert(faceSamples).values(
      input.descriptors.map((d) => ({
        userId,
        descriptor: encodeDescriptor(d),
        createdAt: now,
        confirmedAt: confirmed ? now : null,
      })),
    );
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "User",
      id: userId,
      title: user.username,
      old: {},
      new: confirmed ? { faceEnrolled: input.descriptors.length } : { faceWaiting: input.descriptors.length },
    });
    if (confirmed) {
      await securityEventIn(
        tx,
        ctx,
        "face.enrolled",
        `${describe(user)}: ${input.descriptors.length} samples, by an administrator`,
      );
    }
    return { userId, samples: input.descriptors.length, enrolledAt: now, pending: !confirmed };
  });
}

/**
 * POST ComputerVision/{userId}/review (administrators): a user's waiting enrolment confirmed, replacing
 * their face (face.taken when it lies near another user's), or refused and forgotten.
 */
export async function review(ctx: TenantContext, userId: number, input: z.output<typeof Review>) {
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const [user] = await tx.select({ id: users.id, username: users.username, admin: users.isSuperUser })
      .from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    const waiting = await tx.select().from(faceSamples)
      .where(and(eq(faceSamples.userId, userId), isNull(faceSamples.confirmedAt)));
    if (waiting.length === 0) throw new AppError("face.nothingPending");
    await tx.delete(faceSamples).where(and(eq(faceSamples.userId, userId), isNull(faceSamples.confirmedAt)));
    if (input.accept) {
      if (user.admin) throw enrolmentRefused("face.administrator", user);
      if (await nearAnother(tx, userId, waiting.map((w) => decodeDescriptor(w.descriptor)))) {
        throw enrolmentRefused("face.taken", user);
      }
      // Written again rather than marked: new ids tell every shard's gallery that the samples changed.
      await tx.delete(faceSamples).where(eq(faceSamples.userId, userId));
      const now = nowIso();
      await tx.insert(faceSamples).values(
        waiting.map((w) => ({ userId, descriptor: w.descriptor, createdAt: w.createdAt, confirmedAt: now })),
      );
    }
    await securityEventIn(
      tx,
      ctx,
      input.accept ? "face.enrolled" : "face.enrolmentDeclined",
      `${describe(user)}: their own enrolment of ${waiting.length} samples ${
        input.accept ? "confirmed" : "declined"
      }`,
    );
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "User",
      id: userId,
      title: user.username,
      old: { faceWaiting: waiting.length },
      new: input.accept ? { faceEnrolled: waiting.length } : { faceWaiting: 0 },
    });
  });
}

/** DELETE ComputerVision/{userId}: the user's face samples removed (the user, or an administrator). */
export async function forget(ctx: TenantContext, userId: number): Promise<void> {
  const id = whose(ctx, userId);
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const [user] = await tx.select({ id: users.id, username: users.username }).from(users)
      .where(eq(users.id, id));
    if (!user) throw notFound();
    const gone = await tx.delete(faceSamples).where(eq(faceSamples.userId, id)).returning({
      id: faceSamples.id,
    });
    if (gone.length === 0) return;
    await securityEventIn(tx, ctx, "face.removed", `${describe(user)}: ${gone.length} samples`);
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "User",
      id,
      title: user.username,
      old: { faceEnrolled: gone.length },
      new: { faceEnrolled: 0 },
    });
  });
}

/** GET ComputerVision: the users with a face, confirmed or waiting (administrators). */
export async function enrolledUsers(ctx: TenantContext): Promise<z.output<typeof EnrolledUser>[]> {
  return await ctx.conn.db.select({
    userId: faceSamples.userId,
    username: users.username,
    visibleName: users.visibleName,
    samples: count(faceSamples.confirmedAt),
    enrolledAt: max(faceSamples.confirmedAt),
    pending: sql<number>`sum(${faceSamples.confirmedAt} is null)`.mapWith(Number),
    pendingSince: sql<
      string | null
    >`max(case when ${faceSamples.confirmedAt} is null then ${faceSamples.createdAt} end)`,
  }).from(faceSamples).innerJoin(users, eq(users.id, faceSamples.userId))
    .groupBy(faceSamples.userId).orderBy(desc(max(faceSamples.createdAt)));
}

/** Each tenant's gallery on this thread, with what it was read at: kept until the samples change. */
const galleries = new Map<string, { mark: string; gallery: Gallery }>();

async function galleryOf(conn: Connection, key: string): Promise<Gallery> {
  const confirmed = isNotNull(faceSamples.confirmedAt);
  const [m] = await conn.db.select({ n: count(), top: sql<number | null>`max(${faceSamples.id})` })
    .from(faceSamples).where(confirmed);
  const mark = `${m.n}:${m.top ?? 0}`;
  const known = galleries.get(key);
  if (known?.mark === mark) return known.gallery;
  const rows = await conn.db.select({ userId: faceSamples.userId, descriptor: faceSamples.descriptor })
    .from(faceSamples).where(confirmed);
  const gallery = Gallery.of(rows);
  galleries.set(key, { mark, gallery });
  return gallery;
}

interface MatchArgs {
  descriptor: number[];
  supported: boolean;
  deviceId: number;
  challenge: string;
  nonce: string;
  expiresAt: string;
  signature: string;
}

/**
 * On the tenant's shard: the device enrolled, not withdrawn, and its key's signature of the challenge and
 * the descriptor good; the challenge not used before (used now); then the face, which must be a user
 * other than an administrator.
 */
const matchFace = tenantOp("faces.match", async (conn: Connection, args: MatchArgs, tenant) => {
  if (!args.supported || !(await tenantAllows(conn))) throw new AppError("face.unsupported");
  const device = await verifiedDevice(conn, args.deviceId, args, args.signature);
  if (!device) throw new AppError("face.deviceNotEnrolled");
  if (!(await useChallenge(conn, args, device.id))) throw new AppError("face.challengeInvalid");
  const m = recognise(await galleryOf(conn, tenant.dbUrl), args.descriptor);
  if (!m) throw new AppError("face.notRecognised");
  const [user] = await conn.db.select({ admin: users.isSuperUser, username: users.username }).from(users)
    .where(eq(users.id, m.userId));
  // The caller refuses an administrator's face (face.administrator), naming them in the security log.
  return { userId: m.userId, username: user?.username ?? null, admin: user?.admin === true };
});

/**
 * Attempts of face sign-in in the login window: from one address as many as password sign-ins, and at one
 * company ten times that from everywhere (guesses spread over many addresses). A sign-in that succeeds
 * gives its attempt back, as a password's does: a shift signing in at the kiosks of one address is no guess.
 */
async function countAttempt(
  platform: Pick<Services, "attempts" | "config">,
  ip: string | null,
  tenant: string,
) {
  const limit = platform.config.loginLimitPerIp;
  const keys = [`face:${ip ?? "unknown"}`, `face-tenant:${tenant.toLowerCase()}`];
  const wait = Math.max(
    await platform.attempts.takeWithin(keys[0], limit),
    await platform.attempts.takeWithin(keys[1], limit * 10),
  );
  if (wait > 0) {
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
    });
  }
  return async () => {
    for (const key of keys) await platform.attempts.giveBack(key);
  };
}

/**
 * POST ComputerVision/analyse: a descriptor from the sign-in screen of an enrolled device, with the device's
 * signature of a fresh challenge and the descriptor. The user it is starts a session as a password sign-in
 * would (a blocked or inactive one is refused with the same codes, an administrator face.administrator);
 * nobody answers face.notRecognised; a device not enrolled (or withdrawn, or a wrong signature)
 * face.deviceNotEnrolled; a challenge forged, expired, another tenant's or used face.challengeInvalid; a
 * tenant unknown, or without face sign-in, face.unsupported.
 */
export async function analyse(
  platform: Pick<
    Services,
    "attempts" | "config" | "control" | "keys" | "placement" | "registry" | "security" | "sessions"
  >,
  input: z.output<typeof Analyse>,
  client: ClientInfo,
) {
  let succeeded: () => Promise<void>;
  try {
    succeeded = await countAttempt(platform, client.ip, input.tenant);
  } catch (err) {
    if (err instanceof AppError && err.code === "auth.tooManyAttempts") {
      const tenant = await platform.registry.bySlug(input.tenant);
      faceEvent(platform, tenant, client, { kind: "signIn.throttled", detail: "face" });
    }
    throw err;
  }
  const tenant = await platform.registry.bySlug(input.tenant);
  if (!platform.config.computerVision || !tenant || tenant.status !== "active") {
    throw new AppError("face.unsupported");
  }
  const at = `device ${input.deviceId}`;
  let found: Awaited<ReturnType<typeof matchFace>>;
  try {
    const challenge = checkChallenge(platform, tenant.id, input.challenge);
    found = await matchFace(platform, tenant, {
      descriptor: input.descriptor,
      supported: platform.config.computerVision,
      deviceId: input.deviceId,
      challenge: input.challenge,
      signature: input.signature,
      ...challenge,
    });
  } catch (err) {
    const why = err instanceof AppError ? faceRefusals[err.code] : undefined;
    if (why) faceEvent(platform, tenant, client, { ...why, detail: `face at ${at}: ${why.detail}` });
    throw err;
  }
  const user = { userId: found.userId, userName: found.username };
  if (found.admin) {
    faceEvent(platform, tenant, client, {
      ...user,
      kind: "face.signInRefused",
      detail: `face at ${at}: an administrator's face opens no session`,
    });
    throw new AppError("face.administrator");
  }
  let session;
  try {
    session = await startSession(platform, tenant, found.userId, client, "face");
  } catch (err) {
    // A blocked or inactive user, as at a password sign-in.
    if (err instanceof AppError && err.status === 401) {
      faceEvent(platform, tenant, client, { ...user, kind: "signIn.refused", detail: `face: ${err.code}` });
    }
    throw err;
  }
  await succeeded();
  return session;
}

/** What a refused face sign-in is in the security log, by the refusal's code (the others are no event). */
const faceRefusals: Partial<Record<string, { kind: SecurityEventKind; detail: string }>> = {
  "face.deviceNotEnrolled": {
    kind: "face.signInRefused",
    detail: "the device is not enrolled, was withdrawn, or its signature does not hold",
  },
  "face.challengeInvalid": {
    kind: "face.signInRefused",
    detail: "the challenge was used, forged, expired or another company's",
  },
  "face.notRecognised": { kind: "signIn.failed", detail: "nobody recognised" },
};

/**
 * A face sign-in's security event, off the request's path: in the log of the tenant named (an active one
 * served here), else in the system log. Never the descriptor, the challenge or the signature.
 */
function faceEvent(
  platform: Pick<Services, "config" | "control" | "security">,
  tenant: Tenant | undefined,
  client: ClientInfo,
  event: Omit<SecurityEventInput, keyof ClientInfo>,
): void {
  const full = { ...event, ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
  if (tenant && tenant.status === "active" && servedHere(platform.config.instance, tenant)) {
    securityEventFor(platform, tenant, full);
  } else {
    securityEventOutside(platform, {
      ...full,
      detail: `${event.detail ?? ""} (no such company here)`.trim(),
    });
  }
}

/** GET ComputerVision/available?tenant=: may the sign-in screen offer face sign-in for this tenant? */
export const tenantOffersFaces = tenantOp(
  "faces.available",
  async (conn: Connection, _args: null) => await tenantAllows(conn),
);

export async function available(
  platform: Pick<Services, "config" | "placement" | "registry">,
  slug: string,
): Promise<{ available: boolean }> {
  if (!platform.config.computerVision) return { available: false };
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant || tenant.status !== "active") return { available: false };
  return { available: await tenantOffersFaces(platform, tenant, null) };
}
