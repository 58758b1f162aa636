// Single-use codes sent by e-mail (account activation, password reset), stored only as their SHA-256
// and consumed atomically: a code works once, and not after it expires.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Services } from "../../../kernel/services.ts";
import { randomCode, sha256 } from "../../../kernel/crypto.ts";
import { isoIn, nowIso } from "../../../kernel/time.ts";
import { authCodes } from "../../../tenancy/schema.ts";
import { assertServedHere } from "../../../cluster/placement.ts";

export type CodeKind = "activation" | "reset";

/** A code as it is stored: the SHA-256 of it trimmed and lower-cased (as typed or as in a link). */
export function codeHash(code: string): string {
  return sha256(code.trim().toLowerCase());
}

export async function issueCode(
  platform: Pick<Services, "control">,
  kind: CodeKind,
  tenantId: number,
  userId: number,
  ttlSeconds: number,
): Promise<{ code: string; expiresAt: string }> {
  const code = randomCode(26);
  const expiresAt = isoIn(ttlSeconds);
  await platform.control.transaction(async (tx) => {
    // A new code replaces the user's earlier unused ones of the same kind.
    await tx.update(authCodes).set({ usedAt: nowIso() }).where(and(
      eq(authCodes.tenantId, tenantId),
      eq(authCodes.userId, userId),
      eq(authCodes.kind, kind),
      isNull(authCodes.usedAt),
    ));
    await tx.insert(authCodes).values({
      codeHash: codeHash(code),
      kind,
      tenantId,
      userId,
      createdAt: nowIso(),
      expiresAt,
    });
  });
  return { code, expiresAt };
}

/** Uses a code up; answers its owner, or undefined when unknown, used or expired. */
export async function consumeCode(
  platform: Pick<Services, "control">,
  kind: CodeKind,
  code: string,
): Promise<{ tenantId: number; userId: number } | undefined> {
  const now = nowIso();
  const [row] = await platform.control.db.update(authCodes).set({ usedAt: now }).where(and(
    eq(authCodes.codeHash, codeHash(code)),
    eq(authCodes.kind, kind),
    isNull(authCodes.usedAt),
    gt(authCodes.expiresAt, now),
  )).returning({ tenantId: authCodes.tenantId, userId: authCodes.userId });
  return row;
}

/** The owner of a usable code, without using it up. */
export async function codeOwner(
  platform: Pick<Services, "control">,
  kind: CodeKind,
  code: string,
): Promise<{ tenantId: number; userId: number } | undefined> {
  const [row] = await platform.control.db.select({ tenantId: authCodes.tenantId, userId: authCodes.userId })
    .from(authCodes).where(and(
      eq(authCodes.codeHash, codeHash(code)),
      eq(authCodes.kind, kind),
      isNull(authCodes.usedAt),
      gt(authCodes.expiresAt, nowIso()),
    )).limit(1);
  return row;
}

/**
 * The tenant a usable code belongs to, without using it: a code whose tenant another instance serves (or
 * one moving) is refused (503 naming that instance) before it is consumed, so the retry there still works.
 */
export async function assertCodeServedHere(
  platform: Pick<Services, "config" | "control" | "registry">,
  kind: CodeKind,
  code: string,
): Promise<void> {
  const [row] = await platform.control.db.select({ tenantId: authCodes.tenantId }).from(authCodes).where(and(
    eq(authCodes.codeHash, codeHash(code)),
    eq(authCodes.kind, kind),
    isNull(authCodes.usedAt),
    gt(authCodes.expiresAt, nowIso()),
  )).limit(1);
  const tenant = row ? await platform.registry.byId(row.tenantId) : undefined;
  if (tenant) assertServedHere(platform.config.instance, tenant);
}
