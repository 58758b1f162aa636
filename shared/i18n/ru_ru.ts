import type { LanguageCatalogue } from "./types.ts";

// The client's catalogue in ru-ru: the keys of en_us.ts, with the plural forms Russian uses.
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
export const ruRu = {
  ...listMessages["ru-ru"],
  ...editsMessages["ru-ru"],
  ...hubMessages["ru-ru"],
  ...favoritesMessages["ru-ru"],
  ...errorsMessages["ru-ru"],
  ...thirdPartyMessages["ru-ru"],
  ...appVersionMessages["ru-ru"],
  ...masterMessages["ru-ru"],
  ...businessMessages["ru-ru"],
  ...assortmentMessages["ru-ru"],
  ...infrastructureMessages["ru-ru"],
  ...stockMessages["ru-ru"],
  ...documentsMessages["ru-ru"],
  ...inventoryMessages["ru-ru"],
  ...recordsMessages["ru-ru"],
  ...securityLogMessages["ru-ru"],
  ...ordersMessages["ru-ru"],
  ...terminalMessages["ru-ru"],
  ...sharingMessages["ru-ru"],
  ...portalMessages["ru-ru"],
  ...logisticsMessages["ru-ru"],
  ...calendarMessages["ru-ru"],
  ...pricingMessages["ru-ru"],
  ...mapMessages["ru-ru"],
  ...fileMessages["ru-ru"],
  ...importMessages["ru-ru"],
  ...exportMessages["ru-ru"],
  ...printingMessages["ru-ru"],
  ...printAgentMessages["ru-ru"],
  ...messagingMessages["ru-ru"],
  ...transportMessages["ru-ru"],
  ...externalMessages["ru-ru"],
  ...facesMessages["ru-ru"],
  ...secondFactorMessages["ru-ru"],
  ...offersMessages["ru-ru"],
  ...discussionMessages["ru-ru"],
  ...titleMessages["ru-ru"],
  ...accountMessages["ru-ru"],
  ...userMenuMessages["ru-ru"],
  ...sessionsMessages["ru-ru"],
  "app.name": "WMS",
  "app.tagline": "Управление складом",
  "common.loading": "Загрузка…",
  "common.save": "Сохранить",
  "common.cancel": "Отмена",
  "common.close": "Закрыть",
  "common.refresh": "Обновить",
  "common.signOut": "Выйти",
  "common.language": "Язык",
  "common.nightMode": "Ночной режим",
  "common.compactMenu": "Компактное меню",
  "common.simplifiedMenu": "Упрощённое меню",
  "common.menu": "Меню",
  "common.openMenu": "Открыть меню",
  "common.settings": "Настройки",
  "common.signedInAs": "Вы вошли как {name}",
  "common.items#one": "{count} элемент",
  "common.items#few": "{count} элемента",
  "common.items#many": "{count} элементов",
  "common.items#other": "{count} элемента",

  "shell.serverUnreachable": "Сервер недоступен. Отображаемые данные могут быть неактуальными.",
  "shell.chunkTimeout":
    "Часть приложения не загрузилась за 120 секунд. Проверьте подключение и обновите страницу.",
  "shell.comingSoon": "Появится в следующей версии",
  "menu.soon": "скоро",
  "shell.comingSoonBody": "Этот экран входит в состав продукта и появится в одной из следующих версий.",
  "shell.notFound": "Страница не найдена",
  "shell.notFoundBody":
    "Эта страница перемещена или не существует. Если вы перешли сюда из избранного, создайте эту ссылку в избранном заново.",
  "shell.goHome": "Перейти на начальную страницу",
  "shell.home": "Главная",
  "shell.homeBody": "Выберите раздел в меню.",
  "shell.dialog": "Запись {id}",

  "signin.title": "Вход в WMS",
  "signin.tab.login": "Вход",
  "signin.tab.register": "Регистрация компании",
  "signin.tab.reset": "Забыли пароль?",
  "signin.tab.activation": "Активация",
  "signin.username": "Имя пользователя",
  "signin.password": "Пароль",
  "signin.repeatPassword": "Повторите пароль",
  "signin.email": "Электронная почта",
  "signin.companyName": "Название компании",
  "signin.taxId": "ИНН",
  "signin.acceptTerms": "Я принимаю условия использования сервиса",
  "signin.submit": "Войти",
  "signin.register": "Зарегистрироваться",
  "signin.sendReset": "Отправить код сброса",
  "signin.resetCode": "Код сброса",
  "signin.setPassword": "Установить новый пароль",
  "signin.activationCode": "Код активации",
  "signin.activate": "Активировать",
  "signin.registered":
    "Спасибо. Ваша регистрация ожидает подтверждения поставщиком сервиса; вы получите письмо для активации.",
  "signin.resetSent": "Если этот адрес зарегистрирован, код сброса уже отправлен. Проверьте почтовый ящик.",
  "signin.resetDone": "Ваш пароль изменён. Теперь вы можете войти.",
  "signin.activated": "Ваша учётная запись активна. Теперь вы можете войти.",
  "signin.signingIn": "Выполняется вход…",

  "error.network": "Сервер недоступен. Проверьте подключение.",
  "error.unknown": "Произошла неизвестная ошибка.",
  "error.formHasErrors": "Форма содержит ошибки. Проверьте поля.",
  "error.clientOutdated":
    "Эта версия приложения устарела. Обновите страницу, чтобы загрузить последнюю версию.",

  "menu.favorites": "Избранное",
  "menu.administration": "Администрирование",
  "menu.business": "Бизнес",
  "menu.logistics": "Логистика",
  "menu.warehouseOperations": "Складские операции",
  "menu.terminal": "Терминал",
  "menu.trade": "Торговля",
  "menu.shippingTransport": "Доставка и транспорт",
  "menu.pricing": "Ценообразование",
  "menu.statistics": "Статистика",
  "menu.assortment": "Ассортимент",
  "menu.infrastructure": "Инфраструктура",
  "menu.records": "Реестры",
  "menu.calendar": "Календарь",
  "menu.contractorPortal": "Портал контрагента",

  "route.log": "Системный журнал",
  "route.my-company": "Моя компания",
  "route.print-layouts": "Печатные формы",
  "route.email-templates": "Шаблоны писем",
  "route.email-accounts": "Почтовые аккаунты",
  "route.logistics-config": "Настройки логистики",
  "route.users": "Пользователи",
  "route.import-file": "Импорт из файла",
  "route.dictionaries": "Справочники",
  "route.tags": "Теги",
  "route.history": "История изменений",
  "route.shared-access": "Общий доступ",
  "route.external-credentials": "Внешние сервисы",
  "route.external-shop-activation": "Активация интернет-магазина",
  "route.computer-vision-faces": "Распознавание лиц",
  "route.addresses": "Адреса",
  "route.companies": "Компании",
  "route.contacts": "Контакты",
  "route.geo-locations": "Геолокации",
  "route.products": "Товары",
  "route.product-external": "Внешние товары",
  "route.product-groups": "Группы товаров",
  "route.products-price-list": "Прайс-лист",
  "route.exchange-rates": "Курсы валют",
  "route.warehouse-locations": "Места хранения",
  "route.warehouse-location-types": "Типы мест хранения",
  "route.warehouse-map": "Карта склада",
  "route.warehouse-product-movements": "Движение товаров",
  "route.warehouse-product-group-movements": "Движение групп товаров",
  "route.warehouse-order-charts": "Диаграммы заказов",
  "route.direct-transport-offer": "Транспортные предложения",
  "route.direct-transport-message": "Транспортные сообщения",
  "route.active-sell-offers": "Активные предложения о продаже",
  "route.archive-sell-offers": "Архивные предложения о продаже",
  "route.warehouse-documents": "Складские документы",
  "route.warehouse-documents-positions": "Позиции документов",
  "route.warehouse-product-stock": "Суммарные остатки",
  "route.warehouse-product-inventory": "Детальные остатки",
  "route.warehouse-new-document": "Новый документ",
  "route.warehouse-new-order": "Новый заказ",
  "route.warehouse-orders": "Все заказы",
  "route.warehouse-orders-operational": "Заказы в работе",
  "route.warehouse-orders-delay-monitor": "Просроченные заказы",
  "route.warehouse-orders-positions": "Позиции заказов",
  "route.warehouse-orders-verify": "Заказы на проверку",
  "route.warehouse-orders-verify-positions": "Позиции на проверку",
  "route.warehouse-supply": "Снабжение",
  "route.warehouse-supply-reports": "Отчёты по снабжению",
  "route.external-order": "Новый заказ",
  "route.my-orders": "Мои заказы",
  "route.warehouse-calendar-month": "Календарь: месяц",
  "route.warehouse-calendar-day": "Календарь: день",
  "route.warehouse-calendar-agenda-day": "Календарь: расписание",
  "route.warehouse-calendar-resources": "Планировщик ресурсов",
  "route.wms-terminal-collect": "Комплектация",
  "route.wms-terminal-in": "Приёмка",
  "route.wms-terminal-out": "Отгрузка",
  "route.wms-terminal-relocate": "Перемещение",
  "route.wms-terminal-check": "Проверка",
  "route.production-picking": "Производство: комплектация ресурсов",
  "route.production-summary": "Производство: сводка",
  "route.production-labels": "Производство: этикетки",
  "route.production-finish": "Производство: завершение",
  "route.activate": "Активация учётной записи",
  "route.recovery": "Восстановление пароля",
  "route.title": "WMS",
  "route.shared": "Общедоступные остатки",
  "route.shared/wms-inventory": "Общедоступные детальные остатки",
  "route.shared/wms-stock": "Общедоступные суммарные остатки",
} satisfies LanguageCatalogue;
