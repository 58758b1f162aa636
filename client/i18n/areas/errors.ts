// Messages for every error code the API answers, in all six languages: a failed call becomes a toast
// in the user's language even when the server could not say it (an old server, a proxy, no response).
// The texts follow the server's catalogue (server/kernel/i18n/); a test keeps the two in step.
export const errorsMessages = {
  "en-us": {
    "error.configDownloadFailed": "The configuration could not be downloaded. Refresh the page.",
    "apiError.validation.failed": "The form has errors, review the fields.",
    "apiError.request.badQuery": "The request is not valid: {detail}.",
    "apiError.auth.wrongCredentials": "Wrong user name or password.",
    "apiError.auth.blocked": "This account is blocked. Contact your office.",
    "apiError.auth.notActivated":
      "This account is not activated yet. Wait for the activation e-mail or contact support.",
    "apiError.auth.awaitingApproval": "Your company's registration is awaiting confirmation by the provider.",
    "apiError.auth.suspended": "Your company's account is suspended. Contact the provider.",
    "apiError.auth.tokenMissing": "Sign in to continue.",
    "apiError.auth.tokenInvalid": "Your sign-in is not valid. Sign in again.",
    "apiError.auth.tokenExpired": "Your sign-in has expired.",
    "apiError.auth.refreshInvalid": "Your session has ended. Sign in again.",
    "apiError.auth.thirdPartyFailed": "Sign-in with the external identity provider failed.",
    "apiError.auth.forbidden": "You do not have permission for this operation.",
    "apiError.auth.moduleDisabled": "This module is not enabled for your account.",
    "apiError.auth.tooManyAttempts": "Too many attempts. Try again in {minutes} minutes.",
    "apiError.register.activationCodeNotFound": "Activation code not found. It may have been used already.",
    "apiError.register.wrongResetCode": "Wrong or expired password reset code.",
    "apiError.register.emailNotFound": "E-mail address not found.",
    "apiError.record.notFoundOrNoPermission": "Object not found or insufficient permissions.",
    "apiError.route.notFound": "There is no such address in the API.",
    "apiError.method.notAllowed": "This method is not allowed here.",
    "apiError.document.numberCollision": "The document number must be unique. Save again.",
    "apiError.record.foreignKey": "This entry is linked to other records and cannot be deleted.",
    "apiError.record.uniqueConflict": "A unique value is already used. Check the unique fields.",
    "apiError.record.statusForbidsDelete": "The status of this record does not allow deletion.",
    "apiError.order.statusChangeNotAllowed": "Status change is not allowed for this order.",
    "apiError.record.changedByAnotherUser":
      "Another user has changed this record meanwhile. Reload it and repeat your change.",
    "apiError.record.alreadyRemoved": "This entry has already been removed.",
    "apiError.import.fileTooLarge": "The file is too large (at most 20 MB).",
    "apiError.file.typeNotAllowed": "This file type is not allowed.",
    "apiError.document.validation": "The document did not pass validation.",
    "apiError.server.unknown": "An unknown error occurred. Request id: {requestId}.",
    "apiError.server.misconfigured": "The server is set up wrongly. Contact the provider.",
    "apiError.server.mailFailed": "The e-mail could not be sent. Try again later.",
  },
  "pl-pl": {
    "error.configDownloadFailed": "Nie udało się pobrać konfiguracji. Odśwież stronę.",
    "apiError.validation.failed": "Formularz zawiera błędy. Proszę sprawdzić pola.",
    "apiError.request.badQuery": "Żądanie jest nieprawidłowe: {detail}.",
    "apiError.auth.wrongCredentials": "Nieprawidłowa nazwa użytkownika lub hasło.",
    "apiError.auth.blocked": "To konto jest zablokowane. Proszę skontaktować się z biurem.",
    "apiError.auth.notActivated":
      "To konto nie zostało jeszcze aktywowane. Proszę poczekać na e-mail aktywacyjny lub skontaktować się z pomocą techniczną.",
    "apiError.auth.awaitingApproval": "Rejestracja firmy oczekuje na potwierdzenie przez usługodawcę.",
    "apiError.auth.suspended": "Konto firmy zostało zawieszone. Proszę skontaktować się z usługodawcą.",
    "apiError.auth.tokenMissing": "Aby kontynuować, należy się zalogować.",
    "apiError.auth.tokenInvalid": "Logowanie jest nieważne. Proszę zalogować się ponownie.",
    "apiError.auth.tokenExpired": "Ważność logowania wygasła.",
    "apiError.auth.refreshInvalid": "Sesja została zakończona. Proszę zalogować się ponownie.",
    "apiError.auth.thirdPartyFailed": "Logowanie przez zewnętrznego dostawcę tożsamości nie powiodło się.",
    "apiError.auth.forbidden": "Brak uprawnień do wykonania tej operacji.",
    "apiError.auth.moduleDisabled": "Ten moduł nie jest włączony dla tego konta.",
    "apiError.auth.tooManyAttempts": "Zbyt wiele prób. Proszę spróbować ponownie za {minutes} min.",
    "apiError.register.activationCodeNotFound":
      "Nie znaleziono kodu aktywacyjnego. Być może został już wykorzystany.",
    "apiError.register.wrongResetCode": "Nieprawidłowy lub wygasły kod resetowania hasła.",
    "apiError.register.emailNotFound": "Nie znaleziono adresu e-mail.",
    "apiError.record.notFoundOrNoPermission": "Nie znaleziono obiektu lub brak wystarczających uprawnień.",
    "apiError.route.notFound": "Taki adres nie istnieje w API.",
    "apiError.method.notAllowed": "Ta metoda nie jest tutaj dozwolona.",
    "apiError.document.numberCollision": "Numer dokumentu musi być unikalny. Proszę zapisać ponownie.",
    "apiError.record.foreignKey": "Ten wpis jest powiązany z innymi rekordami i nie można go usunąć.",
    "apiError.record.uniqueConflict":
      "Wartość, która musi być unikalna, jest już używana. Proszę sprawdzić pola unikalne.",
    "apiError.record.statusForbidsDelete": "Status tego rekordu nie pozwala na jego usunięcie.",
    "apiError.order.statusChangeNotAllowed": "Zmiana statusu tego zamówienia jest niedozwolona.",
    "apiError.record.changedByAnotherUser":
      "W międzyczasie inny użytkownik zmienił ten rekord. Proszę wczytać go ponownie i powtórzyć zmianę.",
    "apiError.record.alreadyRemoved": "Ten wpis został już usunięty.",
    "apiError.import.fileTooLarge": "Plik jest za duży (maksymalnie 20 MB).",
    "apiError.file.typeNotAllowed": "Ten typ pliku jest niedozwolony.",
    "apiError.document.validation": "Dokument nie przeszedł walidacji.",
    "apiError.server.unknown": "Wystąpił nieznany błąd. Identyfikator żądania: {requestId}.",
    "apiError.server.misconfigured":
      "Serwer jest nieprawidłowo skonfigurowany. Proszę skontaktować się z usługodawcą.",
    "apiError.server.mailFailed":
      "Nie udało się wysłać wiadomości e-mail. Proszę spróbować ponownie później.",
  },
  "de-de": {
    "error.configDownloadFailed": "Die Konfiguration konnte nicht geladen werden. Laden Sie die Seite neu.",
    "apiError.validation.failed": "Das Formular enthält Fehler. Bitte überprüfen Sie die Felder.",
    "apiError.request.badQuery": "Die Anfrage ist ungültig: {detail}.",
    "apiError.auth.wrongCredentials": "Benutzername oder Passwort ist falsch.",
    "apiError.auth.blocked": "Dieses Konto ist gesperrt. Bitte wenden Sie sich an Ihr Büro.",
    "apiError.auth.notActivated":
      "Dieses Konto ist noch nicht aktiviert. Bitte warten Sie auf die Aktivierungs-E-Mail oder wenden Sie sich an den Support.",
    "apiError.auth.awaitingApproval":
      "Die Registrierung Ihres Unternehmens wartet auf die Bestätigung durch den Anbieter.",
    "apiError.auth.suspended":
      "Das Konto Ihres Unternehmens ist vorübergehend gesperrt. Bitte wenden Sie sich an den Anbieter.",
    "apiError.auth.tokenMissing": "Bitte melden Sie sich an, um fortzufahren.",
    "apiError.auth.tokenInvalid": "Ihre Anmeldung ist ungültig. Bitte melden Sie sich erneut an.",
    "apiError.auth.tokenExpired": "Ihre Anmeldung ist abgelaufen.",
    "apiError.auth.refreshInvalid": "Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.",
    "apiError.auth.thirdPartyFailed":
      "Die Anmeldung über den externen Identitätsanbieter ist fehlgeschlagen.",
    "apiError.auth.forbidden": "Sie haben keine Berechtigung für diesen Vorgang.",
    "apiError.auth.moduleDisabled": "Dieses Modul ist für Ihr Konto nicht freigeschaltet.",
    "apiError.auth.tooManyAttempts": "Zu viele Versuche. Bitte versuchen Sie es in {minutes} Minuten erneut.",
    "apiError.register.activationCodeNotFound":
      "Aktivierungscode nicht gefunden. Möglicherweise wurde er bereits verwendet.",
    "apiError.register.wrongResetCode": "Der Code zum Zurücksetzen des Passworts ist falsch oder abgelaufen.",
    "apiError.register.emailNotFound": "E-Mail-Adresse nicht gefunden.",
    "apiError.record.notFoundOrNoPermission": "Objekt nicht gefunden oder unzureichende Berechtigungen.",
    "apiError.route.notFound": "Diese Adresse gibt es in der API nicht.",
    "apiError.method.notAllowed": "Diese Methode ist hier nicht zulässig.",
    "apiError.document.numberCollision": "Die Belegnummer muss eindeutig sein. Bitte speichern Sie erneut.",
    "apiError.record.foreignKey":
      "Dieser Eintrag ist mit anderen Datensätzen verknüpft und kann nicht gelöscht werden.",
    "apiError.record.uniqueConflict":
      "Ein eindeutiger Wert wird bereits verwendet. Bitte überprüfen Sie die eindeutigen Felder.",
    "apiError.record.statusForbidsDelete": "Der Status dieses Datensatzes lässt kein Löschen zu.",
    "apiError.order.statusChangeNotAllowed": "Für diesen Auftrag ist keine Statusänderung zulässig.",
    "apiError.record.changedByAnotherUser":
      "Ein anderer Benutzer hat diesen Datensatz inzwischen geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.",
    "apiError.record.alreadyRemoved": "Dieser Eintrag wurde bereits entfernt.",
    "apiError.import.fileTooLarge": "Die Datei ist zu groß (maximal 20 MB).",
    "apiError.file.typeNotAllowed": "Dieser Dateityp ist nicht zulässig.",
    "apiError.document.validation": "Der Beleg hat die Prüfung nicht bestanden.",
    "apiError.server.unknown": "Ein unbekannter Fehler ist aufgetreten. Anfrage-ID: {requestId}.",
    "apiError.server.misconfigured":
      "Der Server ist falsch konfiguriert. Bitte wenden Sie sich an den Anbieter.",
    "apiError.server.mailFailed":
      "Die E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.",
  },
  "fr-fr": {
    "error.configDownloadFailed": "Impossible de télécharger la configuration. Actualisez la page.",
    "apiError.validation.failed": "Le formulaire contient des erreurs. Veuillez vérifier les champs.",
    "apiError.request.badQuery": "La requête n'est pas valide : {detail}.",
    "apiError.auth.wrongCredentials": "Nom d'utilisateur ou mot de passe incorrect.",
    "apiError.auth.blocked": "Ce compte est bloqué. Veuillez contacter votre bureau.",
    "apiError.auth.notActivated":
      "Ce compte n'est pas encore activé. Veuillez attendre l'e-mail d'activation ou contacter le support.",
    "apiError.auth.awaitingApproval":
      "L'inscription de votre entreprise est en attente de confirmation par le prestataire.",
    "apiError.auth.suspended":
      "Le compte de votre entreprise est suspendu. Veuillez contacter le prestataire.",
    "apiError.auth.tokenMissing": "Veuillez vous connecter pour continuer.",
    "apiError.auth.tokenInvalid": "Votre connexion n'est pas valide. Veuillez vous reconnecter.",
    "apiError.auth.tokenExpired": "Votre connexion a expiré.",
    "apiError.auth.refreshInvalid": "Votre session a pris fin. Veuillez vous reconnecter.",
    "apiError.auth.thirdPartyFailed": "La connexion via le fournisseur d'identité externe a échoué.",
    "apiError.auth.forbidden": "Vous n'avez pas l'autorisation d'effectuer cette opération.",
    "apiError.auth.moduleDisabled": "Ce module n'est pas activé pour votre compte.",
    "apiError.auth.tooManyAttempts": "Trop de tentatives. Veuillez réessayer dans {minutes} minutes.",
    "apiError.register.activationCodeNotFound":
      "Code d'activation introuvable. Il a peut-être déjà été utilisé.",
    "apiError.register.wrongResetCode": "Code de réinitialisation du mot de passe incorrect ou expiré.",
    "apiError.register.emailNotFound": "Adresse e-mail introuvable.",
    "apiError.record.notFoundOrNoPermission": "Objet introuvable ou autorisations insuffisantes.",
    "apiError.route.notFound": "Cette adresse n'existe pas dans l'API.",
    "apiError.method.notAllowed": "Cette méthode n'est pas autorisée ici.",
    "apiError.document.numberCollision":
      "Le numéro de document doit être unique. Veuillez enregistrer à nouveau.",
    "apiError.record.foreignKey":
      "Cette entrée est liée à d'autres enregistrements et ne peut pas être supprimée.",
    "apiError.record.uniqueConflict":
      "Une valeur unique est déjà utilisée. Veuillez vérifier les champs à valeur unique.",
    "apiError.record.statusForbidsDelete": "Le statut de cet enregistrement ne permet pas sa suppression.",
    "apiError.order.statusChangeNotAllowed":
      "Le changement de statut n'est pas autorisé pour cette commande.",
    "apiError.record.changedByAnotherUser":
      "Un autre utilisateur a modifié cet enregistrement entre-temps. Veuillez le recharger et refaire votre modification.",
    "apiError.record.alreadyRemoved": "Cette entrée a déjà été supprimée.",
    "apiError.import.fileTooLarge": "Le fichier est trop volumineux (20 Mo maximum).",
    "apiError.file.typeNotAllowed": "Ce type de fichier n'est pas autorisé.",
    "apiError.document.validation": "La validation du document a échoué.",
    "apiError.server.unknown": "Une erreur inconnue s'est produite. Identifiant de la requête : {requestId}.",
    "apiError.server.misconfigured": "Le serveur est mal configuré. Veuillez contacter le prestataire.",
    "apiError.server.mailFailed": "L'e-mail n'a pas pu être envoyé. Veuillez réessayer plus tard.",
  },
  "es-es": {
    "error.configDownloadFailed": "No se pudo descargar la configuración. Actualice la página.",
    "apiError.validation.failed": "El formulario contiene errores. Revise los campos.",
    "apiError.request.badQuery": "La solicitud no es válida: {detail}.",
    "apiError.auth.wrongCredentials": "Nombre de usuario o contraseña incorrectos.",
    "apiError.auth.blocked": "Esta cuenta está bloqueada. Póngase en contacto con su oficina.",
    "apiError.auth.notActivated":
      "Esta cuenta aún no está activada. Espere el correo electrónico de activación o póngase en contacto con el servicio de soporte.",
    "apiError.auth.awaitingApproval":
      "El registro de su empresa está pendiente de confirmación por parte del proveedor del servicio.",
    "apiError.auth.suspended":
      "La cuenta de su empresa está suspendida. Póngase en contacto con el proveedor del servicio.",
    "apiError.auth.tokenMissing": "Inicie sesión para continuar.",
    "apiError.auth.tokenInvalid": "Su inicio de sesión no es válido. Vuelva a iniciar sesión.",
    "apiError.auth.tokenExpired": "Su inicio de sesión ha caducado.",
    "apiError.auth.refreshInvalid": "Su sesión ha finalizado. Vuelva a iniciar sesión.",
    "apiError.auth.thirdPartyFailed": "No se ha podido iniciar sesión con el proveedor de identidad externo.",
    "apiError.auth.forbidden": "No tiene permiso para realizar esta operación.",
    "apiError.auth.moduleDisabled": "Este módulo no está habilitado para su cuenta.",
    "apiError.auth.tooManyAttempts": "Demasiados intentos. Vuelva a intentarlo dentro de {minutes} minutos.",
    "apiError.register.activationCodeNotFound":
      "No se ha encontrado el código de activación. Es posible que ya se haya utilizado.",
    "apiError.register.wrongResetCode":
      "El código de restablecimiento de contraseña es incorrecto o ha caducado.",
    "apiError.register.emailNotFound": "No se ha encontrado la dirección de correo electrónico.",
    "apiError.record.notFoundOrNoPermission":
      "No se ha encontrado el objeto o no tiene permisos suficientes.",
    "apiError.route.notFound": "Esta dirección no existe en la API.",
    "apiError.method.notAllowed": "Este método no está permitido aquí.",
    "apiError.document.numberCollision": "El número de documento debe ser único. Vuelva a guardar.",
    "apiError.record.foreignKey": "Esta entrada está vinculada a otros registros y no se puede eliminar.",
    "apiError.record.uniqueConflict":
      "Un valor que debe ser único ya está en uso. Compruebe los campos de valor único.",
    "apiError.record.statusForbidsDelete": "El estado de este registro no permite eliminarlo.",
    "apiError.order.statusChangeNotAllowed": "No se permite cambiar el estado de este pedido.",
    "apiError.record.changedByAnotherUser":
      "Otro usuario ha modificado este registro mientras tanto. Vuelva a cargarlo y repita el cambio.",
    "apiError.record.alreadyRemoved": "Esta entrada ya se ha eliminado.",
    "apiError.import.fileTooLarge": "El archivo es demasiado grande (máximo 20 MB).",
    "apiError.file.typeNotAllowed": "Este tipo de archivo no está permitido.",
    "apiError.document.validation": "El documento no ha superado la validación.",
    "apiError.server.unknown": "Se ha producido un error desconocido. ID de la solicitud: {requestId}.",
    "apiError.server.misconfigured":
      "El servidor no está configurado correctamente. Póngase en contacto con el proveedor del servicio.",
    "apiError.server.mailFailed":
      "No se ha podido enviar el correo electrónico. Inténtelo de nuevo más tarde.",
  },
  "ru-ru": {
    "error.configDownloadFailed": "Не удалось загрузить конфигурацию. Обновите страницу.",
    "apiError.validation.failed": "Форма содержит ошибки. Проверьте поля.",
    "apiError.request.badQuery": "Некорректный запрос: {detail}.",
    "apiError.auth.wrongCredentials": "Неверное имя пользователя или пароль.",
    "apiError.auth.blocked": "Эта учётная запись заблокирована. Обратитесь в свой офис.",
    "apiError.auth.notActivated":
      "Эта учётная запись ещё не активирована. Дождитесь письма для активации или обратитесь в службу поддержки.",
    "apiError.auth.awaitingApproval": "Регистрация вашей компании ожидает подтверждения поставщиком сервиса.",
    "apiError.auth.suspended":
      "Действие учётной записи вашей компании приостановлено. Обратитесь к поставщику сервиса.",
    "apiError.auth.tokenMissing": "Войдите в систему, чтобы продолжить.",
    "apiError.auth.tokenInvalid": "Данные входа недействительны. Войдите в систему снова.",
    "apiError.auth.tokenExpired": "Срок действия входа истёк.",
    "apiError.auth.refreshInvalid": "Ваш сеанс завершён. Войдите в систему снова.",
    "apiError.auth.thirdPartyFailed": "Не удалось войти через внешнего поставщика удостоверений.",
    "apiError.auth.forbidden": "У вас нет прав на выполнение этой операции.",
    "apiError.auth.moduleDisabled": "Этот модуль не подключён для вашей учётной записи.",
    "apiError.auth.tooManyAttempts": "Слишком много попыток. Повторите попытку через {minutes} мин.",
    "apiError.register.activationCodeNotFound": "Код активации не найден. Возможно, он уже был использован.",
    "apiError.register.wrongResetCode": "Код сброса пароля неверен или срок его действия истёк.",
    "apiError.register.emailNotFound": "Адрес электронной почты не найден.",
    "apiError.record.notFoundOrNoPermission": "Объект не найден или недостаточно прав.",
    "apiError.route.notFound": "Такого адреса в API нет.",
    "apiError.method.notAllowed": "Этот метод здесь не допускается.",
    "apiError.document.numberCollision": "Номер документа должен быть уникальным. Сохраните ещё раз.",
    "apiError.record.foreignKey": "Эта запись связана с другими записями, поэтому её нельзя удалить.",
    "apiError.record.uniqueConflict":
      "Уникальное значение уже используется. Проверьте поля с уникальными значениями.",
    "apiError.record.statusForbidsDelete": "Статус этой записи не допускает её удаления.",
    "apiError.order.statusChangeNotAllowed": "Для этого заказа изменение статуса не допускается.",
    "apiError.record.changedByAnotherUser":
      "Другой пользователь тем временем изменил эту запись. Загрузите её заново и повторите изменение.",
    "apiError.record.alreadyRemoved": "Эта запись уже удалена.",
    "apiError.import.fileTooLarge": "Файл слишком большой (не более 20 МБ).",
    "apiError.file.typeNotAllowed": "Файлы этого типа не допускаются.",
    "apiError.document.validation": "Документ не прошёл проверку.",
    "apiError.server.unknown": "Произошла неизвестная ошибка. Идентификатор запроса: {requestId}.",
    "apiError.server.misconfigured": "Сервер настроен неправильно. Обратитесь к поставщику сервиса.",
    "apiError.server.mailFailed":
      "Не удалось отправить сообщение электронной почты. Повторите попытку позже.",
  },
} as const;
