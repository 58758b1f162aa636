// The SMS gateway adapter: one POST of JSON `{"to","text","from"}` to SMS_GATEWAY_URL with the token as a
// bearer, the way most HTTP SMS gateways take a message; 2xx is sent. A 429 or 5xx, or no answer in ten
// seconds, may pass later (a retry); any other 4xx will not (the number or the text was refused). Without a
// gateway (development), each text is written to DATA_DIR/outbox as a .txt file, so nothing is lost.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config.ts";
import { egressOf, isRefusal, refusalEvent, refusalReason } from "../../kernel/egress/egress.ts";
import { translate } from "../../../shared/i18n/api/mod.ts";

/** Why a delivery failed, and whether trying again may help. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The egress policy refused the host: the security event's detail (the host and why). */
    readonly refused?: string,
  ) {
    super(message);
  }
}

export async function sendSms(
  config: Config,
  sms: { to: string; text: string; from: string | null },
): Promise<void> {
  if (!config.smsGatewayUrl) {
    const outbox = join(config.dataDir, "outbox");
    mkdirSync(outbox, { recursive: true });
    writeFileSync(
      join(outbox, `sms-${Date.now()}-${crypto.randomUUID()}.txt`),
      `To: ${sms.to}\n\n${sms.text}\n`,
    );
    return;
  }
  let res: Response;
  try {
    // Through the egress policy like every connection: a gateway on the host's own network needs EGRESS_ALLOW.
    res = await egressOf(config).fetch(config.smsGatewayUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.smsGatewayToken ? { authorization: `Bearer ${config.smsGatewayToken}` } : {}),
      },
      body: JSON.stringify({ to: sms.to, text: sms.text, ...(sms.from ? { from: sms.from } : {}) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    if (isRefusal(err)) {
      throw new DeliveryError(
        `SMS gateway: ${translate("en-us", "egress.refused")}`,
        refusalReason(err) !== "unresolved",
        refusalEvent(err),
      );
    }
    throw new DeliveryError(`SMS gateway: ${(err as Error).message}`, false);
  }
  const answer = (await res.text()).slice(0, 300);
  if (res.ok) return;
  throw new DeliveryError(
    `SMS gateway: ${res.status} ${answer}`.trim(),
    res.status !== 429 && res.status < 500,
  );
}
