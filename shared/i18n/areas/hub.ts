// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
// The real-time hub: the connection indicator and the warning that someone else edits the same record.
export const hubMessages = {
  "en-us": {
    "hub.status.connected": "Live updates: connected",
    "hub.status.connecting": "Live updates: connecting…",
    "hub.status.disconnected": "Live updates: disconnected",
    "hub.reconnect": "Reconnect",
    "hub.otherEditors#one":
      "{names} is also editing this record. If they save first, your changes will be refused.",
    "hub.otherEditors#other":
      "{names} are also editing this record. If one of them saves first, your changes will be refused.",
  },
  "pl-pl": {
    "hub.status.connected": "Aktualizacje na żywo: połączono",
    "hub.status.connecting": "Aktualizacje na żywo: łączenie…",
    "hub.status.disconnected": "Aktualizacje na żywo: rozłączono",
    "hub.reconnect": "Połącz ponownie",
    "hub.otherEditors#one":
      "{names} również edytuje ten rekord. Jeśli zapisze zmiany wcześniej, Twoje zostaną odrzucone.",
    "hub.otherEditors#few":
      "{names} również edytują ten rekord. Jeśli ktoś z nich zapisze zmiany wcześniej, Twoje zostaną odrzucone.",
    "hub.otherEditors#many":
      "{names} również edytują ten rekord. Jeśli ktoś z nich zapisze zmiany wcześniej, Twoje zostaną odrzucone.",
    "hub.otherEditors#other":
      "{names} również edytują ten rekord. Jeśli ktoś z nich zapisze zmiany wcześniej, Twoje zostaną odrzucone.",
  },
  "de-de": {
    "hub.status.connected": "Live-Aktualisierung: verbunden",
    "hub.status.connecting": "Live-Aktualisierung: Verbindung wird hergestellt…",
    "hub.status.disconnected": "Live-Aktualisierung: getrennt",
    "hub.reconnect": "Erneut verbinden",
    "hub.otherEditors#one":
      "{names} bearbeitet diesen Datensatz ebenfalls. Speichert diese Person zuerst, werden Ihre Änderungen abgelehnt.",
    "hub.otherEditors#other":
      "{names} bearbeiten diesen Datensatz ebenfalls. Speichert eine dieser Personen zuerst, werden Ihre Änderungen abgelehnt.",
  },
  "fr-fr": {
    "hub.status.connected": "Mises à jour en direct : connecté",
    "hub.status.connecting": "Mises à jour en direct : connexion…",
    "hub.status.disconnected": "Mises à jour en direct : déconnecté",
    "hub.reconnect": "Se reconnecter",
    "hub.otherEditors#one":
      "{names} modifie aussi cet enregistrement. Si cette personne enregistre en premier, vos modifications seront refusées.",
    "hub.otherEditors#many":
      "{names} modifient aussi cet enregistrement. Si l'une de ces personnes enregistre en premier, vos modifications seront refusées.",
    "hub.otherEditors#other":
      "{names} modifient aussi cet enregistrement. Si l'une de ces personnes enregistre en premier, vos modifications seront refusées.",
  },
  "es-es": {
    "hub.status.connected": "Actualizaciones en directo: conectado",
    "hub.status.connecting": "Actualizaciones en directo: conectando…",
    "hub.status.disconnected": "Actualizaciones en directo: desconectado",
    "hub.reconnect": "Volver a conectar",
    "hub.otherEditors#one":
      "{names} también está editando este registro. Si guarda primero, sus cambios serán rechazados.",
    "hub.otherEditors#many":
      "{names} también están editando este registro. Si alguno de ellos guarda primero, sus cambios serán rechazados.",
    "hub.otherEditors#other":
      "{names} también están editando este registro. Si alguno de ellos guarda primero, sus cambios serán rechazados.",
  },
  "ru-ru": {
    "hub.status.connected": "Обновления в реальном времени: подключено",
    "hub.status.connecting": "Обновления в реальном времени: подключение…",
    "hub.status.disconnected": "Обновления в реальном времени: отключено",
    "hub.reconnect": "Переподключиться",
    "hub.otherEditors#one":
      "{names} тоже редактирует эту запись. Если этот пользователь сохранит раньше, ваши изменения будут отклонены.",
    "hub.otherEditors#few":
      "{names} тоже редактируют эту запись. Если кто-то из них сохранит раньше, ваши изменения будут отклонены.",
    "hub.otherEditors#many":
      "{names} тоже редактируют эту запись. Если кто-то из них сохранит раньше, ваши изменения будут отклонены.",
    "hub.otherEditors#other":
      "{names} тоже редактируют эту запись. Если кто-то из них сохранит раньше, ваши изменения будут отклонены.",
  },
} as const;
