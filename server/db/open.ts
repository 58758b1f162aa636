import type { Connection } from "./connection.ts";
import { LocalConnection, type LocalOptions } from "./local.ts";
import { RemoteConnection } from "./remote.ts";

/** `file:` URLs open with node:sqlite; `libsql:`, `http(s):` and `ws(s):` go to a libSQL server. */
export function openConnection(
  url: string,
  authToken?: string,
  options: Pick<LocalOptions, "readOnly" | "fence" | "walGuard"> = {},
): Connection {
  if (url.startsWith("file:") || url === ":memory:") return new LocalConnection(url, options);
  if (/^(libsql|https?|wss?):\/\//.test(url)) return new RemoteConnection(url, authToken);
  throw new Error(`Unsupported database URL "${url}": expected file:, libsql://, https:// or wss://`);
}
