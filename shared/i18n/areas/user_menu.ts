// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
// The user's menu under their name in the top bar: language, theme, menu, scanner suffix, sign out.
export const userMenuMessages = {
  "en-us": {
    "userMenu.theme": "Theme",
    "userMenu.theme.light": "Light",
    "userMenu.theme.dark": "Dark",
  },
  "pl-pl": {
    "userMenu.theme": "Motyw",
    "userMenu.theme.light": "Jasny",
    "userMenu.theme.dark": "Ciemny",
  },
  "de-de": {
    "userMenu.theme": "Farbschema",
    "userMenu.theme.light": "Hell",
    "userMenu.theme.dark": "Dunkel",
  },
  "fr-fr": {
    "userMenu.theme": "Thème",
    "userMenu.theme.light": "Clair",
    "userMenu.theme.dark": "Sombre",
  },
  "es-es": {
    "userMenu.theme": "Tema",
    "userMenu.theme.light": "Claro",
    "userMenu.theme.dark": "Oscuro",
  },
  "ru-ru": {
    "userMenu.theme": "Тема оформления",
    "userMenu.theme.light": "Светлая",
    "userMenu.theme.dark": "Тёмная",
  },
} as const;
