// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
// The real-time hub: the connection indicator and the warning that someone else edits the same record.
export const hubMessages = {
  "en-us": {
    "hub.status.connected": "Live updates: connected",
    "hub.status.connecting": "Live updates: connecting…",
    "hub.status.disconnected": "Live updates: disconnected",
    "hub.reconnect": "Reconnect",
  },
  "pl-pl": {
    "hub.status.connected": "Aktualizacje na żywo: połączono",
    "hub.status.connecting": "Aktualizacje na żywo: łączenie…",
    "hub.status.disconnected": "Aktualizacje na żywo: rozłączono",
    "hub.reconnect": "Połącz ponownie",
  },
  "de-de": {
    "hub.status.connected": "Live-Aktualisierung: verbunden",
    "hub.status.connecting": "Live-Aktualisierung: Verbindung wird hergestellt…",
    "hub.status.disconnected": "Live-Aktualisierung: getrennt",
    "hub.reconnect": "Erneut verbinden",
  },
  "fr-fr": {
    "hub.status.connected": "Mises à jour en direct : connecté",
    "hub.status.connecting": "Mises à jour en direct : connexion…",
    "hub.status.disconnected": "Mises à jour en direct : déconnecté",
    "hub.reconnect": "Se reconnecter",
  },
  "es-es": {
    "hub.status.connected": "Actualizaciones en directo: conectado",
    "hub.status.connecting": "Actualizaciones en directo: conectando…",
    "hub.status.disconnected": "Actualizaciones en directo: desconectado",
    "hub.reconnect": "Volver a conectar",
  },
  "ru-ru": {
    "hub.status.connected": "Обновления в реальном времени: подключено",
    "hub.status.connecting": "Обновления в реальном времени: подключение…",
    "hub.status.disconnected": "Обновления в реальном времени: отключено",
    "hub.reconnect": "Переподключиться",
  },
} as const;
