// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
export const thirdPartyMessages = {
  "en-us": {
    "thirdParty.signIn": "Sign in with {provider}",
    "thirdParty.signingIn": "Signing you in…",
    "thirdParty.cancelled": "Sign-in was cancelled.",
    "thirdParty.backToSignIn": "Back to sign-in",
    "route.signin/oidc": "Third-party sign-in",
  },
  "pl-pl": {
    "thirdParty.signIn": "Zaloguj się przez {provider}",
    "thirdParty.signingIn": "Trwa logowanie…",
    "thirdParty.cancelled": "Logowanie zostało anulowane.",
    "thirdParty.backToSignIn": "Wróć do logowania",
    "route.signin/oidc": "Logowanie przez zewnętrznego dostawcę",
  },
  "de-de": {
    "thirdParty.signIn": "Mit {provider} anmelden",
    "thirdParty.signingIn": "Sie werden angemeldet…",
    "thirdParty.cancelled": "Die Anmeldung wurde abgebrochen.",
    "thirdParty.backToSignIn": "Zurück zur Anmeldung",
    "route.signin/oidc": "Anmeldung über einen externen Anbieter",
  },
  "fr-fr": {
    "thirdParty.signIn": "Se connecter avec {provider}",
    "thirdParty.signingIn": "Connexion en cours…",
    "thirdParty.cancelled": "La connexion a été annulée.",
    "thirdParty.backToSignIn": "Retour à la connexion",
    "route.signin/oidc": "Connexion via un fournisseur externe",
  },
  "es-es": {
    "thirdParty.signIn": "Iniciar sesión con {provider}",
    "thirdParty.signingIn": "Iniciando sesión…",
    "thirdParty.cancelled": "Se ha cancelado el inicio de sesión.",
    "thirdParty.backToSignIn": "Volver al inicio de sesión",
    "route.signin/oidc": "Inicio de sesión con un proveedor externo",
  },
  "ru-ru": {
    "thirdParty.signIn": "Войти через {provider}",
    "thirdParty.signingIn": "Выполняется вход…",
    "thirdParty.cancelled": "Вход отменён.",
    "thirdParty.backToSignIn": "Вернуться ко входу",
    "route.signin/oidc": "Вход через внешнего поставщика",
  },
};
