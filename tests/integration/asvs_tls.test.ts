// ASVS 12.3.2: the server's TLS clients validate the certificate of what they connect to. Real TLS servers
// on loopback present a certificate no trusted authority signed (made here with openssl): the OpenID
// provider's discovery (Deno's fetch, which the SMS gateway, shops, carriers and libSQL use too) and the mail
// server (nodemailer over node:tls, which the companies' own mail accounts use too) refuse it, and the code
// turns no validation off anywhere.
import { Egress } from "../../server/kernel/egress/egress.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, startServer, type TestServer } from "../fixtures/harness.ts";
import { createMailer } from "../../server/kernel/mail.ts";
import { AppError } from "../../server/kernel/errors.ts";

let dir: string;
let cert: string;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wms-tls-"));
  const made = await new Deno.Command("openssl", {
    args: [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!made.success) throw new Error(new TextDecoder().decode(made.stderr));
  cert = readFileSync(join(dir, "cert.pem"), "utf8");
  key = readFileSync(join(dir, "key.pem"), "utf8");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("TLS clients (12.3.2)", () => {
  it("the OpenID provider's discovery over HTTPS refuses a certificate no trusted authority signed", async () => {
    let asked = 0;
    const https = Deno.serve({ hostname: "127.0.0.1", port: 0, cert, key, onListen: () => {} }, () => {
      asked++;
      return Response.json({});
    });
    const issuer = `https://127.0.0.1:${https.addr.port}`;
    let s: TestServer | undefined;
    try {
      s = await startServer({ oidcIssuer: issuer, oidcClientId: "wms", oidcClientSecret: "secret" });
      const r = await call(s, "GET", "/api/Auth/ThirdParty");
      expect([r.status, r.body]).toEqual([200, { enabled: false }]);
      const [row] = await s.platform.control.query("SELECT message FROM system_log WHERE request_id = ?", [
        r.headers.get("x-request-id"),
      ]);
      expect(String(row.message)).toMatch(/discovery at https:\/\/127\.0\.0\.1:\d+.*failed/);
      expect(String(row.message)).toMatch(/certificate|UnknownIssuer|tls/i);
      // The request never reached the server: the handshake failed first.
      expect(asked).toBe(0);
    } finally {
      await s?.close();
      await https.shutdown();
    }
  });

  it("mail over TLS refuses the mail server's certificate no trusted authority signed", async () => {
    const listener = Deno.listenTls({ hostname: "127.0.0.1", port: 0, cert, key });
    const accepted: Promise<void> = (async () => {
      for await (const conn of listener) {
        // The client hangs up during the handshake; nothing is ever read or written here.
        conn.handshake().catch(() => {}).finally(() => conn.close());
      }
    })().catch(() => {});
    try {
      // The operator's relay on loopback, allowed as an operator would (EGRESS_ALLOW=127.0.0.1).
      const mailer = createMailer(
        `smtps://127.0.0.1:${listener.addr.port}`,
        "WMS <wms@test.example>",
        dir,
        new Egress({ allow: ["127.0.0.1"] }),
      );
      let failure: unknown;
      try {
        await mailer.send({ to: "someone@test.example", subject: "Hello", text: "Hi" });
      } catch (err) {
        failure = err;
      }
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe("server.mailFailed");
      const cause = String((failure as AppError).details.cause);
      expect(cause).toMatch(/certificate|self.signed|verify/i);
    } finally {
      listener.close();
      await accepted;
    }
  });

  it("no code turns certificate validation off", () => {
    const found: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const path = join(d, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(path, "utf8");
          if (
            /rejectUnauthorized|unsafelyIgnoreCertificateErrors|NODE_TLS_REJECT_UNAUTHORIZED|checkServerIdentity/
              .test(text)
          ) {
            found.push(path);
          }
        }
      }
    };
    for (const d of ["server", "tenants", "widgets", "scripts"]) walk(d);
    expect(found).toEqual([]);
    const tasks = readFileSync("deno.json", "utf8");
    expect(tasks).not.toMatch(/unsafely-ignore-certificate-errors/);
  });
});
