// Messages of one area of the client, in all six languages (see list.ts for how areas are spread in).
// This area: how a person's edit becomes a saved value — numbers read strictly in the user's language
// (an ambiguous one is asked about, never guessed) and a write refused because no person made it.
export const editsMessages = {
  "en-us": {
    "number.didYouMean": "Did you mean {suggestion}?",
    "number.didYouMeanEither": "Did you mean {first} or {second}?",
    "edit.notByPerson":
      "This change was not saved: it was not made by you but by the screen being redrawn. Please report it.",
  },
  "pl-pl": {
    "number.didYouMean": "Czy chodziło o {suggestion}?",
    "number.didYouMeanEither": "Czy chodziło o {first} czy o {second}?",
    "edit.notByPerson":
      "Tej zmiany nie zapisano: nie wprowadziła jej osoba, lecz odświeżenie ekranu. Prosimy to zgłosić.",
  },
  "de-de": {
    "number.didYouMean": "Meinten Sie {suggestion}?",
    "number.didYouMeanEither": "Meinten Sie {first} oder {second}?",
    "edit.notByPerson":
      "Diese Änderung wurde nicht gespeichert: Sie stammt nicht von Ihnen, sondern vom Neuzeichnen der Ansicht. Bitte melden Sie das.",
  },
  "fr-fr": {
    "number.didYouMean": "Vouliez-vous dire {suggestion} ?",
    "number.didYouMeanEither": "Vouliez-vous dire {first} ou {second} ?",
    "edit.notByPerson":
      "Cette modification n’a pas été enregistrée : elle ne vient pas de vous mais du réaffichage de l’écran. Merci de le signaler.",
  },
  "es-es": {
    "number.didYouMean": "¿Quería decir {suggestion}?",
    "number.didYouMeanEither": "¿Quería decir {first} o {second}?",
    "edit.notByPerson":
      "Este cambio no se ha guardado: no lo hizo usted, sino el redibujado de la pantalla. Por favor, infórmenos.",
  },
  "ru-ru": {
    "number.didYouMean": "Вы имели в виду {suggestion}?",
    "number.didYouMeanEither": "Вы имели в виду {first} или {second}?",
    "edit.notByPerson":
      "Это изменение не сохранено: его внесли не вы, а перерисовка экрана. Пожалуйста, сообщите об этом.",
  },
} as const;
