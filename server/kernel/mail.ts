// Outgoing mail over SMTP (nodemailer). Without SMTP_URL, messages are written as .eml files under
// DATA_DIR/outbox so that a development machine loses nothing and needs no mail server. The connection goes
// through the egress policy like every other: a relay on the host's own network needs EGRESS_ALLOW.
import type { Transporter } from "nodemailer";
import type { Egress } from "./egress/egress.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "./errors.ts";
import { lazy } from "./lazy.ts";

/** nodemailer, loaded at the thread's first mail: about 30 ms of every thread's start otherwise. */
export const nodemailer = lazy(() => import("nodemailer").then((m) => m.default));

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  dataDir: string,
  egress: Egress,
): Mailer {
  if (smtpUrl) {
    // nodemailer's defaults wait up to two minutes for a connection and ten for a stalled socket, while
    // the caller's request waits too. Query parameters of SMTP_URL still override these.
    // Made at the first mail, with the library.
    const transport = lazy(async (): Promise<Transporter> =>
      (await nodemailer()).createTransport({
        url: smtpUrl,
        getSocket: egress.smtpSocket,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    );
    return {
      async send(mail) {
        try {
          await (await transport()).sendMail({ from, ...mail });
        } catch (err) {
          // A refused recipient or an unreachable server is the contract's 502, not an unknown 500.
          throw new AppError("server.mailFailed", { cause: err });
        }
      },
    };
  }
  const outbox = join(dataDir, "outbox");
  const transport = lazy(async (): Promise<Transporter> =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" })
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from, ...mail });
      mkdirSync(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID()}.eml`,
      );
      writeFileSync(file, info.message as Uint8Array);
      console.info(`mail to ${mail.to} ("${mail.subject}") written to ${file} (no SMTP_URL set)`);
    },
  };
}
