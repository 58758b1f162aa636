// Messages of the title page (/title): what the product is and does, and the ways in, in all six languages.
export const titleMessages = {
  "en-us": {
    "title.heading": "Warehouse management in the cloud",
    "title.lead":
      "Stock by location, container and lot; documents and orders from receipt to release; counts, production, a contractor portal, freight and a mobile terminal, for every warehouse of your company, in six languages.",
    "title.waysIn": "Sign in or register",
    "title.register": "Register your company",
    "title.features": "What it does",
    "title.feature.stock": "Stock you can trust",
    "title.feature.stock.body":
      "Every movement in one ledger: totals, detailed inventory by location, container and lot, expiry first out.",
    "title.feature.orders": "Documents and orders",
    "title.feature.orders.body":
      "Receipts, releases, picking and relocations with validation at each line; orders that make their documents.",
    "title.feature.terminal": "A terminal in every hand",
    "title.feature.terminal.body":
      "Scan and count on a phone or a scanner gun, even offline; the work is sent when the network is back.",
    "title.feature.portal": "Your contractors online",
    "title.feature.portal.body":
      "A portal where contractors order and follow their goods, and shared links to their stock.",
    "title.feature.transport": "Freight and shipping",
    "title.feature.transport.body":
      "Freight tickets offered to carriers, their offers and messages, and parcel labels from the documents.",
    "title.feature.insight": "Figures at a glance",
    "title.feature.insight.body":
      "The day's work, overdue orders, supply under its levels, movements and charts over any range.",
    "title.registrationNote":
      "A new company's registration is confirmed by the provider; its administrator then receives an activation e-mail.",
  },
  "pl-pl": {
    "title.heading": "Zarządzanie magazynem w chmurze",
    "title.lead":
      "Stany według lokalizacji, nośnika i partii; dokumenty i zamówienia od przyjęcia po wydanie; inwentaryzacje, produkcja, portal kontrahenta, transport i terminal mobilny, dla każdego magazynu Twojej firmy, w sześciu językach.",
    "title.waysIn": "Zaloguj się lub zarejestruj",
    "title.register": "Zarejestruj firmę",
    "title.features": "Co potrafi",
    "title.feature.stock": "Stany, którym można ufać",
    "title.feature.stock.body":
      "Każdy ruch w jednej księdze: stany łączne, szczegółowa inwentaryzacja według lokalizacji, nośnika i partii, najpierw to, co wcześniej traci ważność.",
    "title.feature.orders": "Dokumenty i zamówienia",
    "title.feature.orders.body":
      "Przyjęcia, wydania, kompletacja i przesunięcia ze sprawdzaniem każdej pozycji; zamówienia, które same tworzą swoje dokumenty.",
    "title.feature.terminal": "Terminal w każdej ręce",
    "title.feature.terminal.body":
      "Skanowanie i liczenie na telefonie lub czytniku, także bez sieci; praca zostaje wysłana, gdy sieć wróci.",
    "title.feature.portal": "Kontrahenci online",
    "title.feature.portal.body":
      "Portal, w którym kontrahenci zamawiają i śledzą swoje towary, oraz udostępniane linki do ich stanów.",
    "title.feature.transport": "Transport i wysyłka",
    "title.feature.transport.body":
      "Zlecenia transportowe dla przewoźników, ich oferty i wiadomości oraz etykiety paczek prosto z dokumentów.",
    "title.feature.insight": "Liczby w zasięgu wzroku",
    "title.feature.insight.body":
      "Praca na dziś, opóźnione zamówienia, zaopatrzenie poniżej progów, ruchy i wykresy za dowolny okres.",
    "title.registrationNote":
      "Rejestrację nowej firmy potwierdza dostawca; jej administrator otrzymuje wtedy e-mail aktywacyjny.",
  },
  "de-de": {
    "title.heading": "Lagerverwaltung in der Cloud",
    "title.lead":
      "Bestand nach Lagerplatz, Ladungsträger und Charge; Belege und Aufträge vom Wareneingang bis zum Warenausgang; Inventuren, Produktion, ein Auftraggeberportal, Transporte und ein mobiles Terminal, für jedes Lager Ihres Unternehmens, in sechs Sprachen.",
    "title.waysIn": "Anmelden oder registrieren",
    "title.register": "Unternehmen registrieren",
    "title.features": "Was es kann",
    "title.feature.stock": "Bestand, auf den Verlass ist",
    "title.feature.stock.body":
      "Jede Bewegung in einem Journal: Gesamtbestand, Detailbestand nach Lagerplatz, Ladungsträger und Charge, zuerst was zuerst verfällt.",
    "title.feature.orders": "Belege und Aufträge",
    "title.feature.orders.body":
      "Wareneingänge, Warenausgänge, Kommissionierung und Umlagerungen mit Prüfung jeder Position; Aufträge, die ihre Belege selbst erzeugen.",
    "title.feature.terminal": "Ein Terminal in jeder Hand",
    "title.feature.terminal.body":
      "Scannen und zählen auf dem Telefon oder Handscanner, auch offline; die Arbeit wird gesendet, sobald das Netz zurück ist.",
    "title.feature.portal": "Ihre Auftraggeber online",
    "title.feature.portal.body":
      "Ein Portal, in dem Auftraggeber bestellen und ihre Waren verfolgen, und geteilte Links zu ihrem Bestand.",
    "title.feature.transport": "Fracht und Versand",
    "title.feature.transport.body":
      "Frachtaufträge für Spediteure, ihre Angebote und Nachrichten, und Paketetiketten direkt aus den Belegen.",
    "title.feature.insight": "Zahlen auf einen Blick",
    "title.feature.insight.body":
      "Die Arbeit des Tages, überfällige Aufträge, Nachschub unter Mindestbestand, Bewegungen und Diagramme über jeden Zeitraum.",
    "title.registrationNote":
      "Die Registrierung eines neuen Unternehmens bestätigt der Anbieter; sein Administrator erhält dann eine Aktivierungs-E-Mail.",
  },
  "fr-fr": {
    "title.heading": "La gestion d'entrepôt dans le cloud",
    "title.lead":
      "Le stock par emplacement, contenant et lot ; les documents et les commandes de la réception à l'expédition ; les inventaires, la production, un portail donneurs d'ordre, le transport et un terminal mobile, pour chaque entrepôt de votre entreprise, en six langues.",
    "title.waysIn": "Se connecter ou s'inscrire",
    "title.register": "Inscrire votre entreprise",
    "title.features": "Ce qu'il fait",
    "title.feature.stock": "Un stock fiable",
    "title.feature.stock.body":
      "Chaque mouvement dans un seul journal : stock total, inventaire détaillé par emplacement, contenant et lot, premier périmé, premier sorti.",
    "title.feature.orders": "Documents et commandes",
    "title.feature.orders.body":
      "Réceptions, sorties, préparation et transferts contrôlés ligne par ligne ; des commandes qui créent leurs documents.",
    "title.feature.terminal": "Un terminal dans chaque main",
    "title.feature.terminal.body":
      "Scanner et compter sur un téléphone ou un lecteur, même hors ligne ; le travail part dès que le réseau revient.",
    "title.feature.portal": "Vos donneurs d'ordre en ligne",
    "title.feature.portal.body":
      "Un portail où les donneurs d'ordre commandent et suivent leurs marchandises, et des liens partagés vers leur stock.",
    "title.feature.transport": "Fret et expédition",
    "title.feature.transport.body":
      "Des demandes de fret proposées aux transporteurs, leurs offres et messages, et des étiquettes de colis depuis les documents.",
    "title.feature.insight": "Les chiffres en un coup d'œil",
    "title.feature.insight.body":
      "Le travail du jour, les commandes en retard, le réapprovisionnement sous les seuils, les mouvements et des graphiques sur toute période.",
    "title.registrationNote":
      "L'inscription d'une nouvelle entreprise est confirmée par le fournisseur ; son administrateur reçoit alors un e-mail d'activation.",
  },
  "es-es": {
    "title.heading": "Gestión de almacenes en la nube",
    "title.lead":
      "Existencias por ubicación, contenedor y lote; documentos y pedidos desde la recepción hasta la salida; recuentos, producción, un portal de clientes, transporte y un terminal móvil, para cada almacén de su empresa, en seis idiomas.",
    "title.waysIn": "Iniciar sesión o registrarse",
    "title.register": "Registrar su empresa",
    "title.features": "Qué hace",
    "title.feature.stock": "Existencias fiables",
    "title.feature.stock.body":
      "Cada movimiento en un único registro: existencias totales, inventario detallado por ubicación, contenedor y lote, primero lo que antes caduca.",
    "title.feature.orders": "Documentos y pedidos",
    "title.feature.orders.body":
      "Recepciones, salidas, preparación y traslados comprobados línea a línea; pedidos que generan sus propios documentos.",
    "title.feature.terminal": "Un terminal en cada mano",
    "title.feature.terminal.body":
      "Escanear y contar en un teléfono o un lector, incluso sin conexión; el trabajo se envía cuando vuelve la red.",
    "title.feature.portal": "Sus clientes en línea",
    "title.feature.portal.body":
      "Un portal donde los clientes piden y siguen su mercancía, y enlaces compartidos a sus existencias.",
    "title.feature.transport": "Transporte y envíos",
    "title.feature.transport.body":
      "Solicitudes de transporte para los transportistas, sus ofertas y mensajes, y etiquetas de paquetes desde los documentos.",
    "title.feature.insight": "Las cifras de un vistazo",
    "title.feature.insight.body":
      "El trabajo del día, los pedidos atrasados, el reabastecimiento bajo mínimos, los movimientos y gráficos de cualquier periodo.",
    "title.registrationNote":
      "El registro de una nueva empresa lo confirma el proveedor; su administrador recibe entonces un correo de activación.",
  },
  "ru-ru": {
    "title.heading": "Управление складом в облаке",
    "title.lead":
      "Остатки по местам хранения, контейнерам и партиям; документы и заказы от приёмки до отгрузки; инвентаризации, производство, портал контрагентов, перевозки и мобильный терминал — для каждого склада вашей компании, на шести языках.",
    "title.waysIn": "Войти или зарегистрироваться",
    "title.register": "Зарегистрировать компанию",
    "title.features": "Что умеет система",
    "title.feature.stock": "Остатки, которым можно доверять",
    "title.feature.stock.body":
      "Каждое движение в одном журнале: общие остатки, подробная инвентаризация по местам, контейнерам и партиям, первым уходит то, что раньше истекает.",
    "title.feature.orders": "Документы и заказы",
    "title.feature.orders.body":
      "Приёмка, отгрузка, комплектация и перемещения с проверкой каждой позиции; заказы, которые сами создают свои документы.",
    "title.feature.terminal": "Терминал в каждой руке",
    "title.feature.terminal.body":
      "Сканируйте и считайте на телефоне или сканере, даже без сети; работа отправится, когда связь вернётся.",
    "title.feature.portal": "Контрагенты онлайн",
    "title.feature.portal.body":
      "Портал, где контрагенты заказывают и отслеживают свои товары, и общие ссылки на их остатки.",
    "title.feature.transport": "Перевозки и доставка",
    "title.feature.transport.body":
      "Заявки на перевозку для перевозчиков, их предложения и сообщения, а также этикетки посылок прямо из документов.",
    "title.feature.insight": "Цифры с первого взгляда",
    "title.feature.insight.body":
      "Работа на сегодня, просроченные заказы, пополнение ниже уровней, движения и графики за любой период.",
    "title.registrationNote":
      "Регистрацию новой компании подтверждает поставщик услуги; после этого её администратор получает письмо для активации.",
  },
};
