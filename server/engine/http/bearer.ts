// The token an Authorization header carries ("Bearer <token>"): read by authentication (server/http/middleware.ts),
// the refresh call, the front of a sharded server and the tenant proxy alike.
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}
