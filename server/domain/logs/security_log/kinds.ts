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
  // The second factor at sign-in (a wrong code or a passkey that did not sign, an unknown or expired ticket;
  // the attempt limits; an app's code of a time step already used), a passkey being added that does not
  // verify, and a call refused until the factor the company requires is set up.
  "secondFactor.failed",
  "secondFactor.throttled",
  "secondFactor.replayed",
  "secondFactor.addRefused",
  "secondFactor.setupRequired",
  // Face sign-in beyond the sign-in kinds above (a face nobody has is signIn.failed): a device not enrolled,
  // withdrawn or whose signature is wrong, a challenge used, forged or expired, an administrator's face;
  // enrolments refused (an administrator's face, one near another user's) or held back by the attempt limit.
  "face.signInRefused",
  "face.enrolmentRefused",
  "face.enrolmentThrottled",
  // Print agents: a key refused at the agent's hello, an address held back after many refused keys, an agent
  // reporting on a job that is not its site's.
  "printAgent.keyRefused",
  "printAgent.throttled",
  "printAgent.foreignJob",
  // A connection the server would open refused by the egress policy (the host named, never credentials).
  "egress.refused",
  // A signed-in user's calls past their rate; a sensitive GET made by another site, a link or a resource
  // load (Fetch Metadata); a file the virus scanner found malicious.
  "request.rateLimited",
  "request.crossSite",
  "file.infected",
  // Administrators' changes: users (their roles and modules among them), shared accesses and API keys,
  // the company's account.
  "user.created",
  "user.changed",
  "user.deleted",
  "sharedAccess.created",
  "sharedAccess.withdrawn",
  "account.changed",
  // Second factors: a user's own added or removed, recovery codes made anew; an administrator's (or the
  // provider's, from the host) removal of all of a user's factors.
  "secondFactor.added",
  "secondFactor.removed",
  "recoveryCodes.renewed",
  "secondFactor.reset",
  // Faces: enrolled by an administrator (or a user's own confirmed), a user's own declined, removed; the
  // devices face sign-in works at, enrolled and withdrawn.
  "face.enrolled",
  "face.enrolmentDeclined",
  "face.removed",
  "face.deviceEnrolled",
  "face.deviceWithdrawn",
  // A site's print-agent key made (or replaced) and withdrawn.
  "printAgent.keyMade",
  "printAgent.keyWithdrawn",
  // Sign-ins ended by an administrator: one user's, or everyone's in the company.
  "sessions.ended",
  // Left out by the flood limit (service.ts): how many of a kind in a minute.
  "log.leftOut",
] as const;
export type SecurityEventKind = typeof securityEventKinds[number];

export const securityOutcomes = ["succeeded", "refused", "throttled", "changed"] as const;
export type SecurityOutcome = typeof securityOutcomes[number];

/** Kinds that record a change (of a user, a key, a device, the account): their outcome is `changed`. */
const changes: ReadonlySet<SecurityEventKind> = new Set<SecurityEventKind>([
  "user.created",
  "user.changed",
  "user.deleted",
  "sharedAccess.created",
  "sharedAccess.withdrawn",
  "account.changed",
  "secondFactor.added",
  "secondFactor.removed",
  "recoveryCodes.renewed",
  "secondFactor.reset",
  "face.enrolled",
  "face.enrolmentDeclined",
  "face.removed",
  "face.deviceEnrolled",
  "face.deviceWithdrawn",
  "printAgent.keyMade",
  "printAgent.keyWithdrawn",
  "sessions.ended",
]);

/** Kinds of the attempt limits: their outcome is `throttled`. */
const limits: ReadonlySet<SecurityEventKind> = new Set<SecurityEventKind>([
  "signIn.throttled",
  "secondFactor.throttled",
  "face.enrolmentThrottled",
  "printAgent.throttled",
  "request.rateLimited",
]);

/** The outcome a kind has unless its writer says otherwise. */
export function defaultOutcome(kind: SecurityEventKind): SecurityOutcome {
  if (kind === "signIn.succeeded") return "succeeded";
  if (limits.has(kind)) return "throttled";
  if (changes.has(kind)) return "changed";
  return "refused";
}
