// The server's catalogue in en-us: error messages (by error and field code) and e-mails. Every other
// language file has exactly these keys (a test compares them). `{name}` marks a parameter.
export const enUs = {
  "validation.failed": "The form has errors, review the fields.",
  "request.badQuery": "The request is not valid: {detail}.",
  "request.timeout": "The request took too long to arrive. Try again.",
  "request.notJson": "Send the request body as JSON (Content-Type: application/json).",
  "request.crossSite":
    "This call is answered only to the application's own pages, not to another site, a link or an image.",
  "request.tooLarge": "The request is too large (at most {limit}).",
  "request.tooLarge.tooCostly":
    "This asks for more work than one request may (at most {seconds} s and {memory} MB). Ask for fewer records or a simpler layout.",
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
  "auth.secondFactorInvalid":
    "The code or passkey was not accepted: the code is wrong or was already used. Try again.",
  "auth.secondFactorExpired": "This sign-in has expired. Sign in again with your password.",
  "auth.secondFactorSetupRequired":
    "Your company requires a second factor. Set up a passkey or an authenticator app to continue.",
  "secondFactor.lastRequired":
    "Your company requires a second factor: add another one before removing this one.",
  "secondFactor.notSetUp": "Set up a second factor first (or start its setup again).",
  "secondFactor.passkeyNotVerified": "The passkey could not be verified. Try adding it again.",
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
  "transport.statusChangeNotAllowed": "This freight ticket's state does not allow this change.",
  "external.refreshTokenInvalid": "The refresh token is invalid or unknown: connect the service again.",
  "external.busy": "An import or stock update of these credentials is already running.",
  "external.serviceRefused": "The external service refused the request: {detail}",
  "external.serviceFailed":
    "Import from the external service failed: it did not answer or kept refusing. Try again later.",
  "face.notRecognised": "Nobody was recognised. Try again, or sign in with your password.",
  "face.notDetected":
    "No face was detected, or the picture was too poor. Face the camera in good light and try again.",
  "face.unsupported": "This server has no computer vision support, or face sign-in is off for this company.",
  "face.taken": "This face is already enrolled for another user.",
  "face.deviceNotEnrolled":
    "This device is not enrolled for face sign-in, or it was withdrawn. An administrator enrols it on the Face recognition screen; until then, sign in with your password.",
  "face.challengeInvalid": "The sign-in request has expired or was already used. Try again.",
  "face.administrator": "Administrators sign in with their password: face sign-in is not for administrators.",
  "face.nothingPending": "No enrolment of this user waits for confirmation.",
  "record.changedByAnotherUser":
    "Another user has changed this record meanwhile. Reload it and repeat your change.",
  "map.fileTooLarge": "The map file is too large (at most {limit}).",
  "map.fileTooLarge.tooCostly":
    "The map takes more work to read than one file may (at most {seconds} s and {memory} MB). Simplify the drawing or split it.",
  "map.noMap": "This location has no map yet. Upload one first.",
  "portal.cartEmpty": "The cart is empty: add products before confirming the order.",
  "portal.notEnoughStock": "Not enough free stock of {product}: {free} can be ordered now.",
  "portal.productUnavailable": "{product} cannot be ordered now: it is disabled or locked.",
  "sharedAccess.ended":
    "This shared access has ended: it was withdrawn, has expired or was already used. Ask the warehouse for a new link.",
  "sharedAccess.rateLimited": "Too many requests with this key. Try again in {seconds} seconds.",
  "request.rateLimited": "Too many requests from your account. Try again in {seconds} seconds.",
  "record.alreadyRemoved": "This entry has already been removed.",
  "record.importing":
    "This record is being imported and may still be taken back: it can be used or changed once the import has ended.",
  "import.interrupted":
    "The import was interrupted (the server restarted) and nothing of it was kept: start it again.",
  "import.tenantMoving":
    "The import was stopped because this warehouse's data is being moved to another server, and nothing of it was kept: start it again in a few minutes.",
  "import.fileTooLarge": "The file is too large (at most 20 MB).",
  "import.fileTooLarge.tooCostly":
    "The file takes more work to read than one import may (at most {seconds} s and {memory} MB). Split it into smaller files.",
  "import.fileEmpty": "The file is empty: it holds no rows below its header.",
  "import.fileUnreadable": "The file cannot be read: it is no CSV or XLSX table.",
  "import.tooManyRows": "The file has more than {max} rows: split it into several imports.",
  "export.tooManyRows": "A PDF takes at most {max} rows: export as CSV or XLSX, or narrow the filter.",
  "print.printerNotFound": "Printer not found.",
  "print.noDefaultLayout":
    "There is no default label layout for this type ({type}): make one of its layouts the default in Print layouts.",
  "print.connectionFailed": "Connection to the printer {printer} failed: check that it is on and reachable.",
  "egress.refused":
    "The server does not connect to this address: it is on a private, local or reserved network, or its name does not resolve to a public address. The server's operator can allow it (EGRESS_ALLOW).",
  "print.invalidLayout": "The layout cannot be read: {detail}",
  "print.barcodeUnencodable": "{value} cannot be printed as a {symbology} barcode.",
  "message.noRecipients":
    "Nobody to send it to: the tags have no one with an address for this channel, and no address was given.",
  "message.noEmailAccount": "There is no e-mail account to send from: add one in E-mail accounts.",
  "import.tooManyColumns": "The file has more than {max} columns.",
  "import.invalidRows":
    "{count} cells cannot be imported; nothing was imported. Each is named by its row and column.",
  "import.numberAmbiguous": "{value} can be read more than one way: did you mean {suggestions}?",
  "import.referenceNotFound": "Nothing is named {value} here.",
  "import.referenceNotFound.ProductGroup": "There is no product group named {value}.",
  "import.referenceNotFound.Company": "No company has the short name or tax ID {value}.",
  "import.referenceNotFound.Contractor": "No contractor has the short name or tax ID {value}.",
  "import.referenceNotFound.StorageSpace": "No location has the label or barcode {value}.",
  "import.referenceNotFound.StorageSpaceType": "There is no location type with the code {value}.",
  "import.referenceNotFound.User": "No user has the user name or e-mail address {value}.",
  "import.referenceNotFound.Product": "No product has the index {value}.",
  "import.referenceNotFound.Address": "There is no address number {value} (an address is named by its id).",
  "import.referenceAmbiguous": "{value} names several records: write the id of the one meant.",
  "import.referenceAmbiguous.Company":
    "Several companies answer to {value} (a short name or tax ID): write the short name.",
  "import.referenceAmbiguous.Contractor":
    "Several contractors answer to {value} (a short name or tax ID): write the short name.",
  "import.referenceAmbiguous.StorageSpace":
    "{value} is the label or barcode of several locations: write the id of the one meant.",
  "import.referenceAmbiguous.User": "Several users answer to {value}: write the user name.",
  "import.alreadyStored":
    "{value} is already used by {owner}. To change stored records, choose to update them.",
  "import.usedByOther": "{value} is already used by {owner}, not by the record this row updates.",
  "import.repeatedInFile": "{value} is already in row {row} of this file.",
  "import.sameRecordTwice": "This row updates the same record as row {row}.",
  "file.tooLarge": "The file is too large (at most {limit}).",
  "file.tooLarge.tooCostly":
    "The file takes more work to convert than one file may (at most {seconds} s and {memory} MB).",
  "file.typeNotAllowed": "This file type is not allowed.",
  "file.infected": "The file holds known malicious content ({signature}) and was not kept.",
  "file.scanUnavailable": "The file could not be checked for viruses, so it was not kept. Try again later.",
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
  "document.issue.rackOverloaded":
    "{location} carries {load} kg of {capacity} kg; {incoming} kg more is too much.",
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
  "document.issue.wrongProduct": "This is not {product}: {code} was scanned.",
  "document.issue.wrongLot": "Wrong lot of {product}: {expected} expected, {scanned} scanned.",
  "document.issue.wrongLocation": "Wrong location {location}: {expected} expected.",
  "document.issue.quantityAbovePosition": "Too many of {product}: only {left} left to do.",
  "document.issue.otherContainer": "This goes into container {expected}, not {container}.",
  "document.issue.containerEmpty": "The container {container} holds nothing.",
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
  "validation.codeWrong": "This code is not right. Enter the current code from the app.",
  "validation.passwordTooCommon":
    "This password is one of the most common ones and is guessed first. Choose another.",
  "validation.passwordContextWord":
    "This password is made of your name, your company's name or the product's name, which are guessed first. Choose another.",
  "validation.passwordBreached":
    "This password appears in data leaked from other services and is guessed early. Choose another.",
  "validation.phoneCountryCode": "The phone number must include the country code, e.g. +48 600 700 800.",
  "validation.emailExists": "This e-mail address already exists.",
  "validation.usernameExists": "This user name already exists.",
  "validation.mustBeUnique": "This value must be unique.",
  "validation.invalidValue": "This value is not allowed.",
  "validation.egressRefused":
    "The server does not connect to this address: give a public internet address, or a name that resolves to one.",
  "validation.mustAcceptTerms": "You must accept the terms of service.",
  "validation.criticalAboveWarning": "The critical stock may not be above the warning stock.",
  "validation.productionNaming": "Before production, this must contain ' - ' (e.g. \"Bread - white\").",
  "validation.minAboveMax": "The minimum temperature may not be above the maximum.",
  "validation.finishBeforeStart": "The end must be after the start.",
  "validation.unknownField": "This field is not known.",

  "calendar.feed.name": "{name} calendar",
  "calendar.entry.plannedDate": "Planned",
  "calendar.entry.deadline": "Deadline",
  "calendar.entry.packBy": "Pack by",
  "calendar.entry.unpackBy": "Unpack by",
  "calendar.entry.pickupTime": "Pickup",
  "calendar.entry.deliveryTime": "Delivery",

  "mail.activation.subject": "Activate your account in {appName}",
  "mail.activation.body":
    "Hello {name},\n\nthe registration of {company} has been confirmed. Activate your account by opening this link:\n{link}\n\nThe link is valid until {expires} ({timeZone}).",
  "mail.reset.subject": "Password reset in {appName}",
  "mail.reset.body":
    "Hello {name},\n\nsomeone asked to reset the password of the account {username}. Your reset code is:\n{code}\n\nor open this link:\n{link}\n\nThe code is valid until {expires} ({timeZone}). If it was not you, ignore this message.",
  "mail.registered.subject": "We have received the registration of {company}",
  "mail.registered.body":
    "Hello {name},\n\nthank you for registering {company}. The provider will confirm the registration shortly; you will then receive an activation link.",
  "validation.personHasNoEmail": "This person has no e-mail address.",
  "mail.fileAttached.body": "Please find {fileName} attached.",
  "validation.noRateForNewBase":
    "There is no exchange rate of the new base currency to recompute the others from: add it first, or keep or clear the rates.",
  "validation.baseCurrencyByItsOwnCall":
    "The base currency is changed with its own button, which asks what to do with the exchange rates.",
  "validation.baseCurrencyRate": "This is the base currency: its rate is 1.",
  "account.documentLimitReached":
    "This month's {limit} documents are used up and the budget for extra documents ({budget:money} EUR) cannot pay for another: the document was not confirmed. Ask the provider to raise the limit or the budget.",
} as const;

export type MessageKey = keyof typeof enUs;
export type Catalogue = Record<MessageKey, string>;
