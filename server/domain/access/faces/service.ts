// Face sign-in (ComputerVision; docs/decisions/0015-face-sign-in.md): an addition to the password that a
// tenant's administrator switches on (ClientAccount.faceSignIn) and this server may have off altogether
// (COMPUTER_VISION=off): face.unsupported. A user enrols their own face (an administrator may enrol anyone's,
// the person at the camera) with several samples that must agree; the sign-in screen sends one descriptor
// of the tenant it signs in to, which is matched against every enrolled sample of that tenant (match.ts)
// on the tenant's own shard, from a gallery kept in memory until the samples change. A match starts a
// session as a password would; none answers face.notRecognised. Attempts are counted per address.
import { count, desc, eq, max, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Connection } from "../../../db/connection.ts";
import { tenantOp } from "../../../cluster/placement.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, notFound } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import type { Platform } from "../../../platform.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { writeRecordLog } from "../../logs/record_log/service.ts";
import { clientAccount } from "../../config/account/entity.ts";
import { users } from "../users/entity.ts";
import { type ClientInfo, startSession } from "../auth/service.ts";
import {
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
});

export const FaceStatus = z.object({
  /** This server matches faces. */
  supported: z.boolean(),
  /** The tenant allows face sign-in. */
  enabled: z.boolean(),
  enrolled: z.boolean(),
  samples: z.number(),
  enrolledAt: z.string().nullable(),
});

export const EnrolledUser = z.object({
  userId: z.number(),
  username: z.string(),
  visibleName: z.string().nullable(),
  samples: z.number(),
  enrolledAt: z.string(),
});

async function tenantAllows(conn: Connection): Promise<boolean> {
  const [row] = await conn.db.select({ on: clientAccount.faceSignIn }).from(clientAccount).limit(1);
  return row?.on === true;
}

/** Refuses when this server or the tenant does not do face sign-in. */
async function assertAvailable(platform: Platform, conn: Connection): Promise<void> {
  if (!platform.config.computerVision || !(await tenantAllows(conn))) throw new AppError("face.unsupported");
}

/** GET ComputerVision/status: what the caller's screens need to know. */
export async function faceStatus(ctx: TenantContext) {
  const [mine] = await ctx.conn.db.select({ n: count(), at: max(faceSamples.createdAt) }).from(faceSamples)
    .where(eq(faceSamples.userId, ctx.actor.userId));
  return {
    supported: ctx.platform.config.computerVision,
    enabled: await tenantAllows(ctx.conn),
    enrolled: mine.n > 0,
    samples: mine.n,
    enrolledAt: mine.at ?? null,
  };
}

/** Only the user themself, or an administrator, enrols or removes a face. */
function whose(ctx: TenantContext, userId: number | null | undefined): number {
  const id = userId ?? ctx.actor.userId;
  if (id !== ctx.actor.userId && !(ctx.actor.isSuperUser && ctx.actor.contractorId === null)) {
    throw notFound();
  }
  return id;
}

/**
 * POST ComputerVision: a user's face from several samples, replacing any before. Samples that do not agree
 * (another face among them, a blurred one) are face.notDetected: the person tries again.
 */
export async function enrol(ctx: TenantContext, input: z.output<typeof Enrolment>) {
  await assertAvailable(ctx.platform, ctx.conn);
  const userId = whose(ctx, input.userId);
  if (!samplesAgree(input.descriptors)) throw new AppError("face.notDetected");
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const [user] = await tx.select({ id: users.id, username: users.username }).from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound();
    // A face already another user's is refused: neither would be told apart, or the wrong one let in.
    const others = Gallery.of(
      await tx.select({ userId: faceSamples.userId, descriptor: faceSamples.descriptor }).from(faceSamples)
        .where(ne(faceSamples.userId, userId)),
    );
    if (
      input.descriptors.some((d) => (others.nearest(d)?.distance ?? Infinity) < MATCH_DISTANCE + MATCH_MARGIN)
    ) {
      throw new AppError("face.taken");
    }
    await tx.delete(faceSamples).where(eq(faceSamples.userId, userId));
    const now = nowIso();
    await tx.insert(faceSamples).values(
      input.descriptors.map((d) => ({ userId, descriptor: encodeDescriptor(d), createdAt: now })),
    );
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: "User",
      resourceId: userId,
      title: user.username,
      oldObject: {},
      newObject: { faceEnrolled: input.descriptors.length },
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add("User", "changed", userId);
    return { userId, samples: input.descriptors.length, enrolledAt: now };
  });
}

/** DELETE ComputerVision/{userId}: the user's face samples removed (the user, or an administrator). */
export async function forget(ctx: TenantContext, userId: number): Promise<void> {
  const id = whose(ctx, userId);
  await transactionWithEvents(ctx, async (tx, outbox) => {
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, id));
    if (!user) throw notFound();
    const gone = await tx.delete(faceSamples).where(eq(faceSamples.userId, id)).returning({
      id: faceSamples.id,
    });
    if (gone.length === 0) return;
    await writeRecordLog(tx, {
      action: "changed",
      resourceType: "User",
      resourceId: id,
      title: user.username,
      oldObject: { faceEnrolled: gone.length },
      newObject: { faceEnrolled: 0 },
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    });
    outbox.add("User", "changed", id);
  });
}

/** GET ComputerVision: the enrolled users (administrators). */
export async function enrolledUsers(ctx: TenantContext) {
  return await ctx.conn.db.select({
    userId: faceSamples.userId,
    username: users.username,
    visibleName: users.visibleName,
    samples: count(),
    enrolledAt: max(faceSamples.createdAt).mapWith(String),
  }).from(faceSamples).innerJoin(users, eq(users.id, faceSamples.userId))
    .groupBy(faceSamples.userId).orderBy(desc(max(faceSamples.createdAt)));
}

/** Each tenant's gallery on this thread, with what it was read at: kept until the samples change. */
const galleries = new Map<string, { mark: string; gallery: Gallery }>();

async function galleryOf(conn: Connection, key: string): Promise<Gallery> {
  const [m] = await conn.db.select({ n: count(), top: sql<number | null>`max(${faceSamples.id})` }).from(
    faceSamples,
  );
  const mark = `${m.n}:${m.top ?? 0}`;
  const known = galleries.get(key);
  if (known?.mark === mark) return known.gallery;
  const rows = await conn.db.select({ userId: faceSamples.userId, descriptor: faceSamples.descriptor })
    .from(faceSamples);
  const gallery = Gallery.of(rows);
  galleries.set(key, { mark, gallery });
  return gallery;
}

const matchFace = tenantOp(
  "faces.match",
  async (conn: Connection, args: { descriptor: number[]; supported: boolean }, tenant) => {
    if (!args.supported || !(await tenantAllows(conn))) throw new AppError("face.unsupported");
    const m = recognise(await galleryOf(conn, tenant.dbUrl), args.descriptor);
    return m ? { userId: m.userId } : null;
  },
);

/**
 * Attempts of face sign-in in the login window: from one address as many as password sign-ins, and at one
 * company ten times that from everywhere (guesses spread over many addresses).
 */
async function countAttempt(platform: Platform, ip: string | null, tenant: string): Promise<void> {
  const limit = platform.config.loginLimitPerIp;
  const wait = Math.max(
    await platform.attempts.takeWithin(`face:${ip ?? "unknown"}`, limit),
    await platform.attempts.takeWithin(`face-tenant:${tenant.toLowerCase()}`, limit * 10),
  );
  if (wait > 0) {
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
    });
  }
}

/**
 * POST ComputerVision/analyse: a descriptor from the sign-in screen. The user it is starts a session as a
 * password sign-in would (a blocked or inactive one is refused with the same codes); nobody answers
 * face.notRecognised; a tenant unknown, or without face sign-in, face.unsupported.
 */
export async function analyse(platform: Platform, input: z.output<typeof Analyse>, client: ClientInfo) {
  await countAttempt(platform, client.ip, input.tenant);
  const tenant = await platform.registry.bySlug(input.tenant);
  if (!tenant || tenant.status !== "active") throw new AppError("face.unsupported");
  const found = await matchFace(platform, tenant, {
    descriptor: input.descriptor,
    supported: platform.config.computerVision,
  });
  if (!found) throw new AppError("face.notRecognised");
  return await startSession(platform, tenant, found.userId, client, "face");
}

/** GET ComputerVision/available?tenant=: may the sign-in screen offer face sign-in for this tenant? */
export const tenantOffersFaces = tenantOp(
  "faces.available",
  async (conn: Connection, _args: null) => await tenantAllows(conn),
);

export async function available(platform: Platform, slug: string): Promise<{ available: boolean }> {
  if (!platform.config.computerVision) return { available: false };
  const tenant = await platform.registry.bySlug(slug);
  if (!tenant || tenant.status !== "active") return { available: false };
  return { available: await tenantOffersFaces(platform, tenant, null) };
}
