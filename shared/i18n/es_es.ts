import type { LanguageCatalogue } from "./types.ts";

// The client's catalogue in es-es: the keys of en_us.ts, with the plural forms Spanish uses.
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
export const esEs = {
  ...listMessages["es-es"],
  ...editsMessages["es-es"],
  ...hubMessages["es-es"],
  ...favoritesMessages["es-es"],
  ...errorsMessages["es-es"],
  ...thirdPartyMessages["es-es"],
  ...appVersionMessages["es-es"],
  ...masterMessages["es-es"],
  ...businessMessages["es-es"],
  ...assortmentMessages["es-es"],
  ...infrastructureMessages["es-es"],
  ...stockMessages["es-es"],
  ...documentsMessages["es-es"],
  ...inventoryMessages["es-es"],
  ...recordsMessages["es-es"],
  ...securityLogMessages["es-es"],
  ...ordersMessages["es-es"],
  ...terminalMessages["es-es"],
  ...sharingMessages["es-es"],
  ...portalMessages["es-es"],
  ...logisticsMessages["es-es"],
  ...calendarMessages["es-es"],
  ...pricingMessages["es-es"],
  ...mapMessages["es-es"],
  ...fileMessages["es-es"],
  ...importMessages["es-es"],
  ...exportMessages["es-es"],
  ...printingMessages["es-es"],
  ...printAgentMessages["es-es"],
  ...messagingMessages["es-es"],
  ...transportMessages["es-es"],
  ...externalMessages["es-es"],
  ...facesMessages["es-es"],
  ...secondFactorMessages["es-es"],
  ...offersMessages["es-es"],
  ...discussionMessages["es-es"],
  ...titleMessages["es-es"],
  ...accountMessages["es-es"],
  ...userMenuMessages["es-es"],
  ...sessionsMessages["es-es"],
  "app.name": "WMS",
  "app.tagline": "Gestión de almacenes",
  "common.loading": "Cargando…",
  "common.save": "Guardar",
  "common.cancel": "Cancelar",
  "common.close": "Cerrar",
  "common.refresh": "Actualizar",
  "common.signOut": "Cerrar sesión",
  "common.language": "Idioma",
  "common.nightMode": "Modo nocturno",
  "common.compactMenu": "Menú compacto",
  "common.simplifiedMenu": "Menú simplificado",
  "common.menu": "Menú",
  "common.openMenu": "Abrir el menú",
  "common.settings": "Configuración",
  "common.signedInAs": "Sesión iniciada como {name}",
  "common.items#one": "{count} elemento",
  "common.items#many": "{count} de elementos",
  "common.items#other": "{count} elementos",

  "shell.serverUnreachable":
    "No se puede conectar con el servidor. Es posible que los datos mostrados no estén actualizados.",
  "shell.chunkTimeout":
    "Una parte de la aplicación no se ha cargado en 120 segundos. Compruebe la conexión y actualice la página.",
  "shell.comingSoon": "Disponible en una versión posterior",
  "menu.soon": "pronto",
  "shell.comingSoonBody":
    "Esta pantalla forma parte del producto y estará disponible en una versión posterior.",
  "shell.notFound": "Página no encontrada",
  "shell.notFoundBody":
    "Esta página se ha movido o no existe. Si ha llegado aquí desde un favorito, vuelva a crear ese favorito.",
  "shell.goHome": "Ir a la página de inicio",
  "shell.home": "Inicio",
  "shell.homeBody": "Elija una sección en el menú.",
  "shell.dialog": "Registro {id}",

  "signin.title": "Iniciar sesión en WMS",
  "signin.tab.login": "Iniciar sesión",
  "signin.tab.register": "Registrar empresa",
  "signin.tab.reset": "¿Ha olvidado su contraseña?",
  "signin.tab.activation": "Activación",
  "signin.username": "Nombre de usuario",
  "signin.password": "Contraseña",
  "signin.repeatPassword": "Repetir contraseña",
  "signin.email": "Correo electrónico",
  "signin.companyName": "Nombre de la empresa",
  "signin.taxId": "NIF",
  "signin.acceptTerms": "Acepto las condiciones del servicio",
  "signin.submit": "Iniciar sesión",
  "signin.register": "Registrarse",
  "signin.sendReset": "Enviar código de restablecimiento",
  "signin.resetCode": "Código de restablecimiento",
  "signin.setPassword": "Establecer nueva contraseña",
  "signin.activationCode": "Código de activación",
  "signin.activate": "Activar",
  "signin.registered":
    "Gracias. Su registro está pendiente de confirmación por parte del proveedor del servicio; recibirá un correo electrónico de activación.",
  "signin.resetSent":
    "Si la dirección está registrada, se le ha enviado un código de restablecimiento. Revise su bandeja de entrada.",
  "signin.resetDone": "Su contraseña se ha cambiado. Ya puede iniciar sesión.",
  "signin.activated": "Su cuenta está activa. Ya puede iniciar sesión.",
  "signin.signingIn": "Iniciando sesión…",

  "error.network": "No se puede conectar con el servidor. Compruebe la conexión.",
  "error.unknown": "Se ha producido un error desconocido.",
  "error.formHasErrors": "El formulario contiene errores. Revise los campos.",
  "error.clientOutdated":
    "Esta versión de la aplicación está obsoleta. Actualice la página para cargar la versión más reciente.",

  "menu.favorites": "Favoritos",
  "menu.administration": "Administración",
  "menu.business": "Negocio",
  "menu.logistics": "Logística",
  "menu.warehouseOperations": "Operaciones de almacén",
  "menu.terminal": "Terminal",
  "menu.trade": "Comercio",
  "menu.shippingTransport": "Envío y transporte",
  "menu.pricing": "Precios",
  "menu.statistics": "Estadísticas",
  "menu.assortment": "Surtido",
  "menu.infrastructure": "Infraestructura",
  "menu.records": "Registros",
  "menu.calendar": "Calendario",
  "menu.contractorPortal": "Portal de socios",

  "route.log": "Registro del sistema",
  "route.my-company": "Mi empresa",
  "route.print-layouts": "Diseños de impresión",
  "route.email-templates": "Plantillas de correo",
  "route.email-accounts": "Cuentas de correo",
  "route.logistics-config": "Configuración logística",
  "route.users": "Usuarios",
  "route.import-file": "Importar desde archivo",
  "route.dictionaries": "Listas de valores",
  "route.tags": "Etiquetas",
  "route.history": "Historial de cambios",
  "route.shared-access": "Acceso compartido",
  "route.external-credentials": "Servicios externos",
  "route.external-shop-activation": "Activación de tienda online",
  "route.computer-vision-faces": "Reconocimiento facial",
  "route.addresses": "Direcciones",
  "route.companies": "Empresas",
  "route.contacts": "Contactos",
  "route.geo-locations": "Ubicaciones geográficas",
  "route.products": "Productos",
  "route.product-external": "Productos externos",
  "route.product-groups": "Grupos de productos",
  "route.products-price-list": "Lista de precios",
  "route.exchange-rates": "Tipos de cambio",
  "route.warehouse-locations": "Ubicaciones",
  "route.warehouse-location-types": "Tipos de ubicación",
  "route.warehouse-map": "Mapa del almacén",
  "route.warehouse-product-movements": "Movimientos de productos",
  "route.warehouse-product-group-movements": "Movimientos por grupo de productos",
  "route.warehouse-order-charts": "Gráficos de pedidos",
  "route.direct-transport-offer": "Ofertas de transporte",
  "route.direct-transport-message": "Mensajes de transporte",
  "route.active-sell-offers": "Ofertas de venta activas",
  "route.archive-sell-offers": "Ofertas de venta archivadas",
  "route.warehouse-documents": "Documentos de almacén",
  "route.warehouse-documents-positions": "Líneas de documentos",
  "route.warehouse-product-stock": "Existencias totales",
  "route.warehouse-product-inventory": "Existencias detalladas",
  "route.warehouse-new-document": "Nuevo documento",
  "route.warehouse-new-order": "Nuevo pedido",
  "route.warehouse-orders": "Todos los pedidos",
  "route.warehouse-orders-operational": "Pedidos en curso",
  "route.warehouse-orders-delay-monitor": "Pedidos atrasados",
  "route.warehouse-orders-positions": "Líneas de pedidos",
  "route.warehouse-orders-verify": "Pedidos por verificar",
  "route.warehouse-orders-verify-positions": "Líneas por verificar",
  "route.warehouse-supply": "Aprovisionamiento",
  "route.warehouse-supply-reports": "Informes de aprovisionamiento",
  "route.external-order": "Nuevo pedido",
  "route.my-orders": "Mis pedidos",
  "route.warehouse-calendar-month": "Calendario: mes",
  "route.warehouse-calendar-day": "Calendario: día",
  "route.warehouse-calendar-agenda-day": "Calendario: agenda",
  "route.warehouse-calendar-resources": "Planificador de recursos",
  "route.wms-terminal-collect": "Preparación",
  "route.wms-terminal-in": "Recepción",
  "route.wms-terminal-out": "Salida",
  "route.wms-terminal-relocate": "Reubicación",
  "route.wms-terminal-check": "Verificación",
  "route.production-picking": "Producción: preparación de recursos",
  "route.production-summary": "Producción: resumen",
  "route.production-labels": "Producción: etiquetas",
  "route.production-finish": "Producción: finalización",
  "route.activate": "Activación de la cuenta",
  "route.recovery": "Recuperación de contraseña",
  "route.title": "WMS",
  "route.shared": "Existencias compartidas",
  "route.shared/wms-inventory": "Existencias detalladas compartidas",
  "route.shared/wms-stock": "Existencias totales compartidas",
} satisfies LanguageCatalogue;
