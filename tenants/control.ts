// Opens the control database (tenants, global logins, sessions) and brings it up to date.
import type { Config } from "../server/config.ts";
import type { Connection } from "../server/db/connection.ts";
import { openConnection } from "../server/db/open.ts";
import { migrate } from "../server/db/migrate.ts";

export async function openControl(config: Config): Promise<Connection> {
  const conn = openConnection(config.controlDbUrl, config.controlDbAuthToken);
  await migrate(conn, "control");
  return conn;
}
