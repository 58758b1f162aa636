// Messages of one area of the client, in all six languages. The language catalogues (../en_us.ts, ...)
// spread these in; the catalogue test checks every language has every key.
// Discussions on records (issue 18).
export const discussionMessages = {
  "en-us": {
    "discussion.title": "Discussion",
    "discussion.none": "Nothing written about this record yet.",
    "discussion.someone": "A removed user",
    "discussion.write": "Your message",
    "discussion.send": "Add to the discussion",
  },
  "pl-pl": {
    "discussion.title": "Dyskusja",
    "discussion.none": "Nikt jeszcze nic nie napisał o tym rekordzie.",
    "discussion.someone": "Usunięty użytkownik",
    "discussion.write": "Twoja wiadomość",
    "discussion.send": "Dodaj do dyskusji",
  },
  "de-de": {
    "discussion.title": "Diskussion",
    "discussion.none": "Zu diesem Datensatz wurde noch nichts geschrieben.",
    "discussion.someone": "Ein entfernter Benutzer",
    "discussion.write": "Ihre Nachricht",
    "discussion.send": "Zur Diskussion hinzufügen",
  },
  "fr-fr": {
    "discussion.title": "Discussion",
    "discussion.none": "Rien n'a encore été écrit sur cet enregistrement.",
    "discussion.someone": "Un utilisateur supprimé",
    "discussion.write": "Votre message",
    "discussion.send": "Ajouter à la discussion",
  },
  "es-es": {
    "discussion.title": "Conversación",
    "discussion.none": "Todavía no se ha escrito nada sobre este registro.",
    "discussion.someone": "Un usuario eliminado",
    "discussion.write": "Su mensaje",
    "discussion.send": "Añadir a la conversación",
  },
  "ru-ru": {
    "discussion.title": "Обсуждение",
    "discussion.none": "Об этой записи пока ничего не написано.",
    "discussion.someone": "Удалённый пользователь",
    "discussion.write": "Ваше сообщение",
    "discussion.send": "Добавить в обсуждение",
  },
} as const;
