import type { Catalogue } from "./en_us.ts";

export const deDe: Catalogue = {
  "validation.failed": "Das Formular enthält Fehler. Bitte überprüfen Sie die Felder.",
  "request.badQuery": "Die Anfrage ist ungültig: {detail}.",
  "request.timeout": "Die Anfrage kam zu langsam an. Versuchen Sie es erneut.",
  "request.notJson": "Senden Sie den Inhalt der Anfrage als JSON (Content-Type: application/json).",
  "request.crossSite":
    "Dieser Aufruf wird nur für die Seiten der Anwendung selbst beantwortet, nicht für eine andere Website, einen Link oder ein Bild.",
  "request.tooLarge": "Die Anfrage ist zu groß (höchstens {limit}).",
  "request.tooLarge.tooCostly":
    "Diese Anfrage erfordert mehr Arbeit, als für eine Anfrage erlaubt ist (höchstens {seconds} s und {memory} MB). Wählen Sie weniger Datensätze oder ein einfacheres Layout.",
  "request.idempotencyKeyReused":
    "Dieser Schlüssel wurde bereits für eine andere Anfrage verwendet. Verwenden Sie für eine neue Anfrage einen neuen Schlüssel.",
  "request.idempotencyKeyInProgress":
    "Eine Anfrage mit diesem Schlüssel wird gerade verarbeitet, oder ihre Antwort ging verloren. Prüfen Sie das Ergebnis, bevor Sie es erneut versuchen.",
  "auth.wrongCredentials": "Benutzername oder Passwort ist falsch.",
  "auth.blocked": "Dieses Konto ist gesperrt. Bitte wenden Sie sich an Ihr Büro.",
  "auth.notActivated":
    "Dieses Konto ist noch nicht aktiviert. Bitte warten Sie auf die Aktivierungs-E-Mail oder wenden Sie sich an den Support.",
  "auth.awaitingApproval":
    "Die Registrierung Ihres Unternehmens wartet auf die Bestätigung durch den Anbieter.",
  "auth.suspended":
    "Das Konto Ihres Unternehmens ist vorübergehend gesperrt. Bitte wenden Sie sich an den Anbieter.",
  "auth.tokenMissing": "Bitte melden Sie sich an, um fortzufahren.",
  "auth.tokenInvalid": "Ihre Anmeldung ist ungültig. Bitte melden Sie sich erneut an.",
  "auth.tokenExpired": "Ihre Anmeldung ist abgelaufen.",
  "auth.refreshInvalid": "Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.",
  "auth.thirdPartyFailed": "Die Anmeldung über den externen Identitätsanbieter ist fehlgeschlagen.",
  "auth.thirdPartyNotConfigured":
    "Die Anmeldung über einen externen Identitätsanbieter ist für diesen Dienst nicht eingerichtet.",
  "auth.forbidden": "Sie haben keine Berechtigung für diesen Vorgang.",
  "auth.moduleDisabled": "Dieses Modul ist für Ihr Konto nicht freigeschaltet.",
  "auth.tooManyAttempts": "Zu viele Versuche. Bitte versuchen Sie es in {minutes} Minuten erneut.",
  "auth.secondFactorInvalid":
    "Der Code oder Passkey wurde nicht angenommen: Der Code ist falsch oder wurde bereits verwendet. Versuchen Sie es erneut.",
  "auth.secondFactorExpired": "Diese Anmeldung ist abgelaufen. Melden Sie sich erneut mit Ihrem Passwort an.",
  "auth.secondFactorSetupRequired":
    "Ihr Unternehmen verlangt einen zweiten Faktor. Richten Sie einen Passkey oder eine Authenticator-App ein, um fortzufahren.",
  "secondFactor.lastRequired":
    "Ihr Unternehmen verlangt einen zweiten Faktor: Fügen Sie einen weiteren hinzu, bevor Sie diesen entfernen.",
  "secondFactor.notSetUp":
    "Richten Sie zuerst einen zweiten Faktor ein (oder beginnen Sie die Einrichtung erneut).",
  "secondFactor.passkeyNotVerified":
    "Der Passkey konnte nicht überprüft werden. Versuchen Sie, ihn erneut hinzuzufügen.",
  "register.activationCodeNotFound":
    "Aktivierungscode nicht gefunden. Möglicherweise wurde er bereits verwendet.",
  "register.wrongResetCode": "Der Code zum Zurücksetzen des Passworts ist falsch oder abgelaufen.",
  "register.emailNotFound": "E-Mail-Adresse nicht gefunden.",
  "record.notFoundOrNoPermission": "Objekt nicht gefunden oder unzureichende Berechtigungen.",
  "route.notFound": "Diese Adresse gibt es in der API nicht.",
  "method.notAllowed": "Diese Methode ist hier nicht zulässig.",
  "document.numberCollision": "Die Belegnummer muss eindeutig sein. Bitte speichern Sie erneut.",
  "record.foreignKey": "Dieser Eintrag ist mit anderen Datensätzen verknüpft und kann nicht gelöscht werden.",
  "record.foreignKey.company": "Dieser Eintrag ist mit einer Firma verknüpft und kann nicht gelöscht werden.",
  "record.foreignKey.message":
    "Dieser Eintrag ist mit einer Nachricht verknüpft und kann nicht gelöscht werden.",
  "record.foreignKey.externalOrder":
    "Dieser Eintrag ist mit einem externen Auftrag verknüpft und kann nicht gelöscht werden.",
  "record.uniqueConflict":
    "Ein eindeutiger Wert wird bereits verwendet. Bitte überprüfen Sie die eindeutigen Felder.",
  "record.uniqueConflict.value": "Der Wert {value} wird bereits von {owner} verwendet.",
  "record.statusForbidsDelete": "Der Status dieses Datensatzes lässt kein Löschen zu.",
  "order.nothingToGenerate": "Dieser Auftrag steht bereits vollständig auf Belegen.",
  "production.disabled": "Die Produktion ist in der Logistikkonfiguration ausgeschaltet.",
  "production.noResources":
    "Für diesen Artikel gibt es keine Ressourcen für die Produktion (seine Stückliste ist leer).",
  "production.nothingLeftToProduce": "In diesem Produktionsauftrag ist nichts mehr zu produzieren.",
  "order.statusChangeNotAllowed": "Für diesen Auftrag ist keine Statusänderung zulässig.",
  "transport.statusChangeNotAllowed": "Der Status dieses Frachtauftrags lässt diese Änderung nicht zu.",
  "external.refreshTokenInvalid":
    "Das Aktualisierungstoken ist ungültig oder unbekannt: Verbinden Sie den Dienst erneut.",
  "external.busy": "Für diese Zugangsdaten läuft bereits ein Import oder eine Bestandsaktualisierung.",
  "external.serviceRefused": "Der externe Dienst hat die Anfrage abgelehnt: {detail}",
  "external.serviceFailed":
    "Der Import aus dem externen Dienst ist fehlgeschlagen: Er antwortete nicht oder lehnte weiter ab. Versuchen Sie es später erneut.",
  "face.notRecognised":
    "Niemand wurde erkannt. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.",
  "face.notDetected":
    "Es wurde kein Gesicht erkannt oder das Bild war zu schlecht. Schauen Sie bei gutem Licht in die Kamera und versuchen Sie es erneut.",
  "face.unsupported":
    "Dieser Server unterstützt keine Bilderkennung, oder die Anmeldung per Gesicht ist für dieses Unternehmen ausgeschaltet.",
  "face.taken": "Dieses Gesicht ist bereits für einen anderen Benutzer erfasst.",
  "face.deviceNotEnrolled":
    "Dieses Gerät ist nicht für die Anmeldung per Gesicht registriert oder wurde zurückgezogen. Ein Administrator registriert es in der Ansicht „Gesichtserkennung“; bis dahin melden Sie sich mit Ihrem Passwort an.",
  "face.challengeInvalid":
    "Die Anmeldeanfrage ist abgelaufen oder wurde bereits verwendet. Versuchen Sie es erneut.",
  "face.administrator":
    "Administratoren melden sich mit ihrem Passwort an: Die Anmeldung per Gesicht ist nicht für Administratoren.",
  "face.nothingPending": "Keine Gesichtserfassung dieses Benutzers wartet auf Bestätigung.",
  "record.changedByAnotherUser":
    "Ein anderer Benutzer hat diesen Datensatz inzwischen geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.",
  "map.fileTooLarge": "Die Kartendatei ist zu groß (höchstens {limit}).",
  "map.fileTooLarge.tooCostly":
    "Das Lesen der Karte erfordert mehr Arbeit, als für eine Datei erlaubt ist (höchstens {seconds} s und {memory} MB). Vereinfachen oder teilen Sie die Zeichnung.",
  "map.noMap": "Dieser Lagerplatz hat noch keine Karte. Laden Sie zuerst eine hoch.",
  "portal.cartEmpty":
    "Der Warenkorb ist leer: Fügen Sie Produkte hinzu, bevor Sie die Bestellung bestätigen.",
  "portal.notEnoughStock": "Nicht genug freier Bestand von {product}: Jetzt können {free} bestellt werden.",
  "portal.productUnavailable":
    "{product} kann jetzt nicht bestellt werden: Der Artikel ist deaktiviert oder gesperrt.",
  "sharedAccess.ended":
    "Dieser geteilte Zugang ist beendet: Er wurde zurückgezogen, ist abgelaufen oder wurde bereits benutzt. Bitten Sie das Lager um einen neuen Link.",
  "sharedAccess.rateLimited":
    "Zu viele Anfragen mit diesem Schlüssel. Versuchen Sie es in {seconds} Sekunden erneut.",
  "request.rateLimited": "Zu viele Anfragen von Ihrem Konto. Versuchen Sie es in {seconds} Sekunden erneut.",
  "record.alreadyRemoved": "Dieser Eintrag wurde bereits entfernt.",
  "record.importing":
    "Dieser Datensatz wird gerade importiert und kann noch zurückgenommen werden: Er lässt sich verwenden oder ändern, sobald der Import beendet ist.",
  "import.interrupted":
    "Der Import wurde unterbrochen (der Server wurde neu gestartet), und nichts davon wurde behalten: Starten Sie ihn erneut.",
  "import.tenantMoving":
    "Der Import wurde angehalten, weil die Daten dieses Lagers auf einen anderen Server verschoben werden, und nichts davon wurde behalten: Starten Sie ihn in einigen Minuten erneut.",
  "import.fileTooLarge": "Die Datei ist zu groß (maximal 20 MB).",
  "import.fileTooLarge.tooCostly":
    "Das Lesen der Datei erfordert mehr Arbeit, als für einen Import erlaubt ist (höchstens {seconds} s und {memory} MB). Teilen Sie sie in kleinere Dateien auf.",
  "import.fileEmpty": "Die Datei ist leer: Unter der Kopfzeile stehen keine Zeilen.",
  "import.fileUnreadable": "Die Datei kann nicht gelesen werden: Sie ist keine CSV- oder XLSX-Tabelle.",
  "import.tooManyRows": "Die Datei hat mehr als {max} Zeilen: Teilen Sie sie auf mehrere Importe auf.",
  "export.tooManyRows":
    "Ein PDF fasst höchstens {max} Zeilen: Exportieren Sie als CSV oder XLSX oder schränken Sie den Filter ein.",
  "print.printerNotFound": "Drucker nicht gefunden.",
  "print.noDefaultLayout":
    "Für diesen Typ ({type}) gibt es kein Standard-Etikettenlayout: Machen Sie eines seiner Layouts unter Drucklayouts zum Standard.",
  "print.connectionFailed":
    "Die Verbindung zum Drucker {printer} ist fehlgeschlagen: Prüfen Sie, ob er eingeschaltet und erreichbar ist.",
  "egress.refused":
    "Der Server verbindet sich nicht mit dieser Adresse: Sie liegt in einem privaten, lokalen oder reservierten Netz, oder ihr Name löst sich nicht in eine öffentliche Adresse auf. Der Betreiber des Servers kann sie freigeben (EGRESS_ALLOW).",
  "print.invalidLayout": "Das Layout kann nicht gelesen werden: {detail}",
  "print.barcodeUnencodable": "{value} kann nicht als {symbology}-Barcode gedruckt werden.",
  "message.noRecipients":
    "Niemand, an den gesendet werden kann: Die Tags haben niemanden mit einer Adresse für diesen Kanal, und es wurde keine Adresse angegeben.",
  "message.noEmailAccount": "Es gibt kein E-Mail-Konto zum Senden: Legen Sie eines unter E-Mail-Konten an.",
  "import.tooManyColumns": "Die Datei hat mehr als {max} Spalten.",
  "import.invalidRows":
    "{count} Zellen können nicht importiert werden; nichts wurde importiert. Jede ist mit Zeile und Spalte genannt.",
  "import.numberAmbiguous": "{value} lässt sich auf mehrere Arten lesen: Meinten Sie {suggestions}?",
  "import.referenceNotFound": "Nichts heißt hier {value}.",
  "import.referenceNotFound.ProductGroup": "Es gibt keine Produktgruppe namens {value}.",
  "import.referenceNotFound.Company": "Keine Firma hat den Kurznamen oder die Steuernummer {value}.",
  "import.referenceNotFound.Contractor":
    "Kein Vertragspartner hat den Kurznamen oder die Steuernummer {value}.",
  "import.referenceNotFound.StorageSpace": "Kein Lagerplatz hat die Bezeichnung oder den Barcode {value}.",
  "import.referenceNotFound.StorageSpaceType": "Es gibt keinen Lagerplatztyp mit dem Code {value}.",
  "import.referenceNotFound.User": "Kein Benutzer hat den Benutzernamen oder die E-Mail-Adresse {value}.",
  "import.referenceNotFound.Product": "Kein Produkt hat den Index {value}.",
  "import.referenceNotFound.Address":
    "Es gibt keine Adresse mit der Nummer {value} (eine Adresse wird über ihre ID angegeben).",
  "import.referenceAmbiguous": "{value} bezeichnet mehrere Datensätze: Geben Sie die ID des gemeinten an.",
  "import.referenceAmbiguous.Company":
    "Mehrere Firmen passen zu {value} (Kurzname oder Steuernummer): Geben Sie den Kurznamen an.",
  "import.referenceAmbiguous.Contractor":
    "Mehrere Vertragspartner passen zu {value} (Kurzname oder Steuernummer): Geben Sie den Kurznamen an.",
  "import.referenceAmbiguous.StorageSpace":
    "{value} ist Bezeichnung oder Barcode mehrerer Lagerplätze: Geben Sie die ID des gemeinten an.",
  "import.referenceAmbiguous.User": "Mehrere Benutzer passen zu {value}: Geben Sie den Benutzernamen an.",
  "import.alreadyStored":
    "{value} wird bereits von {owner} verwendet. Um gespeicherte Datensätze zu ändern, wählen Sie deren Aktualisierung.",
  "import.usedByOther":
    "{value} wird bereits von {owner} verwendet, nicht von dem Datensatz, den diese Zeile aktualisiert.",
  "import.repeatedInFile": "{value} steht bereits in Zeile {row} dieser Datei.",
  "import.sameRecordTwice": "Diese Zeile aktualisiert denselben Datensatz wie Zeile {row}.",
  "file.tooLarge": "Die Datei ist zu groß (maximal {limit}).",
  "file.tooLarge.tooCostly":
    "Das Umwandeln der Datei erfordert mehr Arbeit, als für eine Datei erlaubt ist (höchstens {seconds} s und {memory} MB).",
  "file.typeNotAllowed": "Dieser Dateityp ist nicht zulässig.",
  "file.infected": "Die Datei enthält bekannte Schadsoftware ({signature}) und wurde nicht gespeichert.",
  "file.scanUnavailable":
    "Die Datei konnte nicht auf Viren geprüft werden und wurde daher nicht gespeichert. Versuchen Sie es später erneut.",
  "document.validation": "Der Beleg hat die Prüfung nicht bestanden.",
  "document.notWorkingCopy":
    "Nur ein Entwurf kann geändert werden; dieser Beleg ist bereits bestätigt oder storniert.",
  "document.generatedPositions": "Positionen erzeugter Belege können nicht geändert werden.",
  "document.revertBlocked":
    "Der Beleg kann nicht storniert werden: damit eingegangener Bestand ist bereits abgegangen.",
  "document.issue.notWorkingCopy": "Der Beleg muss ein Entwurf sein.",
  "document.issue.notConfirmed": "Nur ein bestätigter Beleg kann storniert werden.",
  "document.issue.noPositions": "Der Beleg hat keine Positionen.",
  "document.issue.internalWithContractor": "Ein interner Beleg kann keinem Auftraggeber zugeordnet werden.",
  "document.issue.contractorMismatch":
    "Das Produkt {product} gehört einem anderen Auftraggeber als der Beleg.",
  "document.issue.sourceLocationRequired": "Ein Quelllagerplatz ist erforderlich.",
  "document.issue.sourceLocationForbidden": "Ein Wareneingang hat keinen Quelllagerplatz.",
  "document.issue.sourceContainerForbidden": "Ein Wareneingang hat keinen Quellbehälter.",
  "document.issue.sourceContainerRequired": "Eine Behälterumlagerung nennt den Behälter, den sie bewegt.",
  "document.issue.destinationLocationRequired": "Ein Ziellagerplatz ist erforderlich.",
  "document.issue.destinationLocationForbidden": "Ein Warenausgang hat keinen Ziellagerplatz.",
  "document.issue.destinationContainerForbidden": "Ein Warenausgang hat keinen Zielbehälter.",
  "document.issue.locationLocked": "Der Lagerplatz {location} ist für diesen Vorgang gesperrt.",
  "document.issue.containerLocked": "Der Behälter {container} ist für diesen Vorgang gesperrt.",
  "document.issue.containerAtOtherLocation":
    "Der Behälter {container} steht nicht auf {location}, sondern auf {actual}.",
  "document.issue.rackOverloaded":
    "{location} trägt {load} kg von {capacity} kg; weitere {incoming} kg sind zu viel.",
  "document.issue.temperatureUnsuitable":
    "Der Lagerplatz {location} hat {temperature} °C; das Produkt braucht {min} bis {max} °C.",
  "document.issue.expiryDateRequired": "Das Produkt {product} erfordert ein Verfallsdatum.",
  "document.issue.productionDateRequired": "Das Produkt {product} erfordert ein Herstellungsdatum.",
  "document.issue.serialNumberRequired": "Das Produkt {product} erfordert eine Seriennummer.",
  "document.issue.productExpired": "Das Produkt {product} ist am {expiryDate} verfallen.",
  "document.issue.shortExpiry":
    "Das Produkt {product} verfällt am {expiryDate}, in {days} Tagen (erwartet mindestens {minimumDays}).",
  "document.issue.productLockedIn": "Der Wareneingang des Produkts {product} ist gesperrt.",
  "document.issue.productLockedOut": "Der Warenausgang des Produkts {product} ist gesperrt.",
  "document.issue.productLockedRelocate": "Die Umlagerung des Produkts {product} ist gesperrt.",
  "document.issue.quantityNotPositive": "Die Menge muss größer als 0 sein.",
  "document.issue.quantityAboveAvailable": "Die Menge übersteigt den an der Quelle verfügbaren Bestand.",
  "document.issue.stockAboveLimit":
    "Der Bestand des Produkts läge damit über 1.000.000.000.000 Einheiten, dem Höchstwert, den das Lager führt.",
  "document.issue.productNotFound": "Kein Produkt passt zu {code}.",
  "document.issue.gs1Unreadable":
    "Der gescannte GS1-Code {code} ist nicht lesbar: Bitte das Etikett prüfen (falsche Prüfziffer, Datum oder Element).",
  "document.issue.productAmbiguous": "Mehrere Produkte ({count}) passen zu {code}: {products}.",
  "document.issue.orderNotConfirmed":
    "Auftrag {order} ist nicht bestätigt: Seine Belege können nicht bestätigt werden.",
  "document.issue.productNotOnOrder": "Artikel {product} ist nicht im Auftrag {order}.",
  "document.issue.quantityAboveOrder": "Die Menge von {product} übersteigt den Rest des Auftrags ({left}).",
  "document.issue.stockAlreadyLeft":
    "Mit diesem Beleg eingegangener Bestand ist bereits abgegangen (es fehlen {missing}).",
  "document.issue.wrongProduct": "Das ist nicht {product}: {code} wurde gescannt.",
  "document.issue.wrongLot": "Falsche Charge von {product}: {expected} erwartet, {scanned} gescannt.",
  "document.issue.wrongLocation": "Falscher Lagerplatz {location}: {expected} erwartet.",
  "document.issue.quantityAbovePosition": "Zu viel von {product}: nur noch {left} offen.",
  "document.issue.otherContainer": "Das gehört in den Behälter {expected}, nicht in {container}.",
  "document.issue.containerEmpty": "Der Behälter {container} ist leer.",
  "document.issue.locationEmpty": "Auf {location} ist nichts eingelagert.",
  "document.issue.containerNotWhole":
    "Eine Behälterumlagerung bewegt den ganzen Behälter {container}; {left} bliebe zurück.",
  "document.issue.containerMoved":
    "Der Behälter {container} wurde inzwischen umgelagert; der Bestand kann nicht an seinen Platz zurück.",
  "client.outdated":
    "Diese Version der Anwendung ist veraltet. Laden Sie die Seite neu, um die neueste Version zu erhalten.",
  "server.unknown": "Ein unbekannter Fehler ist aufgetreten. Anfrage-ID: {requestId}.",
  "server.misconfigured": "Der Server ist falsch konfiguriert. Bitte wenden Sie sich an den Anbieter.",
  "server.mailFailed": "Die E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.",
  "server.unavailable":
    "Dieser Teil des Servers wird neu gestartet. Bitte versuchen Sie es gleich noch einmal.",

  "validation.required": "Diese Angabe ist erforderlich.",
  "validation.invalidEmail": "Dies ist keine gültige E-Mail-Adresse.",
  "validation.tooLong": "Der Wert ist zu lang.",
  "validation.tooShort": "Der Wert ist zu kurz.",
  "validation.tooSmall": "Der Wert ist zu klein.",
  "validation.tooLarge": "Der Wert ist zu groß.",
  "validation.forbiddenCharacter": "Der Wert enthält ein unzulässiges Zeichen.",
  "validation.passwordsMustMatch": "Die Passwörter müssen übereinstimmen.",
  "validation.currentPasswordWrong": "Das ist nicht Ihr aktuelles Passwort.",
  "validation.codeWrong": "Dieser Code stimmt nicht. Geben Sie den aktuellen Code aus der App ein.",
  "validation.passwordTooCommon":
    "Dieses Passwort gehört zu den häufigsten und wird zuerst erraten. Wählen Sie ein anderes.",
  "validation.passwordContextWord":
    "Dieses Passwort besteht aus Ihrem Namen, dem Namen Ihrer Firma oder dem Namen des Programms, die zuerst erraten werden. Wählen Sie ein anderes.",
  "validation.passwordBreached":
    "Dieses Passwort kommt in Daten vor, die bei anderen Diensten entwendet wurden, und wird früh erraten. Wählen Sie ein anderes.",
  "validation.phoneCountryCode": "Die Telefonnummer muss die Ländervorwahl enthalten, z. B. +48 600 700 800.",
  "validation.emailExists": "Diese E-Mail-Adresse ist bereits vorhanden.",
  "validation.usernameExists": "Dieser Benutzername ist bereits vorhanden.",
  "validation.mustBeUnique": "Dieser Wert muss eindeutig sein.",
  "validation.invalidValue": "Dieser Wert ist nicht zulässig.",
  "validation.egressRefused":
    "Der Server verbindet sich nicht mit dieser Adresse: Geben Sie eine öffentliche Internetadresse an oder einen Namen, der sich in eine solche auflöst.",
  "validation.mustAcceptTerms": "Sie müssen die Nutzungsbedingungen akzeptieren.",
  "validation.criticalAboveWarning": "Der kritische Bestand darf nicht über dem Warnbestand liegen.",
  "validation.productionNaming": "Vor der Produktion muss dies ' - ' enthalten (z. B. \"Brot - weiß\").",
  "validation.minAboveMax": "Die Mindesttemperatur darf nicht über der Höchsttemperatur liegen.",
  "validation.finishBeforeStart": "Das Ende muss nach dem Beginn liegen.",
  "validation.unknownField": "Dieses Feld ist unbekannt.",

  "calendar.feed.name": "Kalender {name}",
  "calendar.entry.plannedDate": "Geplant",
  "calendar.entry.deadline": "Frist",
  "calendar.entry.packBy": "Packen bis",
  "calendar.entry.unpackBy": "Auspacken bis",
  "calendar.entry.pickupTime": "Abholung",
  "calendar.entry.deliveryTime": "Zustellung",

  "mail.activation.subject": "Aktivieren Sie Ihr Konto bei {appName}",
  "mail.activation.body":
    "Guten Tag {name},\n\ndie Registrierung von {company} wurde bestätigt. Aktivieren Sie Ihr Konto über diesen Link:\n{link}\n\nDer Link ist gültig bis {expires} ({timeZone}).",
  "mail.reset.subject": "Zurücksetzen des Passworts bei {appName}",
  "mail.reset.body":
    "Guten Tag {name},\n\nfür das Konto {username} wurde das Zurücksetzen des Passworts angefordert. Ihr Code zum Zurücksetzen lautet:\n{code}\n\nAlternativ können Sie diesen Link öffnen:\n{link}\n\nDer Code ist gültig bis {expires} ({timeZone}). Falls Sie dies nicht angefordert haben, ignorieren Sie bitte diese Nachricht.",
  "mail.registered.subject": "Wir haben die Registrierung von {company} erhalten",
  "mail.registered.body":
    "Guten Tag {name},\n\nvielen Dank für die Registrierung von {company}. Der Anbieter wird die Registrierung in Kürze bestätigen; anschließend erhalten Sie einen Aktivierungslink.",
  "validation.personHasNoEmail": "Diese Person hat keine E-Mail-Adresse.",
  "mail.fileAttached.body": "Im Anhang finden Sie {fileName}.",
  "validation.noRateForNewBase":
    "Es gibt keinen Wechselkurs der neuen Basiswährung, aus dem sich die übrigen umrechnen lassen: Legen Sie ihn zuerst an oder behalten bzw. löschen Sie die Kurse.",
  "validation.baseCurrencyByItsOwnCall":
    "Die Basiswährung wird über eine eigene Schaltfläche geändert, die fragt, was mit den Wechselkursen geschehen soll.",
  "validation.baseCurrencyRate": "Dies ist die Basiswährung: Ihr Kurs ist 1.",
  "account.documentLimitReached":
    "Die {limit} Dokumente dieses Monats sind aufgebraucht, und das Budget für zusätzliche Dokumente ({budget:money} EUR) reicht für kein weiteres: Das Dokument wurde nicht bestätigt. Bitten Sie den Anbieter, das Limit oder das Budget zu erhöhen.",
};
