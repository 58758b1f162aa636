// What the security event log records, each kind with the outcome it has unless its writer says otherwise (plain
// data: the resource's options, the writer's defaults). A kind added here needs its label in the catalogue
// (`option.event.<kind>`, shared/i18n/areas/security_log.ts).
export const securityOutcomes = ["succeeded", "refused", "throttled", "changed"] as const;
export type SecurityOutcome = typeof securityOutcomes[number];

const kinds = {
  // Sign-in (password, third party, face): every attempt, and the ones refused by the attempt limits.
  "signIn.succeeded": "succeeded",
  "signIn.failed": "refused",
  "signIn.throttled": "throttled",
  "signIn.refused": "refused",
  // A wrong current password when changing one's own password or e-mail.
  "password.wrongCurrent": "refused",
  // A call refused by permission (the access word of the route or the record: 403, or 404 as if absent).
  "access.refused": "refused",
  // Keys and tokens: an API key or a shared access's key unknown, withdrawn, expired, used where it may not
  // be or past its rate; a refresh token presented again after it was rotated (its sign-in is ended); an
  // access token whose signature or claims do not hold (of no known tenant: the system log keeps it).
  "apiKey.refused": "refused",
  "sharedAccess.refused": "refused",
  "refreshToken.reused": "refused",
  "accessToken.refused": "refused",
  // A page of another site opening the real-time socket.
  "socket.originRefused": "refused",
  // The second factor at sign-in (a wrong code or a passkey that did not sign, an unknown or expired ticket;
  // the attempt limits; an app's code of a time step already used), a passkey being added that does not
  // verify, and a call refused until the factor the company requires is set up.
  "secondFactor.failed": "refused",
  "secondFactor.throttled": "throttled",
  "secondFactor.replayed": "refused",
  "secondFactor.addRefused": "refused",
  "secondFactor.setupRequired": "refused",
  // Face sign-in beyond the sign-in kinds above (a face nobody has is signIn.failed): a device not enrolled,
  // withdrawn or whose signature is wrong, a challenge used, forged or expired, an administrator's face;
  // enrolments refused (an administrator's face, one near another user's) or held back by the attempt limit.
  "face.signInRefused": "refused",
  "face.enrolmentRefused": "refused",
  "face.enrolmentThrottled": "throttled",
  // Print agents: a key refused at the agent's hello, an address held back after many refused keys, an agent
  // reporting on a job that is not its site's.
  "printAgent.keyRefused": "refused",
  "printAgent.throttled": "throttled",
  "printAgent.foreignJob": "refused",
  // A connection the server would open refused by the egress policy (the host named, never credentials).
  "egress.refused": "refused",
  // `/api/health` asked with a bearer that is not the provider's monitoring token (HEALTH_TOKEN).
  "health.tokenRefused": "refused",
  // A signed-in user's calls past their rate; a sensitive GET made by another site, a link or a resource
  // load (Fetch Metadata); a file the virus scanner found malicious.
  "request.rateLimited": "throttled",
  "request.crossSite": "refused",
  "file.infected": "refused",
  // Administrators' changes: users (their roles and modules among them), shared accesses and API keys,
  // the company's account.
  "user.created": "changed",
  "user.changed": "changed",
  "user.deleted": "changed",
  "sharedAccess.created": "changed",
  "sharedAccess.withdrawn": "changed",
  "account.changed": "changed",
  // Second factors: a user's own added or removed, recovery codes made anew; an administrator's (or the
  // provider's, from the host) removal of all of a user's factors.
  "secondFactor.added": "changed",
  "secondFactor.removed": "changed",
  "recoveryCodes.renewed": "changed",
  "secondFactor.reset": "changed",
  // Faces: enrolled by an administrator (or a user's own confirmed), a user's own declined, removed; the
  // devices face sign-in works at, enrolled and withdrawn.
  "face.enrolled": "changed",
  "face.enrolmentDeclined": "changed",
  "face.removed": "changed",
  "face.deviceEnrolled": "changed",
  "face.deviceWithdrawn": "changed",
  // A site's print-agent key made (or replaced) and withdrawn.
  "printAgent.keyMade": "changed",
  "printAgent.keyWithdrawn": "changed",
  // Sign-ins ended by an administrator: one user's, or everyone's in the company.
  "sessions.ended": "changed",
  // Left out by the flood limit (service.ts): how many of a kind in a minute.
  "log.leftOut": "refused",
} as const satisfies Record<string, SecurityOutcome>;

export type SecurityEventKind = keyof typeof kinds;
export const securityEventKinds = Object.keys(kinds) as SecurityEventKind[];

/** The outcome a kind has unless its writer says otherwise. */
export function defaultOutcome(kind: SecurityEventKind): SecurityOutcome {
  return kinds[kind];
}
