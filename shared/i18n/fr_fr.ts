import type { LanguageCatalogue } from "./types.ts";

// The client's catalogue in fr-fr: the keys of en_us.ts, with the plural forms French uses.
import { listMessages } from "./areas/list.ts";
import { editsMessages } from "./areas/edits.ts";
import { hubMessages } from "./areas/hub.ts";
import { favoritesMessages } from "./areas/favorites.ts";
import { errorsMessages } from "./areas/errors.ts";
import { thirdPartyMessages } from "./areas/third_party.ts";
import { appVersionMessages } from "./areas/app_version.ts";
import { masterMessages } from "./areas/master.ts";
import { businessMessages } from "./areas/business.ts";
import { assortmentMessages } from "./areas/assortment.ts";
import { infrastructureMessages } from "./areas/infrastructure.ts";
import { stockMessages } from "./areas/stock.ts";
import { documentsMessages } from "./areas/documents.ts";
import { inventoryMessages } from "./areas/inventory.ts";
import { recordsMessages } from "./areas/records.ts";
import { securityLogMessages } from "./areas/security_log.ts";
import { ordersMessages } from "./areas/orders.ts";
import { terminalMessages } from "./areas/terminal.ts";
import { sharingMessages } from "./areas/sharing.ts";
import { portalMessages } from "./areas/portal.ts";
import { logisticsMessages } from "./areas/logistics.ts";
import { calendarMessages } from "./areas/calendar.ts";
import { pricingMessages } from "./areas/pricing.ts";
import { mapMessages } from "./areas/maps.ts";
import { fileMessages } from "./areas/files.ts";
import { importMessages } from "./areas/imports.ts";
import { exportMessages } from "./areas/exports.ts";
import { printingMessages } from "./areas/printing.ts";
import { printAgentMessages } from "./areas/print_agent.ts";
import { messagingMessages } from "./areas/messaging.ts";
import { transportMessages } from "./areas/transport.ts";
import { externalMessages } from "./areas/external.ts";
import { facesMessages } from "./areas/faces.ts";
import { secondFactorMessages } from "./areas/second_factor.ts";
import { offersMessages } from "./areas/offers.ts";
import { discussionMessages } from "./areas/discussions.ts";
import { titleMessages } from "./areas/title.ts";
import { accountMessages } from "./areas/account.ts";
import { userMenuMessages } from "./areas/user_menu.ts";
import { sessionsMessages } from "./areas/sessions.ts";
export const frFr = {
  ...listMessages["fr-fr"],
  ...editsMessages["fr-fr"],
  ...hubMessages["fr-fr"],
  ...favoritesMessages["fr-fr"],
  ...errorsMessages["fr-fr"],
  ...thirdPartyMessages["fr-fr"],
  ...appVersionMessages["fr-fr"],
  ...masterMessages["fr-fr"],
  ...businessMessages["fr-fr"],
  ...assortmentMessages["fr-fr"],
  ...infrastructureMessages["fr-fr"],
  ...stockMessages["fr-fr"],
  ...documentsMessages["fr-fr"],
  ...inventoryMessages["fr-fr"],
  ...recordsMessages["fr-fr"],
  ...securityLogMessages["fr-fr"],
  ...ordersMessages["fr-fr"],
  ...terminalMessages["fr-fr"],
  ...sharingMessages["fr-fr"],
  ...portalMessages["fr-fr"],
  ...logisticsMessages["fr-fr"],
  ...calendarMessages["fr-fr"],
  ...pricingMessages["fr-fr"],
  ...mapMessages["fr-fr"],
  ...fileMessages["fr-fr"],
  ...importMessages["fr-fr"],
  ...exportMessages["fr-fr"],
  ...printingMessages["fr-fr"],
  ...printAgentMessages["fr-fr"],
  ...messagingMessages["fr-fr"],
  ...transportMessages["fr-fr"],
  ...externalMessages["fr-fr"],
  ...facesMessages["fr-fr"],
  ...secondFactorMessages["fr-fr"],
  ...offersMessages["fr-fr"],
  ...discussionMessages["fr-fr"],
  ...titleMessages["fr-fr"],
  ...accountMessages["fr-fr"],
  ...userMenuMessages["fr-fr"],
  ...sessionsMessages["fr-fr"],
  "app.name": "WMS",
  "app.tagline": "Gestion d'entrepôt",
  "common.loading": "Chargement…",
  "common.save": "Enregistrer",
  "common.cancel": "Annuler",
  "common.close": "Fermer",
  "common.refresh": "Actualiser",
  "common.signOut": "Se déconnecter",
  "common.language": "Langue",
  "common.nightMode": "Mode nuit",
  "common.compactMenu": "Menu compact",
  "common.simplifiedMenu": "Menu simplifié",
  "common.menu": "Menu",
  "common.openMenu": "Ouvrir le menu",
  "common.settings": "Paramètres",
  "common.signedInAs": "Connecté en tant que {name}",
  "common.items#one": "{count} élément",
  "common.items#many": "{count} d'éléments",
  "common.items#other": "{count} éléments",

  "shell.serverUnreachable":
    "Le serveur est injoignable. Les données affichées ne sont peut-être pas à jour.",
  "shell.chunkTimeout":
    "Une partie de l'application ne s'est pas chargée en 120 secondes. Vérifiez la connexion et actualisez la page.",
  "shell.comingSoon": "Disponible dans une version ultérieure",
  "menu.soon": "bientôt",
  "shell.comingSoonBody": "Cet écran fait partie du produit et sera disponible dans une version ultérieure.",
  "shell.notFound": "Page introuvable",
  "shell.notFoundBody":
    "Cette page a été déplacée ou n'existe pas. Si vous y avez accédé depuis un favori, recréez ce favori.",
  "shell.goHome": "Aller à la page d'accueil",
  "shell.home": "Accueil",
  "shell.homeBody": "Choisissez une section dans le menu.",
  "shell.dialog": "Enregistrement {id}",

  "signin.title": "Connexion à WMS",
  "signin.tab.login": "Connexion",
  "signin.tab.register": "Inscrire une entreprise",
  "signin.tab.reset": "Mot de passe oublié",
  "signin.tab.activation": "Activation",
  "signin.username": "Nom d'utilisateur",
  "signin.password": "Mot de passe",
  "signin.repeatPassword": "Confirmer le mot de passe",
  "signin.email": "E-mail",
  "signin.companyName": "Nom de l'entreprise",
  "signin.taxId": "Numéro d'identification fiscale",
  "signin.acceptTerms": "J'accepte les conditions d'utilisation",
  "signin.submit": "Se connecter",
  "signin.register": "S'inscrire",
  "signin.sendReset": "Envoyer le code de réinitialisation",
  "signin.resetCode": "Code de réinitialisation",
  "signin.setPassword": "Définir un nouveau mot de passe",
  "signin.activationCode": "Code d'activation",
  "signin.activate": "Activer",
  "signin.registered":
    "Merci. Votre inscription est en attente de confirmation par le prestataire ; vous recevrez un e-mail d'activation.",
  "signin.resetSent":
    "Si l'adresse est connue, un code de réinitialisation vous a été envoyé. Consultez votre boîte de réception.",
  "signin.resetDone": "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.",
  "signin.activated": "Votre compte est actif. Vous pouvez maintenant vous connecter.",
  "signin.signingIn": "Connexion en cours…",

  "error.network": "Le serveur est injoignable. Vérifiez la connexion.",
  "error.unknown": "Une erreur inconnue s'est produite.",
  "error.formHasErrors": "Le formulaire contient des erreurs. Veuillez vérifier les champs.",
  "error.clientOutdated":
    "Cette version de l'application est obsolète. Actualisez la page pour charger la dernière version.",

  "menu.favorites": "Favoris",
  "menu.administration": "Administration",
  "menu.business": "Affaires",
  "menu.logistics": "Logistique",
  "menu.warehouseOperations": "Opérations d'entrepôt",
  "menu.terminal": "Terminal",
  "menu.trade": "Commerce",
  "menu.shippingTransport": "Expédition et transport",
  "menu.pricing": "Tarification",
  "menu.statistics": "Statistiques",
  "menu.assortment": "Assortiment",
  "menu.infrastructure": "Infrastructure",
  "menu.records": "Registres",
  "menu.calendar": "Calendrier",
  "menu.contractorPortal": "Portail partenaire",

  "route.log": "Journal système",
  "route.my-company": "Mon entreprise",
  "route.print-layouts": "Modèles d'impression",
  "route.email-templates": "Modèles d'e-mail",
  "route.email-accounts": "Comptes e-mail",
  "route.logistics-config": "Configuration logistique",
  "route.users": "Utilisateurs",
  "route.import-file": "Import de fichier",
  "route.dictionaries": "Listes de valeurs",
  "route.tags": "Tags",
  "route.history": "Historique des modifications",
  "route.shared-access": "Accès partagé",
  "route.external-credentials": "Services externes",
  "route.external-shop-activation": "Activation de la boutique en ligne",
  "route.computer-vision-faces": "Reconnaissance faciale",
  "route.addresses": "Adresses",
  "route.companies": "Entreprises",
  "route.contacts": "Contacts",
  "route.geo-locations": "Lieux géographiques",
  "route.products": "Produits",
  "route.product-external": "Produits externes",
  "route.product-groups": "Groupes de produits",
  "route.products-price-list": "Liste de prix",
  "route.exchange-rates": "Taux de change",
  "route.warehouse-locations": "Emplacements",
  "route.warehouse-location-types": "Types d'emplacement",
  "route.warehouse-map": "Plan de l'entrepôt",
  "route.warehouse-product-movements": "Mouvements de produits",
  "route.warehouse-product-group-movements": "Mouvements par groupe de produits",
  "route.warehouse-order-charts": "Graphiques des commandes",
  "route.direct-transport-offer": "Offres de transport",
  "route.direct-transport-message": "Messages de transport",
  "route.active-sell-offers": "Offres de vente actives",
  "route.archive-sell-offers": "Offres de vente archivées",
  "route.warehouse-documents": "Documents d'entrepôt",
  "route.warehouse-documents-positions": "Lignes de documents",
  "route.warehouse-product-stock": "Stock total",
  "route.warehouse-product-inventory": "Stock détaillé",
  "route.warehouse-new-document": "Nouveau document",
  "route.warehouse-new-order": "Nouvelle commande",
  "route.warehouse-orders": "Toutes les commandes",
  "route.warehouse-orders-operational": "Commandes en cours",
  "route.warehouse-orders-delay-monitor": "Commandes en retard",
  "route.warehouse-orders-positions": "Lignes de commande",
  "route.warehouse-orders-verify": "Commandes à vérifier",
  "route.warehouse-orders-verify-positions": "Lignes à vérifier",
  "route.warehouse-supply": "Approvisionnement",
  "route.warehouse-supply-reports": "Rapports d'approvisionnement",
  "route.external-order": "Nouvelle commande",
  "route.my-orders": "Mes commandes",
  "route.warehouse-calendar-month": "Calendrier : mois",
  "route.warehouse-calendar-day": "Calendrier : jour",
  "route.warehouse-calendar-agenda-day": "Calendrier : agenda",
  "route.warehouse-calendar-resources": "Planification des ressources",
  "route.wms-terminal-collect": "Préparation",
  "route.wms-terminal-in": "Réception",
  "route.wms-terminal-out": "Sortie",
  "route.wms-terminal-relocate": "Transfert",
  "route.wms-terminal-check": "Vérification",
  "route.production-picking": "Production : prélèvement des ressources",
  "route.production-summary": "Production : récapitulatif",
  "route.production-labels": "Production : étiquettes",
  "route.production-finish": "Production : clôture",
  "route.activate": "Activation du compte",
  "route.recovery": "Récupération du mot de passe",
  "route.title": "WMS",
  "route.shared": "Stock partagé",
  "route.shared/wms-inventory": "Stock détaillé partagé",
  "route.shared/wms-stock": "Stock total partagé",
} satisfies LanguageCatalogue;
