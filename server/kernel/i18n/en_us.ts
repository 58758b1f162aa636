// The server's catalogue in en-us: error messages (by error and field code) and e-mails. Every other
// language file has exactly these keys (a test compares them). `{name}` marks a parameter.
export const enUs = {
  "validation.failed": "The form has errors, review the fields.",
  "request.badQuery": "The request is not valid: {detail}.",
  "request.timeout": "The request took too long to arrive. Try again.",
  "request.notJson": "Send the request body as JSON (Content-Type: application/json).",
  "request.tooLarge": "The request is too large (at most {limit}).",
  "request.idempotencyKeyReused":
    "This key was already used for a different request. Use a new key for a new request.",
  "request.idempotencyKeyInProgress":
    "A request with this key is being processed or its answer was lost. Check the result before trying again.",
  "auth.wrongCredentials": "Wrong user name or password.",
  "auth.blocked": "This account is blocked. Contact your office.",
  "auth.notActivated":
    "This account is not activated yet. Wait for the activation e-mail or contact support.",
  "auth.awaitingApproval": "Your company's registration is awaiting confirmation by the provider.",
  "auth.suspended": "Your company's account is suspended. Contact the provider.",
  "auth.tokenMissing": "Sign in to continue.",
  "auth.tokenInvalid": "Your sign-in is not valid. Sign in again.",
  "auth.tokenExpired": "Your sign-in has expired.",
  "auth.refreshInvalid": "Your session has ended. Sign in again.",
  "auth.thirdPartyFailed": "Sign-in with the external identity provider failed.",
  "auth.thirdPartyNotConfigured":
    "Sign-in with an external identity provider is not set up for this service.",
  "auth.forbidden": "You do not have permission for this operation.",
  "auth.moduleDisabled": "This module is not enabled for your account.",
  "auth.tooManyAttempts": "Too many attempts. Try again in {minutes} minutes.",
  "register.activationCodeNotFound": "Activation code not found. It may have been used already.",
  "register.wrongResetCode": "Wrong or expired password reset code.",
  "register.emailNotFound": "E-mail address not found.",
  "record.notFoundOrNoPermission": "Object not found or insufficient permissions.",
  "route.notFound": "There is no such address in the API.",
  "method.notAllowed": "This method is not allowed here.",
  "document.numberCollision": "The document number must be unique. Save again.",
  "record.foreignKey": "This entry is linked to other records and cannot be deleted.",
  "record.foreignKey.company": "This entry is linked to a company and cannot be deleted.",
  "record.foreignKey.message": "This entry is linked to a message and cannot be deleted.",
  "record.foreignKey.externalOrder": "This entry is linked to an external order and cannot be deleted.",
  "record.uniqueConflict": "A unique value is already used. Check the unique fields.",
  "record.uniqueConflict.value": "The value {value} is already used by {owner}.",
  "record.statusForbidsDelete": "The status of this record does not allow deletion.",
  "order.nothingToGenerate": "Everything on this order is already on documents.",
  "production.disabled": "Production is switched off in the logistics configuration.",
  "production.noResources": "This product has no resources for production (its bill of materials is empty).",
  "production.nothingLeftToProduce": "Nothing is left to produce on this production order.",
  "order.statusChangeNotAllowed": "Status change is not allowed for this order.",
  "record.changedByAnotherUser":
    "Another user has changed this record meanwhile. Reload it and repeat your change.",
  "record.alreadyRemoved": "This entry has already been removed.",
  "import.fileTooLarge": "The file is too large (at most 20 MB).",
  "file.typeNotAllowed": "This file type is not allowed.",
  "document.validation": "The document did not pass validation.",
  "document.notWorkingCopy":
    "Only a working copy can be changed; this document is already confirmed or reverted.",
  "document.generatedPositions": "Positions of generated documents cannot be modified.",
  "document.revertBlocked": "The document cannot be reverted: stock it brought in has already left.",
  "document.issue.notWorkingCopy": "The document must be a working copy.",
  "document.issue.notConfirmed": "Only a confirmed document can be reverted.",
  "document.issue.noPositions": "The document has no positions.",
  "document.issue.internalWithContractor": "An internal document cannot be tied to a contractor.",
  "document.issue.contractorMismatch":
    "The product {product} belongs to another contractor than the document.",
  "document.issue.sourceLocationRequired": "A source location is required.",
  "document.issue.sourceLocationForbidden": "A receipt has no source location.",
  "document.issue.sourceContainerForbidden": "A receipt has no source container.",
  "document.issue.sourceContainerRequired": "A container relocation names the container it moves.",
  "document.issue.destinationLocationRequired": "A destination location is required.",
  "document.issue.destinationLocationForbidden": "A release has no destination location.",
  "document.issue.destinationContainerForbidden": "A release has no destination container.",
  "document.issue.locationLocked": "The location {location} is locked for this operation.",
  "document.issue.containerLocked": "The container {container} is locked for this operation.",
  "document.issue.containerAtOtherLocation":
    "The container {container} is not at {location} but at {actual}.",
  "document.issue.temperatureUnsuitable":
    "The location {location} keeps {temperature} °C; the product needs {min} to {max} °C.",
  "document.issue.expiryDateRequired": "The product {product} requires an expiry date.",
  "document.issue.productionDateRequired": "The product {product} requires a production date.",
  "document.issue.serialNumberRequired": "The product {product} requires a serial number.",
  "document.issue.productExpired": "The product {product} expired on {expiryDate}.",
  "document.issue.shortExpiry":
    "The product {product} expires on {expiryDate}, in {days} days (at least {minimumDays} expected).",
  "document.issue.productLockedIn": "Receipt of the product {product} is locked.",
  "document.issue.productLockedOut": "Release of the product {product} is locked.",
  "document.issue.productLockedRelocate": "Relocation of the product {product} is locked.",
  "document.issue.quantityNotPositive": "The quantity must be greater than 0.",
  "document.issue.quantityAboveAvailable": "The quantity is above what is available at the source.",
  "document.issue.stockAboveLimit":
    "This would bring the product's stock above 1,000,000,000,000 units, the most the warehouse records.",
  "document.issue.productNotFound": "No product matches {code}.",
  "document.issue.gs1Unreadable":
    "The scanned GS1 code {code} cannot be read: check the label (a wrong check digit, date or element).",
  "document.issue.productAmbiguous": "{count} products match {code}: {products}.",
  "document.issue.orderNotConfirmed": "Order {order} is not confirmed: its documents cannot be confirmed.",
  "document.issue.productNotOnOrder": "Product {product} is not on order {order}.",
  "document.issue.quantityAboveOrder":
    "The quantity of {product} is above what is left on the order ({left}).",
  "document.issue.stockAlreadyLeft": "Stock this document brought in has already left ({missing} missing).",
  "document.issue.locationEmpty": "Nothing is stored at {location}.",
  "document.issue.containerNotWhole":
    "A container relocation moves the whole container {container}; {left} would stay behind.",
  "document.issue.containerMoved":
    "The container {container} has moved since; the stock cannot return to where it was.",
  "client.outdated": "This version of the application is outdated. Refresh to load the latest.",
  "server.unknown": "An unknown error occurred. Request id: {requestId}.",
  "server.misconfigured": "The server is set up wrongly. Contact the provider.",
  "server.mailFailed": "The e-mail could not be sent. Try again later.",
  "server.unavailable": "This part of the server is restarting. Try again in a moment.",

  "validation.required": "This information is required.",
  "validation.invalidEmail": "This is not a valid e-mail address.",
  "validation.tooLong": "The value is too long.",
  "validation.tooShort": "The value is too short.",
  "validation.tooSmall": "The value is too small.",
  "validation.tooLarge": "The value is too large.",
  "validation.forbiddenCharacter": "The value contains a forbidden character.",
  "validation.passwordsMustMatch": "Passwords must match.",
  "validation.currentPasswordWrong": "This is not your current password.",
  "validation.passwordTooCommon":
    "This password is one of the most common ones and is guessed first. Choose another.",
  "validation.phoneCountryCode": "The phone number must include the country code, e.g. +48 600 700 800.",
  "validation.emailExists": "This e-mail address already exists.",
  "validation.usernameExists": "This user name already exists.",
  "validation.mustBeUnique": "This value must be unique.",
  "validation.invalidValue": "This value is not allowed.",
  "validation.mustAcceptTerms": "You must accept the terms of service.",
  "validation.criticalAboveWarning": "The critical stock may not be above the warning stock.",
  "validation.productionNaming": "Before production, this must contain ' - ' (e.g. \"Bread - white\").",
  "validation.minAboveMax": "The minimum temperature may not be above the maximum.",
  "validation.unknownField": "This field is not known.",

  "mail.activation.subject": "Activate your account in {appName}",
  "mail.activation.body":
    "Hello {name},\n\nthe registration of {company} has been confirmed. Activate your account by opening this link:\n{link}\n\nThe link is valid until {expires}.",
  "mail.reset.subject": "Password reset in {appName}",
  "mail.reset.body":
    "Hello {name},\n\nsomeone asked to reset the password of the account {username}. Your reset code is:\n{code}\n\nor open this link:\n{link}\n\nThe code is valid until {expires}. If it was not you, ignore this message.",
  "mail.registered.subject": "We have received the registration of {company}",
  "mail.registered.body":
    "Hello {name},\n\nthank you for registering {company}. The provider will confirm the registration shortly; you will then receive an activation link.",
} as const;

export type MessageKey = keyof typeof enUs;
export type Catalogue = Record<MessageKey, string>;
