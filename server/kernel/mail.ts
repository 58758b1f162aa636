// Outgoing mail over SMTP (nodemailer). Without SMTP_URL, messages are written as .eml files under
// DATA_DIR/outbox so that a development machine loses nothing and needs no mail server.
import nodemailer from "nodemailer";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(smtpUrl: string | undefined, from: string, dataDir: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const outbox = join(dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
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
