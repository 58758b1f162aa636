// The demo tenant's password, apart from its data so that the server's start line can print it cheaply.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../server/config.ts";
import { randomCode } from "../server/kernel/crypto.ts";

/**
 * The demo users' password: `DEMO_PASSWORD` when the operator names one; otherwise a random one made the
 * first time and kept in `DATA_DIR/demo-password` (readable by the server's user alone), which `npm start`
 * prints. No installation answers to a password published in this repository (ASVS 6.3.2).
 */
export function demoPassword(config: Pick<Config, "demoPassword" | "dataDir">): string {
  if (config.demoPassword) return config.demoPassword;
  const file = join(config.dataDir, "demo-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const made = randomCode(16).match(/.{4}/g)!.join("-");
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, made + "\n", { mode: 0o600, flag: "wx" });
  } catch {
    // Another process made it first: theirs is the one.
    return readFileSync(file, "utf8").trim();
  }
  return made;
}
