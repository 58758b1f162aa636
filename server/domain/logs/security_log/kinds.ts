// What the security event log records (plain data: the resource's options, the writer's defaults). A kind
// added here needs its label in the catalogue (`option.event.<kind>`, client/i18n/areas/security_log.ts).
export const securityEventKinds = [
  // Sign-in (password, third party, face): every attempt, and the ones refused by the attempt limits.
  "signIn.succeeded",
  "signIn.failed",
  "signIn.throttled",
  "signIn.refused",
  // A wrong current password when changing one's own password or e-mail.
  "password.wrongCurrent",
  // A call refused by permission (the access word of the route or the record: 403, or 404 as if absent).
  "access.refused",
  // Keys and tokens: an API key or a shared access's key unknown, withdrawn, expired, used where it may not
  // be or past its rate; a refresh token presented again after it was rotated (its sign-in is ended); an
  // access token whose signature or claims do not hold (of no known tenant: the system log keeps it).
  "apiKey.refused",
  "sharedAccess.refused",
  "refreshToken.reused",
  "accessToken.refused",
  // A page of another site opening the real-time socket.
  "socket.originRefused",
  // Administrators' changes: users (their roles and modules among them), shared accesses and API keys,
  // the company's account.
  "user.created",
  "user.changed",
  "user.deleted",
  "sharedAccess.created",
  "sharedAccess.withdrawn",
  "account.changed",
  // Left out by the flood limit (service.ts): how many of a kind in a minute.
  "log.leftOut",
] as const;
export type SecurityEventKind = typeof securityEventKinds[number];

export const securityOutcomes = ["succeeded", "refused", "throttled", "changed"] as const;
export type SecurityOutcome = typeof securityOutcomes[number];

/** The outcome a kind has unless its writer says otherwise. */
export function defaultOutcome(kind: SecurityEventKind): SecurityOutcome {
  if (kind === "signIn.succeeded") return "succeeded";
  if (kind === "signIn.throttled") return "throttled";
  if (kind.startsWith("user.") || kind.startsWith("account.") || kind === "sharedAccess.created") {
    return "changed";
  }
  if (kind === "sharedAccess.withdrawn") return "changed";
  return "refused";
}
