// One error family. Each code comes from the API contract's closed list and maps to one HTTP status in
// one place (http/errors.ts); its message is looked up in the caller's language there.
export const errorStatus = {
  "validation.failed": 400,
  "request.badQuery": 400,
  "auth.wrongCredentials": 401,
  "auth.blocked": 401,
  "auth.notActivated": 401,
  "auth.awaitingApproval": 401,
  "auth.suspended": 401,
  "auth.tokenMissing": 401,
  "auth.tokenInvalid": 401,
  "auth.tokenExpired": 401,
  "auth.refreshInvalid": 401,
  "auth.thirdPartyFailed": 401,
  "auth.forbidden": 403,
  "request.crossSite": 403,
  "account.documentLimitReached": 402,
  "sharedAccess.ended": 410,
  "sharedAccess.rateLimited": 429,
  "auth.moduleDisabled": 403,
  "auth.thirdPartyNotConfigured": 404,
  "register.activationCodeNotFound": 404,
  "register.wrongResetCode": 400,
  "register.emailNotFound": 404,
  "record.notFoundOrNoPermission": 404,
  "route.notFound": 404,
  "method.notAllowed": 405,
  "document.numberCollision": 406,
  "request.timeout": 408,
  "request.notJson": 415,
  "record.foreignKey": 409,
  "record.uniqueConflict": 409,
  "record.statusForbidsDelete": 409,
  "order.statusChangeNotAllowed": 409,
  "order.nothingToGenerate": 409,
  "transport.statusChangeNotAllowed": 409,
  "external.refreshTokenInvalid": 409,
  "external.busy": 409,
  "external.serviceRefused": 422,
  "external.serviceFailed": 502,
  "face.notRecognised": 401,
  "face.notDetected": 422,
  "face.unsupported": 409,
  "face.taken": 409,
  "face.deviceNotEnrolled": 401,
  "face.challengeInvalid": 401,
  "face.administrator": 403,
  "face.nothingPending": 409,
  "production.disabled": 409,
  "production.noResources": 409,
  "production.nothingLeftToProduce": 409,
  "portal.cartEmpty": 409,
  "map.noMap": 404,
  "map.fileTooLarge": 413,
  "portal.notEnoughStock": 409,
  "portal.productUnavailable": 409,
  "record.changedByAnotherUser": 409,
  "request.idempotencyKeyInProgress": 409,
  "record.alreadyRemoved": 409,
  "record.importing": 409,
  "import.interrupted": 409,
  "import.tenantMoving": 409,
  "document.notWorkingCopy": 409,
  "document.generatedPositions": 409,
  "import.fileTooLarge": 413,
  "import.fileEmpty": 400,
  "import.fileUnreadable": 400,
  "import.tooManyRows": 400,
  "export.tooManyRows": 422,
  "print.printerNotFound": 404,
  "print.noDefaultLayout": 422,
  "print.connectionFailed": 502,
  "egress.refused": 422,
  "print.invalidLayout": 422,
  "print.barcodeUnencodable": 422,
  "message.noRecipients": 422,
  "message.noEmailAccount": 422,
  "import.tooManyColumns": 400,
  "import.invalidRows": 422,
  "file.tooLarge": 413,
  "request.tooLarge": 413,
  "file.typeNotAllowed": 415,
  "file.infected": 422,
  "file.scanUnavailable": 503,
  "document.validation": 422,
  "request.idempotencyKeyReused": 422,
  "document.revertBlocked": 422,
  "client.outdated": 426,
  "auth.tooManyAttempts": 429,
  "auth.secondFactorInvalid": 401,
  "auth.secondFactorExpired": 401,
  "auth.secondFactorSetupRequired": 403,
  "secondFactor.lastRequired": 409,
  "secondFactor.notSetUp": 409,
  "secondFactor.passkeyNotVerified": 422,
  "request.rateLimited": 429,
  "server.unknown": 500,
  "server.misconfigured": 500,
  "server.mailFailed": 502,
  "server.unavailable": 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Field-level codes used in `error.fields`. */
export type FieldCode =
  | "validation.required"
  | "validation.invalidEmail"
  | "validation.tooLong"
  | "validation.tooShort"
  | "validation.tooSmall"
  | "validation.tooLarge"
  | "validation.forbiddenCharacter"
  | "validation.passwordsMustMatch"
  | "validation.currentPasswordWrong"
  | "validation.codeWrong"
  | "validation.passwordTooCommon"
  | "validation.passwordContextWord"
  | "validation.passwordBreached"
  | "validation.phoneCountryCode"
  | "validation.emailExists"
  | "validation.usernameExists"
  | "validation.mustBeUnique"
  | "validation.invalidValue"
  | "validation.egressRefused"
  | "validation.mustAcceptTerms"
  | "validation.criticalAboveWarning"
  | "validation.minAboveMax"
  | "validation.productionNaming"
  | "validation.finishBeforeStart"
  | "validation.unknownField"
  | "validation.personHasNoEmail"
  | "validation.noRateForNewBase"
  | "validation.baseCurrencyByItsOwnCall"
  | "validation.baseCurrencyRate";

export interface DocumentIssue {
  positionId: number | null;
  code: string;
  severity: "error" | "warning";
  params?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details: {
      fields?: Record<string, FieldCode[]>;
      issues?: DocumentIssue[];
      /** An import's bad cells, by file row and column (422 import.invalidRows). */
      rowErrors?: {
        row: number;
        column: string | null;
        code: string;
        /** The message's values (the text refused, what was likely meant, the record that has it). */
        params?: Record<string, string | number | string[]>;
      }[];
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      cause?: unknown;
      /**
       * A refusal the security log keeps (server/http/errors.ts writes it as the request's event): its kind
       * (server/domain/logs/security_log/kinds.ts) and a short detail, never a secret. Not answered.
       */
      security?: { kind: string; detail?: string };
    } = {},
  ) {
    super(code);
    this.status = errorStatus[code];
    this.name = "AppError";
  }
}

export function fieldError(fields: Record<string, FieldCode[]>): AppError {
  return new AppError("validation.failed", { fields });
}

export const notFound = (): AppError => new AppError("record.notFoundOrNoPermission");
