// Opens the control database (tenants, global logins, sessions) and brings it up to date.
import type { Config } from "../config.ts";
import type { Connection } from "../db/connection.ts";
import { openConnection } from "../db/open.ts";
import { migrate } from "../db/migrate.ts";

export async function openControl(config: Config): Promise<Connection> {
  const conn = openConnection(config.controlDbUrl, config.controlDbAuthToken);
  await migrate(conn, "control");
  return conn;
}
