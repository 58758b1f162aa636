import type { Catalogue } from "./en_us.ts";

export const frFr: Catalogue = {
  "validation.failed": "Le formulaire contient des erreurs. Veuillez vérifier les champs.",
  "request.badQuery": "La requête n'est pas valide : {detail}.",
  "request.timeout": "La requête a mis trop de temps à arriver. Réessayez.",
  "request.notJson": "Envoyez le corps de la requête en JSON (Content-Type: application/json).",
  "request.crossSite":
    "Cet appel n'est traité que pour les pages de l'application elle-même, pas pour un autre site, un lien ou une image.",
  "request.tooLarge": "La requête est trop volumineuse ({limit} au plus).",
  "request.tooLarge.tooCostly":
    "Cette demande exige plus de travail qu'une requête n'en a droit ({seconds} s et {memory} Mo au maximum). Choisissez moins d'enregistrements ou une mise en page plus simple.",
  "request.idempotencyKeyReused":
    "Cette clé a déjà servi pour une autre requête. Utilisez une nouvelle clé pour une nouvelle requête.",
  "request.idempotencyKeyInProgress":
    "Une requête avec cette clé est en cours de traitement ou sa réponse a été perdue. Vérifiez le résultat avant de réessayer.",
  "auth.wrongCredentials": "Nom d'utilisateur ou mot de passe incorrect.",
  "auth.blocked": "Ce compte est bloqué. Veuillez contacter votre bureau.",
  "auth.notActivated":
    "Ce compte n'est pas encore activé. Veuillez attendre l'e-mail d'activation ou contacter le support.",
  "auth.awaitingApproval":
    "L'inscription de votre entreprise est en attente de confirmation par le prestataire.",
  "auth.suspended": "Le compte de votre entreprise est suspendu. Veuillez contacter le prestataire.",
  "auth.tokenMissing": "Veuillez vous connecter pour continuer.",
  "auth.tokenInvalid": "Votre connexion n'est pas valide. Veuillez vous reconnecter.",
  "auth.tokenExpired": "Votre connexion a expiré.",
  "auth.refreshInvalid": "Votre session a pris fin. Veuillez vous reconnecter.",
  "auth.thirdPartyFailed": "La connexion via le fournisseur d'identité externe a échoué.",
  "auth.thirdPartyNotConfigured":
    "La connexion par un fournisseur d'identité externe n'est pas configurée pour ce service.",
  "auth.forbidden": "Vous n'avez pas l'autorisation d'effectuer cette opération.",
  "auth.moduleDisabled": "Ce module n'est pas activé pour votre compte.",
  "auth.tooManyAttempts": "Trop de tentatives. Veuillez réessayer dans {minutes} minutes.",
  "auth.secondFactorInvalid":
    "Le code ou la clé d'accès n'a pas été accepté : le code est erroné ou a déjà été utilisé. Réessayez.",
  "auth.secondFactorExpired": "Cette connexion a expiré. Reconnectez-vous avec votre mot de passe.",
  "auth.secondFactorSetupRequired":
    "Votre entreprise exige un second facteur. Configurez une clé d'accès ou une application d'authentification pour continuer.",
  "secondFactor.lastRequired":
    "Votre entreprise exige un second facteur : ajoutez-en un autre avant de supprimer celui-ci.",
  "secondFactor.notSetUp": "Configurez d'abord un second facteur (ou recommencez sa configuration).",
  "secondFactor.passkeyNotVerified":
    "La clé d'accès n'a pas pu être vérifiée. Essayez de l'ajouter à nouveau.",
  "register.activationCodeNotFound": "Code d'activation introuvable. Il a peut-être déjà été utilisé.",
  "register.wrongResetCode": "Code de réinitialisation du mot de passe incorrect ou expiré.",
  "register.emailNotFound": "Adresse e-mail introuvable.",
  "record.notFoundOrNoPermission": "Objet introuvable ou autorisations insuffisantes.",
  "route.notFound": "Cette adresse n'existe pas dans l'API.",
  "method.notAllowed": "Cette méthode n'est pas autorisée ici.",
  "document.numberCollision": "Le numéro de document doit être unique. Veuillez enregistrer à nouveau.",
  "record.foreignKey": "Cette entrée est liée à d'autres enregistrements et ne peut pas être supprimée.",
  "record.foreignKey.company": "Cette entrée est liée à une entreprise et ne peut pas être supprimée.",
  "record.foreignKey.message": "Cette entrée est liée à un message et ne peut pas être supprimée.",
  "record.foreignKey.externalOrder":
    "Cette entrée est liée à une commande externe et ne peut pas être supprimée.",
  "record.uniqueConflict":
    "Une valeur unique est déjà utilisée. Veuillez vérifier les champs à valeur unique.",
  "record.uniqueConflict.value": "La valeur {value} est déjà utilisée par {owner}.",
  "record.statusForbidsDelete": "Le statut de cet enregistrement ne permet pas sa suppression.",
  "order.nothingToGenerate": "Toute cette commande figure déjà sur des documents.",
  "production.disabled": "La production est désactivée dans la configuration logistique.",
  "production.noResources": "Ce produit n'a pas de ressources pour la production (sa nomenclature est vide).",
  "production.nothingLeftToProduce": "Il ne reste rien à produire sur cet ordre de production.",
  "order.statusChangeNotAllowed": "Le changement de statut n'est pas autorisé pour cette commande.",
  "transport.statusChangeNotAllowed": "L'état de ce bon de fret ne permet pas cette modification.",
  "external.refreshTokenInvalid":
    "Le jeton d'actualisation est invalide ou inconnu : reconnectez le service.",
  "external.busy": "Une importation ou une mise à jour du stock est déjà en cours pour ces identifiants.",
  "external.serviceRefused": "Le service externe a refusé la demande : {detail}",
  "external.serviceFailed":
    "L'importation depuis le service externe a échoué : il n'a pas répondu ou a continué de refuser. Réessayez plus tard.",
  "face.notRecognised": "Personne n'a été reconnu. Réessayez ou connectez-vous avec votre mot de passe.",
  "face.notDetected":
    "Aucun visage n'a été détecté ou l'image était de trop mauvaise qualité. Regardez la caméra sous un bon éclairage et réessayez.",
  "face.unsupported":
    "Ce serveur ne prend pas en charge la vision par ordinateur, ou la connexion par visage est désactivée pour cette entreprise.",
  "face.taken": "Ce visage est déjà enregistré pour un autre utilisateur.",
  "face.deviceNotEnrolled":
    "Cet appareil n'est pas enregistré pour la connexion par le visage, ou il a été retiré. Un administrateur l'enregistre sur l'écran « Reconnaissance faciale » ; en attendant, connectez-vous avec votre mot de passe.",
  "face.challengeInvalid": "La demande de connexion a expiré ou a déjà été utilisée. Réessayez.",
  "face.administrator":
    "Les administrateurs se connectent avec leur mot de passe : la connexion par le visage ne leur est pas ouverte.",
  "face.nothingPending": "Aucun enregistrement de visage de cet utilisateur n'attend de confirmation.",
  "record.changedByAnotherUser":
    "Un autre utilisateur a modifié cet enregistrement entre-temps. Veuillez le recharger et refaire votre modification.",
  "map.fileTooLarge": "Le fichier de plan est trop volumineux ({limit} au maximum).",
  "map.fileTooLarge.tooCostly":
    "La lecture du plan demande plus de travail qu'un fichier n'en a droit ({seconds} s et {memory} Mo au maximum). Simplifiez le dessin ou divisez-le.",
  "map.noMap": "Cet emplacement n'a pas encore de plan. Téléversez-en un d'abord.",
  "portal.cartEmpty": "Le panier est vide : ajoutez des produits avant de confirmer la commande.",
  "portal.notEnoughStock":
    "Stock disponible insuffisant pour {product} : {free} peuvent être commandés maintenant.",
  "portal.productUnavailable":
    "{product} ne peut pas être commandé pour le moment : il est désactivé ou bloqué.",
  "sharedAccess.ended":
    "Cet accès partagé a pris fin : il a été retiré, a expiré ou a déjà été utilisé. Demandez un nouveau lien à l'entrepôt.",
  "sharedAccess.rateLimited": "Trop de requêtes avec cette clé. Réessayez dans {seconds} secondes.",
  "request.rateLimited": "Trop de requêtes depuis votre compte. Réessayez dans {seconds} secondes.",
  "record.alreadyRemoved": "Cette entrée a déjà été supprimée.",
  "record.importing":
    "Cet enregistrement est en cours d’importation et peut encore être annulé : il pourra être utilisé ou modifié une fois l’importation terminée.",
  "import.interrupted":
    "L’importation a été interrompue (le serveur a redémarré) et rien n’en a été conservé : relancez-la.",
  "import.tenantMoving":
    "L’importation a été arrêtée, car les données de cet entrepôt sont en cours de transfert vers un autre serveur, et rien n’en a été conservé : relancez-la dans quelques minutes.",
  "import.fileTooLarge": "Le fichier est trop volumineux (20 Mo maximum).",
  "import.fileTooLarge.tooCostly":
    "La lecture du fichier demande plus de travail qu'une importation n'en a droit ({seconds} s et {memory} Mo au maximum). Divisez-le en fichiers plus petits.",
  "import.fileEmpty": "Le fichier est vide : aucune ligne sous l’en-tête.",
  "import.fileUnreadable": "Le fichier est illisible : ce n’est pas un tableau CSV ou XLSX.",
  "import.tooManyRows": "Le fichier a plus de {max} lignes : divisez-le en plusieurs imports.",
  "export.tooManyRows":
    "Un PDF contient au plus {max} lignes : exportez en CSV ou XLSX, ou affinez le filtre.",
  "print.printerNotFound": "Imprimante introuvable.",
  "print.noDefaultLayout":
    "Aucune mise en page d'étiquette par défaut pour ce type ({type}) : définissez-en une par défaut dans Mises en page d'impression.",
  "print.connectionFailed":
    "La connexion à l'imprimante {printer} a échoué : vérifiez qu'elle est allumée et joignable.",
  "egress.refused":
    "Le serveur ne se connecte pas à cette adresse : elle appartient à un réseau privé, local ou réservé, ou son nom ne se résout pas en une adresse publique. L'opérateur du serveur peut l'autoriser (EGRESS_ALLOW).",
  "print.invalidLayout": "La mise en page est illisible : {detail}",
  "print.barcodeUnencodable": "{value} ne peut pas être imprimé en code-barres {symbology}.",
  "message.noRecipients":
    "Personne à qui l'envoyer : les étiquettes ne désignent personne avec une adresse pour ce canal, et aucune adresse n'a été donnée.",
  "message.noEmailAccount": "Aucun compte e-mail pour l'envoi : ajoutez-en un dans Comptes e-mail.",
  "import.tooManyColumns": "Le fichier a plus de {max} colonnes.",
  "import.invalidRows":
    "{count} cellules ne peuvent pas être importées ; rien n’a été importé. Chacune est indiquée par sa ligne et sa colonne.",
  "import.numberAmbiguous": "{value} peut se lire de plusieurs façons : vouliez-vous dire {suggestions} ?",
  "import.referenceNotFound": "Rien ne s’appelle {value} ici.",
  "import.referenceNotFound.ProductGroup": "Aucun groupe de produits ne s’appelle {value}.",
  "import.referenceNotFound.Company": "Aucune société n’a le nom court ou le numéro fiscal {value}.",
  "import.referenceNotFound.Contractor":
    "Aucun donneur d'ordre n’a le nom court ou le numéro fiscal {value}.",
  "import.referenceNotFound.StorageSpace": "Aucun emplacement n’a le libellé ou le code-barres {value}.",
  "import.referenceNotFound.StorageSpaceType": "Il n’existe aucun type d'emplacement de code {value}.",
  "import.referenceNotFound.User": "Aucun utilisateur n’a le nom d’utilisateur ou l’adresse e-mail {value}.",
  "import.referenceNotFound.Product": "Aucun produit n’a la référence {value}.",
  "import.referenceNotFound.Address":
    "Il n’existe aucune adresse numéro {value} (une adresse est désignée par son identifiant).",
  "import.referenceAmbiguous":
    "{value} désigne plusieurs enregistrements : indiquez l’identifiant de celui voulu.",
  "import.referenceAmbiguous.Company":
    "Plusieurs sociétés correspondent à {value} (nom court ou numéro fiscal) : indiquez le nom court.",
  "import.referenceAmbiguous.Contractor":
    "Plusieurs donneurs d'ordre correspondent à {value} (nom court ou numéro fiscal) : indiquez le nom court.",
  "import.referenceAmbiguous.StorageSpace":
    "{value} est le libellé ou le code-barres de plusieurs emplacements : indiquez l’identifiant de celui voulu.",
  "import.referenceAmbiguous.User":
    "Plusieurs utilisateurs correspondent à {value} : indiquez le nom d’utilisateur.",
  "import.alreadyStored":
    "{value} est déjà utilisé par {owner}. Pour modifier des enregistrements existants, choisissez de les mettre à jour.",
  "import.usedByOther":
    "{value} est déjà utilisé par {owner}, et non par l’enregistrement que cette ligne met à jour.",
  "import.repeatedInFile": "{value} figure déjà à la ligne {row} de ce fichier.",
  "import.sameRecordTwice": "Cette ligne met à jour le même enregistrement que la ligne {row}.",
  "file.tooLarge": "Le fichier est trop volumineux ({limit} maximum).",
  "file.tooLarge.tooCostly":
    "La conversion du fichier demande plus de travail qu'un fichier n'en a droit ({seconds} s et {memory} Mo au maximum).",
  "file.typeNotAllowed": "Ce type de fichier n'est pas autorisé.",
  "file.infected": "Le fichier contient un contenu malveillant connu ({signature}) et n'a pas été conservé.",
  "file.scanUnavailable":
    "Le fichier n'a pas pu être analysé contre les virus, il n'a donc pas été conservé. Réessayez plus tard.",
  "document.validation": "La validation du document a échoué.",
  "document.notWorkingCopy": "Seul un brouillon peut être modifié ; ce document est déjà validé ou annulé.",
  "document.generatedPositions": "Les lignes des documents générés ne peuvent pas être modifiées.",
  "document.revertBlocked":
    "Le document ne peut pas être annulé : le stock qu'il a fait entrer est déjà sorti.",
  "document.issue.notWorkingCopy": "Le document doit être un brouillon.",
  "document.issue.notConfirmed": "Seul un document validé peut être annulé.",
  "document.issue.noPositions": "Le document n'a aucune ligne.",
  "document.issue.internalWithContractor": "Un document interne ne peut pas être lié à un donneur d'ordre.",
  "document.issue.contractorMismatch":
    "Le produit {product} appartient à un autre donneur d'ordre que le document.",
  "document.issue.sourceLocationRequired": "Un emplacement source est obligatoire.",
  "document.issue.sourceLocationForbidden": "Une réception n'a pas d'emplacement source.",
  "document.issue.sourceContainerForbidden": "Une réception n'a pas de contenant source.",
  "document.issue.sourceContainerRequired": "Un transfert de contenant indique le contenant déplacé.",
  "document.issue.destinationLocationRequired": "Un emplacement de destination est obligatoire.",
  "document.issue.destinationLocationForbidden": "Une sortie n'a pas d'emplacement de destination.",
  "document.issue.destinationContainerForbidden": "Une sortie n'a pas de contenant de destination.",
  "document.issue.locationLocked": "L'emplacement {location} est bloqué pour cette opération.",
  "document.issue.containerLocked": "Le contenant {container} est bloqué pour cette opération.",
  "document.issue.containerAtOtherLocation":
    "Le contenant {container} n'est pas à {location} mais à {actual}.",
  "document.issue.rackOverloaded":
    "{location} porte {load} kg sur {capacity} kg ; {incoming} kg de plus, c’est trop.",
  "document.issue.temperatureUnsuitable":
    "L'emplacement {location} est à {temperature} °C ; le produit exige de {min} à {max} °C.",
  "document.issue.expiryDateRequired": "Le produit {product} exige une date de péremption.",
  "document.issue.productionDateRequired": "Le produit {product} exige une date de fabrication.",
  "document.issue.serialNumberRequired": "Le produit {product} exige un numéro de série.",
  "document.issue.productExpired": "Le produit {product} est périmé depuis le {expiryDate}.",
  "document.issue.shortExpiry":
    "Le produit {product} périme le {expiryDate}, dans {days} jours (au moins {minimumDays} attendus).",
  "document.issue.productLockedIn": "La réception du produit {product} est bloquée.",
  "document.issue.productLockedOut": "La sortie du produit {product} est bloquée.",
  "document.issue.productLockedRelocate": "Le transfert du produit {product} est bloqué.",
  "document.issue.quantityNotPositive": "La quantité doit être supérieure à 0.",
  "document.issue.quantityAboveAvailable": "La quantité dépasse le stock disponible à la source.",
  "document.issue.stockAboveLimit":
    "Le stock du produit dépasserait 1 000 000 000 000 unités, le maximum que l'entrepôt enregistre.",
  "document.issue.productNotFound": "Aucun produit ne correspond à {code}.",
  "document.issue.gs1Unreadable":
    "Le code GS1 scanné {code} est illisible : vérifiez l’étiquette (chiffre de contrôle, date ou élément erroné).",
  "document.issue.productAmbiguous": "Plusieurs produits ({count}) correspondent à {code} : {products}.",
  "document.issue.orderNotConfirmed":
    "La commande {order} n'est pas confirmée : ses documents ne peuvent pas être confirmés.",
  "document.issue.productNotOnOrder": "Le produit {product} ne figure pas sur la commande {order}.",
  "document.issue.quantityAboveOrder": "La quantité de {product} dépasse le reste de la commande ({left}).",
  "document.issue.stockAlreadyLeft": "Le stock entré par ce document est déjà sorti (il manque {missing}).",
  "document.issue.wrongProduct": "Ce n'est pas {product} : {code} a été scanné.",
  "document.issue.wrongLot": "Mauvais lot de {product} : {expected} attendu, {scanned} scanné.",
  "document.issue.wrongLocation": "Mauvais emplacement {location} : {expected} attendu.",
  "document.issue.quantityAbovePosition": "Trop de {product} : il ne reste que {left} à faire.",
  "document.issue.otherContainer": "Ceci va dans le contenant {expected}, pas dans {container}.",
  "document.issue.containerEmpty": "Le contenant {container} est vide.",
  "document.issue.locationEmpty": "Rien n'est stocké à {location}.",
  "document.issue.containerNotWhole":
    "Un transfert de contenant déplace tout le contenant {container} ; {left} resterait sur place.",
  "document.issue.containerMoved":
    "Le contenant {container} a été déplacé depuis ; le stock ne peut pas revenir à sa place.",
  "client.outdated":
    "Cette version de l'application est obsolète. Actualisez la page pour charger la dernière version.",
  "server.unknown": "Une erreur inconnue s'est produite. Identifiant de la requête : {requestId}.",
  "server.misconfigured": "Le serveur est mal configuré. Veuillez contacter le prestataire.",
  "server.mailFailed": "L'e-mail n'a pas pu être envoyé. Veuillez réessayer plus tard.",
  "server.unavailable": "Cette partie du serveur redémarre. Réessayez dans un instant.",

  "validation.required": "Cette information est obligatoire.",
  "validation.invalidEmail": "Cette adresse e-mail n'est pas valide.",
  "validation.tooLong": "La valeur est trop longue.",
  "validation.tooShort": "La valeur est trop courte.",
  "validation.tooSmall": "La valeur est trop petite.",
  "validation.tooLarge": "La valeur est trop grande.",
  "validation.forbiddenCharacter": "La valeur contient un caractère interdit.",
  "validation.passwordsMustMatch": "Les mots de passe doivent être identiques.",
  "validation.currentPasswordWrong": "Ce n'est pas votre mot de passe actuel.",
  "validation.codeWrong": "Ce code n'est pas correct. Saisissez le code actuel de l'application.",
  "validation.passwordTooCommon":
    "Ce mot de passe fait partie des plus courants et se devine en premier. Choisissez-en un autre.",
  "validation.passwordContextWord":
    "Ce mot de passe est formé de votre nom, du nom de votre entreprise ou du nom du logiciel, que l'on essaie en premier. Choisissez-en un autre.",
  "validation.passwordBreached":
    "Ce mot de passe figure dans des données volées à d'autres services et il est deviné tôt. Choisissez-en un autre.",
  "validation.phoneCountryCode":
    "Le numéro de téléphone doit inclure l'indicatif du pays, par ex. +48 600 700 800.",
  "validation.emailExists": "Cette adresse e-mail existe déjà.",
  "validation.usernameExists": "Ce nom d'utilisateur existe déjà.",
  "validation.mustBeUnique": "Cette valeur doit être unique.",
  "validation.invalidValue": "Cette valeur n'est pas autorisée.",
  "validation.egressRefused":
    "Le serveur ne se connecte pas à cette adresse : indiquez une adresse Internet publique, ou un nom qui se résout en une telle adresse.",
  "validation.mustAcceptTerms": "Vous devez accepter les conditions d'utilisation.",
  "validation.criticalAboveWarning": "Le stock critique ne peut pas dépasser le stock d'alerte.",
  "validation.productionNaming":
    "Avant la production, ce champ doit contenir ' - ' (p. ex. \"Pain - blanc\").",
  "validation.minAboveMax": "La température minimale ne peut pas dépasser la maximale.",
  "validation.finishBeforeStart": "La fin doit être après le début.",
  "validation.unknownField": "Ce champ est inconnu.",

  "calendar.feed.name": "Calendrier {name}",
  "calendar.entry.plannedDate": "Prévu",
  "calendar.entry.deadline": "Échéance",
  "calendar.entry.packBy": "À emballer avant",
  "calendar.entry.unpackBy": "À déballer avant",
  "calendar.entry.pickupTime": "Enlèvement",
  "calendar.entry.deliveryTime": "Livraison",

  "mail.activation.subject": "Activez votre compte sur {appName}",
  "mail.activation.body":
    "Bonjour {name},\n\nL'inscription de {company} a été confirmée. Activez votre compte en ouvrant ce lien :\n{link}\n\nCe lien est valable jusqu'au {expires} ({timeZone}).",
  "mail.reset.subject": "Réinitialisation du mot de passe sur {appName}",
  "mail.reset.body":
    "Bonjour {name},\n\nUne demande de réinitialisation du mot de passe a été faite pour le compte {username}. Votre code de réinitialisation est :\n{code}\n\nVous pouvez aussi ouvrir ce lien :\n{link}\n\nLe code est valable jusqu'au {expires} ({timeZone}). Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  "mail.registered.subject": "Nous avons bien reçu l'inscription de {company}",
  "mail.registered.body":
    "Bonjour {name},\n\nMerci d'avoir inscrit {company}. Le prestataire confirmera l'inscription sous peu ; vous recevrez ensuite un lien d'activation.",
  "validation.personHasNoEmail": "Cette personne n'a pas d'adresse e-mail.",
  "mail.fileAttached.body": "Veuillez trouver {fileName} en pièce jointe.",
  "validation.noRateForNewBase":
    "Aucun taux de change de la nouvelle devise de base ne permet de recalculer les autres : ajoutez-le d'abord, ou conservez ou supprimez les taux.",
  "validation.baseCurrencyByItsOwnCall":
    "La devise de base se change avec son propre bouton, qui demande que faire des taux de change.",
  "validation.baseCurrencyRate": "C'est la devise de base : son taux est 1.",
  "account.documentLimitReached":
    "Les {limit} documents de ce mois sont épuisés et le budget des documents supplémentaires ({budget:money} EUR) ne permet pas d'en payer un autre : le document n'a pas été confirmé. Demandez au prestataire d'augmenter la limite ou le budget.",
};
