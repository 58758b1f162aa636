import type { Catalogue } from "./en_us.ts";

export const ruRu: Catalogue = {
  "validation.failed": "Форма содержит ошибки. Проверьте поля.",
  "request.badQuery": "Некорректный запрос: {detail}.",
  "request.timeout": "Запрос поступал слишком долго. Повторите попытку.",
  "request.notJson": "Отправьте тело запроса в формате JSON (Content-Type: application/json).",
  "request.crossSite":
    "Этот вызов обслуживается только для страниц самого приложения, а не для другого сайта, ссылки или изображения.",
  "request.tooLarge": "Запрос слишком большой (не более {limit}).",
  "request.tooLarge.tooCostly":
    "Этот запрос требует больше работы, чем допустимо для одного запроса (не более {seconds} с и {memory} МБ). Выберите меньше записей или более простой макет.",
  "request.idempotencyKeyReused":
    "Этот ключ уже использован для другого запроса. Для нового запроса используйте новый ключ.",
  "request.idempotencyKeyInProgress":
    "Запрос с этим ключом ещё обрабатывается, или его ответ потерян. Проверьте результат, прежде чем повторять.",
  "auth.wrongCredentials": "Неверное имя пользователя или пароль.",
  "auth.blocked": "Эта учётная запись заблокирована. Обратитесь в свой офис.",
  "auth.notActivated":
    "Эта учётная запись ещё не активирована. Дождитесь письма для активации или обратитесь в службу поддержки.",
  "auth.awaitingApproval": "Регистрация вашей компании ожидает подтверждения поставщиком сервиса.",
  "auth.suspended": "Действие учётной записи вашей компании приостановлено. Обратитесь к поставщику сервиса.",
  "auth.tokenMissing": "Войдите в систему, чтобы продолжить.",
  "auth.tokenInvalid": "Данные входа недействительны. Войдите в систему снова.",
  "auth.tokenExpired": "Срок действия входа истёк.",
  "auth.refreshInvalid": "Ваш сеанс завершён. Войдите в систему снова.",
  "auth.thirdPartyFailed": "Не удалось войти через внешнего поставщика удостоверений.",
  "auth.thirdPartyNotConfigured":
    "Вход через внешнего поставщика удостоверений для этого сервиса не настроен.",
  "auth.forbidden": "У вас нет прав на выполнение этой операции.",
  "auth.moduleDisabled": "Этот модуль не подключён для вашей учётной записи.",
  "auth.tooManyAttempts": "Слишком много попыток. Повторите попытку через {minutes} мин.",
  "auth.secondFactorInvalid":
    "Код или ключ доступа не принят: код неверен или уже использован. Попробуйте ещё раз.",
  "auth.secondFactorExpired": "Срок этого входа истёк. Войдите снова с паролем.",
  "auth.secondFactorSetupRequired":
    "Ваша компания требует второй фактор. Чтобы продолжить, настройте ключ доступа или приложение-аутентификатор.",
  "secondFactor.lastRequired":
    "Ваша компания требует второй фактор: прежде чем удалить этот, добавьте другой.",
  "secondFactor.notSetUp": "Сначала настройте второй фактор (или начните настройку заново).",
  "secondFactor.passkeyNotVerified": "Не удалось проверить ключ доступа. Попробуйте добавить его снова.",
  "register.activationCodeNotFound": "Код активации не найден. Возможно, он уже был использован.",
  "register.wrongResetCode": "Код сброса пароля неверен или срок его действия истёк.",
  "register.emailNotFound": "Адрес электронной почты не найден.",
  "record.notFoundOrNoPermission": "Объект не найден или недостаточно прав.",
  "route.notFound": "Такого адреса в API нет.",
  "method.notAllowed": "Этот метод здесь не допускается.",
  "document.numberCollision": "Номер документа должен быть уникальным. Сохраните ещё раз.",
  "record.foreignKey": "Эта запись связана с другими записями, поэтому её нельзя удалить.",
  "record.foreignKey.company": "Эта запись связана с компанией, и её нельзя удалить.",
  "record.foreignKey.message": "Эта запись связана с сообщением, и её нельзя удалить.",
  "record.foreignKey.externalOrder": "Эта запись связана с внешним заказом, и её нельзя удалить.",
  "record.uniqueConflict": "Уникальное значение уже используется. Проверьте поля с уникальными значениями.",
  "record.uniqueConflict.value": "Значение {value} уже использует {owner}.",
  "record.statusForbidsDelete": "Статус этой записи не допускает её удаления.",
  "order.nothingToGenerate": "Весь этот заказ уже внесён в документы.",
  "production.disabled": "Производство отключено в настройках логистики.",
  "production.noResources": "У этого товара нет ресурсов для производства (его спецификация пуста).",
  "production.nothingLeftToProduce": "По этому производственному заказу больше нечего производить.",
  "order.statusChangeNotAllowed": "Для этого заказа изменение статуса не допускается.",
  "transport.statusChangeNotAllowed": "Состояние этой транспортной заявки не допускает это изменение.",
  "external.refreshTokenInvalid": "Токен обновления недействителен или неизвестен: подключите сервис заново.",
  "external.busy": "Импорт или обновление остатков для этих учётных данных уже выполняется.",
  "external.serviceRefused": "Внешний сервис отклонил запрос: {detail}",
  "external.serviceFailed":
    "Импорт из внешнего сервиса не удался: сервис не ответил или продолжал отказывать. Повторите попытку позже.",
  "face.notRecognised": "Никто не распознан. Попробуйте ещё раз или войдите с паролем.",
  "face.notDetected":
    "Лицо не обнаружено или изображение слишком плохого качества. Посмотрите в камеру при хорошем освещении и попробуйте ещё раз.",
  "face.unsupported":
    "Этот сервер не поддерживает компьютерное зрение, или вход по лицу отключён для этой компании.",
  "face.taken": "Это лицо уже зарегистрировано для другого пользователя.",
  "face.deviceNotEnrolled":
    "Это устройство не зарегистрировано для входа по лицу или было отозвано. Администратор регистрирует его на экране «Распознавание лиц»; до тех пор входите с паролем.",
  "face.challengeInvalid": "Запрос на вход истёк или уже был использован. Попробуйте ещё раз.",
  "face.administrator": "Администраторы входят с паролем: вход по лицу не предназначен для администраторов.",
  "face.nothingPending": "Нет регистрации лица этого пользователя, ожидающей подтверждения.",
  "record.changedByAnotherUser":
    "Другой пользователь тем временем изменил эту запись. Загрузите её заново и повторите изменение.",
  "map.fileTooLarge": "Файл карты слишком большой (не более {limit}).",
  "map.fileTooLarge.tooCostly":
    "Чтение карты требует больше работы, чем допустимо для одного файла (не более {seconds} с и {memory} МБ). Упростите чертёж или разделите его.",
  "map.noMap": "У этого места хранения ещё нет карты. Сначала загрузите её.",
  "portal.cartEmpty": "Корзина пуста: добавьте товары перед подтверждением заказа.",
  "portal.notEnoughStock": "Недостаточно свободного остатка {product}: сейчас можно заказать {free}.",
  "portal.productUnavailable": "{product} сейчас нельзя заказать: товар отключён или заблокирован.",
  "sharedAccess.ended":
    "Этот общий доступ закончился: он отозван, истёк или уже был использован. Попросите у склада новую ссылку.",
  "sharedAccess.rateLimited": "Слишком много запросов с этим ключом. Повторите через {seconds} с.",
  "request.rateLimited":
    "Слишком много запросов с вашей учётной записи. Повторите попытку через {seconds} с.",
  "record.alreadyRemoved": "Эта запись уже удалена.",
  "record.importing":
    "Эта запись сейчас импортируется, и импорт ещё может её отменить: её можно будет использовать или изменить после окончания импорта.",
  "import.interrupted":
    "Импорт был прерван (сервер перезапустился), и ничего из него не сохранено: запустите его снова.",
  "import.tenantMoving":
    "Импорт остановлен, так как данные этого склада переносятся на другой сервер, и ничего из него не сохранено: запустите его снова через несколько минут.",
  "import.fileTooLarge": "Файл слишком большой (не более 20 МБ).",
  "import.fileTooLarge.tooCostly":
    "Чтение файла требует больше работы, чем допустимо для одного импорта (не более {seconds} с и {memory} МБ). Разделите его на файлы поменьше.",
  "import.fileEmpty": "Файл пуст: под заголовком нет строк.",
  "import.fileUnreadable": "Файл не читается: это не таблица CSV или XLSX.",
  "import.tooManyRows": "В файле больше {max} строк: разделите его на несколько импортов.",
  "export.tooManyRows": "PDF вмещает не более {max} строк: экспортируйте в CSV или XLSX или сузьте фильтр.",
  "print.printerNotFound": "Принтер не найден.",
  "print.noDefaultLayout":
    "Для этого типа ({type}) нет макета этикетки по умолчанию: назначьте один из его макетов макетом по умолчанию в разделе «Макеты печати».",
  "print.connectionFailed":
    "Не удалось подключиться к принтеру {printer}: проверьте, что он включён и доступен.",
  "egress.refused":
    "Сервер не подключается к этому адресу: он относится к частной, локальной или зарезервированной сети либо его имя не разрешается в публичный адрес. Оператор сервера может разрешить его (EGRESS_ALLOW).",
  "print.invalidLayout": "Не удаётся прочитать макет: {detail}",
  "print.barcodeUnencodable": "{value} нельзя напечатать как штрихкод {symbology}.",
  "message.noRecipients":
    "Некому отправить: у тегов нет никого с адресом для этого канала, и адрес не указан.",
  "message.noEmailAccount": "Нет почтового ящика для отправки: добавьте его в разделе «Почтовые ящики».",
  "import.tooManyColumns": "В файле больше {max} столбцов.",
  "import.invalidRows":
    "Нельзя импортировать ячеек: {count}; ничего не импортировано. Каждая указана строкой и столбцом.",
  "import.numberAmbiguous": "{value} можно прочитать по-разному: вы имели в виду {suggestions}?",
  "import.referenceNotFound": "Здесь ничего не называется {value}.",
  "import.referenceNotFound.ProductGroup": "Нет группы товаров с названием {value}.",
  "import.referenceNotFound.Company": "Ни у одной компании нет краткого названия или ИНН {value}.",
  "import.referenceNotFound.Contractor": "Ни у одного контрагента нет краткого названия или ИНН {value}.",
  "import.referenceNotFound.StorageSpace": "Ни у одного места хранения нет метки или штрихкода {value}.",
  "import.referenceNotFound.StorageSpaceType": "Нет типа места хранения с кодом {value}.",
  "import.referenceNotFound.User":
    "Ни у одного пользователя нет имени пользователя или адреса электронной почты {value}.",
  "import.referenceNotFound.Product": "Ни у одного товара нет артикула {value}.",
  "import.referenceNotFound.Address": "Нет адреса с номером {value} (адрес указывается его идентификатором).",
  "import.referenceAmbiguous": "{value} обозначает несколько записей: укажите идентификатор нужной.",
  "import.referenceAmbiguous.Company":
    "{value} подходит к нескольким компаниям (краткое название или ИНН): укажите краткое название.",
  "import.referenceAmbiguous.Contractor":
    "{value} подходит к нескольким контрагентам (краткое название или ИНН): укажите краткое название.",
  "import.referenceAmbiguous.StorageSpace":
    "{value} — метка или штрихкод нескольких мест хранения: укажите идентификатор нужного.",
  "import.referenceAmbiguous.User": "{value} подходит к нескольким пользователям: укажите имя пользователя.",
  "import.alreadyStored":
    "{value} уже использует {owner}. Чтобы изменить сохранённые записи, выберите их обновление.",
  "import.usedByOther": "{value} уже использует {owner}, а не запись, которую обновляет эта строка.",
  "import.repeatedInFile": "{value} уже есть в строке {row} этого файла.",
  "import.sameRecordTwice": "Эта строка обновляет ту же запись, что и строка {row}.",
  "file.tooLarge": "Файл слишком большой (не более {limit}).",
  "file.tooLarge.tooCostly":
    "Преобразование файла требует больше работы, чем допустимо для одного файла (не более {seconds} с и {memory} МБ).",
  "file.typeNotAllowed": "Файлы этого типа не допускаются.",
  "file.infected": "Файл содержит известное вредоносное содержимое ({signature}) и не был сохранён.",
  "file.scanUnavailable":
    "Не удалось проверить файл на вирусы, поэтому он не был сохранён. Повторите попытку позже.",
  "document.validation": "Документ не прошёл проверку.",
  "document.notWorkingCopy": "Изменять можно только черновик; этот документ уже подтверждён или отменён.",
  "document.generatedPositions": "Позиции сгенерированных документов нельзя изменять.",
  "document.revertBlocked": "Документ нельзя отменить: принятый по нему товар уже списан или перемещён.",
  "document.issue.notWorkingCopy": "Документ должен быть черновиком.",
  "document.issue.notConfirmed": "Отменить можно только подтверждённый документ.",
  "document.issue.noPositions": "В документе нет позиций.",
  "document.issue.internalWithContractor": "Внутренний документ не может быть привязан к контрагенту.",
  "document.issue.contractorMismatch": "Товар {product} принадлежит другому контрагенту, чем документ.",
  "document.issue.sourceLocationRequired": "Требуется место хранения источника.",
  "document.issue.sourceLocationForbidden": "У приёмки не может быть места источника.",
  "document.issue.sourceContainerForbidden": "У приёмки не может быть тары источника.",
  "document.issue.sourceContainerRequired": "При перемещении тары нужно указать перемещаемую тару.",
  "document.issue.destinationLocationRequired": "Требуется место хранения назначения.",
  "document.issue.destinationLocationForbidden": "У отгрузки не может быть места назначения.",
  "document.issue.destinationContainerForbidden": "У отгрузки не может быть тары назначения.",
  "document.issue.locationLocked": "Место хранения {location} заблокировано для этой операции.",
  "document.issue.containerLocked": "Тара {container} заблокирована для этой операции.",
  "document.issue.containerAtOtherLocation": "Тара {container} находится не в {location}, а в {actual}.",
  "document.issue.rackOverloaded":
    "На {location} уже {load} кг из {capacity} кг; ещё {incoming} кг — слишком много.",
  "document.issue.temperatureUnsuitable":
    "В месте {location} {temperature} °C; товару нужно от {min} до {max} °C.",
  "document.issue.expiryDateRequired": "Для товара {product} требуется срок годности.",
  "document.issue.productionDateRequired": "Для товара {product} требуется дата производства.",
  "document.issue.serialNumberRequired": "Для товара {product} требуется серийный номер.",
  "document.issue.productExpired": "Срок годности товара {product} истёк {expiryDate}.",
  "document.issue.shortExpiry":
    "Срок годности товара {product} истекает {expiryDate}, через {days} дн. (ожидалось не менее {minimumDays}).",
  "document.issue.productLockedIn": "Приёмка товара {product} заблокирована.",
  "document.issue.productLockedOut": "Отгрузка товара {product} заблокирована.",
  "document.issue.productLockedRelocate": "Перемещение товара {product} заблокировано.",
  "document.issue.quantityNotPositive": "Количество должно быть больше 0.",
  "document.issue.quantityAboveAvailable": "Количество превышает доступный остаток в источнике.",
  "document.issue.stockAboveLimit":
    "Остаток товара превысил бы 1 000 000 000 000 единиц — максимум, который учитывает склад.",
  "document.issue.productNotFound": "Нет товара, соответствующего {code}.",
  "document.issue.gs1Unreadable":
    "Не удаётся прочитать отсканированный код GS1 {code}: проверьте этикетку (неверная контрольная цифра, дата или элемент).",
  "document.issue.productAmbiguous": "Несколько товаров ({count}) соответствуют {code}: {products}.",
  "document.issue.orderNotConfirmed": "Заказ {order} не подтверждён: его документы нельзя подтвердить.",
  "document.issue.productNotOnOrder": "Товара {product} нет в заказе {order}.",
  "document.issue.quantityAboveOrder": "Количество {product} превышает остаток по заказу ({left}).",
  "document.issue.stockAlreadyLeft": "Товар, принятый этим документом, уже списан (не хватает {missing}).",
  "document.issue.wrongProduct": "Это не {product}: отсканирован {code}.",
  "document.issue.wrongLot": "Не та партия {product}: ожидалась {expected}, отсканирована {scanned}.",
  "document.issue.wrongLocation": "Не то место {location}: ожидалось {expected}.",
  "document.issue.quantityAbovePosition": "Слишком много {product}: осталось только {left}.",
  "document.issue.otherContainer": "Это кладётся в тару {expected}, а не в {container}.",
  "document.issue.containerEmpty": "Тара {container} пуста.",
  "document.issue.locationEmpty": "В месте {location} ничего не хранится.",
  "document.issue.containerNotWhole": "Перемещение тары переносит всю тару {container}; осталось бы {left}.",
  "document.issue.containerMoved":
    "Тара {container} с тех пор перемещена; товар не может вернуться на прежнее место.",
  "client.outdated": "Эта версия приложения устарела. Обновите страницу, чтобы загрузить последнюю версию.",
  "server.unknown": "Произошла неизвестная ошибка. Идентификатор запроса: {requestId}.",
  "server.misconfigured": "Сервер настроен неправильно. Обратитесь к поставщику сервиса.",
  "server.mailFailed": "Не удалось отправить сообщение электронной почты. Повторите попытку позже.",
  "server.unavailable": "Эта часть сервера перезапускается. Повторите попытку через минуту.",

  "validation.required": "Это поле обязательно для заполнения.",
  "validation.invalidEmail": "Некорректный адрес электронной почты.",
  "validation.tooLong": "Значение слишком длинное.",
  "validation.tooShort": "Значение слишком короткое.",
  "validation.tooSmall": "Значение слишком маленькое.",
  "validation.tooLarge": "Значение слишком большое.",
  "validation.forbiddenCharacter": "Значение содержит недопустимый символ.",
  "validation.passwordsMustMatch": "Пароли должны совпадать.",
  "validation.currentPasswordWrong": "Это не ваш текущий пароль.",
  "validation.codeWrong": "Код неверен. Введите текущий код из приложения.",
  "validation.passwordTooCommon":
    "Этот пароль — один из самых распространённых, его подбирают первым. Выберите другой.",
  "validation.passwordContextWord":
    "Этот пароль составлен из вашего имени, названия вашей компании или названия программы, которые подбирают в первую очередь. Выберите другой.",
  "validation.passwordBreached":
    "Этот пароль встречается в данных, украденных с других сервисов, и его подбирают одним из первых. Выберите другой.",
  "validation.phoneCountryCode": "Номер телефона должен содержать код страны, например +48 600 700 800.",
  "validation.emailExists": "Такой адрес электронной почты уже существует.",
  "validation.usernameExists": "Такое имя пользователя уже существует.",
  "validation.mustBeUnique": "Это значение должно быть уникальным.",
  "validation.invalidValue": "Это значение недопустимо.",
  "validation.egressRefused":
    "Сервер не подключается к этому адресу: укажите публичный адрес в интернете или имя, которое в такой адрес разрешается.",
  "validation.mustAcceptTerms": "Необходимо принять условия использования сервиса.",
  "validation.criticalAboveWarning": "Критический остаток не может быть выше порога предупреждения.",
  "validation.productionNaming":
    "Перед производством это поле должно содержать ' - ' (например, \"Хлеб - белый\").",
  "validation.minAboveMax": "Минимальная температура не может быть выше максимальной.",
  "validation.finishBeforeStart": "Окончание должно быть позже начала.",
  "validation.unknownField": "Неизвестное поле.",

  "calendar.feed.name": "Календарь {name}",
  "calendar.entry.plannedDate": "Запланировано",
  "calendar.entry.deadline": "Срок",
  "calendar.entry.packBy": "Упаковать до",
  "calendar.entry.unpackBy": "Распаковать до",
  "calendar.entry.pickupTime": "Погрузка",
  "calendar.entry.deliveryTime": "Доставка",

  "mail.activation.subject": "Активация учётной записи в {appName}",
  "mail.activation.body":
    "Здравствуйте, {name}!\n\nРегистрация компании {company} подтверждена. Чтобы активировать учётную запись, перейдите по ссылке:\n{link}\n\nСсылка действительна до {expires} ({timeZone}).",
  "mail.reset.subject": "Сброс пароля в {appName}",
  "mail.reset.body":
    "Здравствуйте, {name}!\n\nПоступил запрос на сброс пароля учётной записи {username}. Ваш код для сброса пароля:\n{code}\n\nТакже можно перейти по ссылке:\n{link}\n\nКод действителен до {expires} ({timeZone}). Если вы не отправляли этот запрос, просто проигнорируйте это письмо.",
  "mail.registered.subject": "Мы получили заявку на регистрацию компании {company}",
  "mail.registered.body":
    "Здравствуйте, {name}!\n\nБлагодарим за регистрацию компании {company}. Поставщик сервиса вскоре подтвердит регистрацию, после чего вы получите ссылку для активации.",
  "validation.personHasNoEmail": "У этого человека нет адреса электронной почты.",
  "mail.fileAttached.body": "Во вложении — {fileName}.",
  "validation.noRateForNewBase":
    "Нет курса новой базовой валюты, от которого можно пересчитать остальные: сначала добавьте его либо сохраните или удалите курсы.",
  "validation.baseCurrencyByItsOwnCall":
    "Базовая валюта меняется отдельной кнопкой, которая спрашивает, что делать с курсами валют.",
  "validation.baseCurrencyRate": "Это базовая валюта: её курс равен 1.",
  "account.documentLimitReached":
    "Лимит {limit} документов в этом месяце исчерпан, а бюджета на дополнительные документы ({budget:money} EUR) не хватает на ещё один: документ не подтверждён. Попросите поставщика увеличить лимит или бюджет.",
};
