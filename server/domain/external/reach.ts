// Whether a service's address may be used: the egress policy's check (kernel/egress) on the address an
// administrator saves, and again before each use, answered on the field.
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { egressOf, isRefusal } from "../../kernel/egress/egress.ts";

/**
 * Refuses a service the egress policy will not connect to (the host's own networks, a name that does not
 * resolve: kernel/egress) as `egress.refused` on `baseUrl`: when saved and again before each use, as a name
 * may come to point elsewhere. (Each call checks its own connection too.)
 */
export async function assertReachable(ctx: Pick<TenantContext, "services">, url: string): Promise<void> {
  try {
    await egressOf(ctx.services.config).assert(new URL(url).hostname);
  } catch (err) {
    if (!isRefusal(err)) throw err;
    throw new AppError("egress.refused", {
      fields: { baseUrl: ["validation.egressRefused"] },
      cause: err.details.cause,
      security: err.details.security,
    });
  }
}
