import type { Catalogue } from "./en_us.ts";

export const esEs: Catalogue = {
  "validation.failed": "El formulario contiene errores. Revise los campos.",
  "request.badQuery": "La solicitud no es válida: {detail}.",
  "request.timeout": "La solicitud tardó demasiado en llegar. Inténtelo de nuevo.",
  "request.notJson": "Envíe el cuerpo de la solicitud como JSON (Content-Type: application/json).",
  "request.crossSite":
    "Esta llamada solo se atiende para las páginas de la propia aplicación, no para otro sitio, un enlace o una imagen.",
  "request.tooLarge": "La solicitud es demasiado grande (como máximo {limit}).",
  "request.tooLarge.tooCostly":
    "Esta solicitud requiere más trabajo del permitido para una solicitud (como máximo {seconds} s y {memory} MB). Elija menos registros o un diseño más sencillo.",
  "request.idempotencyKeyReused":
    "Esta clave ya se usó para otra solicitud. Use una clave nueva para una solicitud nueva.",
  "request.idempotencyKeyInProgress":
    "Una solicitud con esta clave se está procesando o su respuesta se perdió. Compruebe el resultado antes de volver a intentarlo.",
  "auth.wrongCredentials": "Nombre de usuario o contraseña incorrectos.",
  "auth.blocked": "Esta cuenta está bloqueada. Póngase en contacto con su oficina.",
  "auth.notActivated":
    "Esta cuenta aún no está activada. Espere el correo electrónico de activación o póngase en contacto con el servicio de soporte.",
  "auth.awaitingApproval":
    "El registro de su empresa está pendiente de confirmación por parte del proveedor del servicio.",
  "auth.suspended":
    "La cuenta de su empresa está suspendida. Póngase en contacto con el proveedor del servicio.",
  "auth.tokenMissing": "Inicie sesión para continuar.",
  "auth.tokenInvalid": "Su inicio de sesión no es válido. Vuelva a iniciar sesión.",
  "auth.tokenExpired": "Su inicio de sesión ha caducado.",
  "auth.refreshInvalid": "Su sesión ha finalizado. Vuelva a iniciar sesión.",
  "auth.thirdPartyFailed": "No se ha podido iniciar sesión con el proveedor de identidad externo.",
  "auth.thirdPartyNotConfigured":
    "El inicio de sesión con un proveedor de identidad externo no está configurado en este servicio.",
  "auth.forbidden": "No tiene permiso para realizar esta operación.",
  "auth.moduleDisabled": "Este módulo no está habilitado para su cuenta.",
  "auth.tooManyAttempts": "Demasiados intentos. Vuelva a intentarlo dentro de {minutes} minutos.",
  "auth.secondFactorInvalid":
    "No se aceptó el código ni la llave de acceso: el código es incorrecto o ya se usó. Inténtelo de nuevo.",
  "auth.secondFactorExpired": "Este inicio de sesión ha caducado. Vuelva a iniciar sesión con su contraseña.",
  "auth.secondFactorSetupRequired":
    "Su empresa exige un segundo factor. Configure una llave de acceso o una aplicación de autenticación para continuar.",
  "secondFactor.lastRequired": "Su empresa exige un segundo factor: añada otro antes de eliminar este.",
  "secondFactor.notSetUp": "Configure primero un segundo factor (o vuelva a empezar su configuración).",
  "secondFactor.passkeyNotVerified": "No se pudo verificar la llave de acceso. Intente añadirla de nuevo.",
  "register.activationCodeNotFound":
    "No se ha encontrado el código de activación. Es posible que ya se haya utilizado.",
  "register.wrongResetCode": "El código de restablecimiento de contraseña es incorrecto o ha caducado.",
  "register.emailNotFound": "No se ha encontrado la dirección de correo electrónico.",
  "record.notFoundOrNoPermission": "No se ha encontrado el objeto o no tiene permisos suficientes.",
  "route.notFound": "Esta dirección no existe en la API.",
  "method.notAllowed": "Este método no está permitido aquí.",
  "document.numberCollision": "El número de documento debe ser único. Vuelva a guardar.",
  "record.foreignKey": "Esta entrada está vinculada a otros registros y no se puede eliminar.",
  "record.foreignKey.company": "Esta entrada está vinculada a una empresa y no se puede eliminar.",
  "record.foreignKey.message": "Esta entrada está vinculada a un mensaje y no se puede eliminar.",
  "record.foreignKey.externalOrder":
    "Esta entrada está vinculada a un pedido externo y no se puede eliminar.",
  "record.uniqueConflict": "Un valor que debe ser único ya está en uso. Compruebe los campos de valor único.",
  "record.uniqueConflict.value": "El valor {value} ya lo usa {owner}.",
  "record.statusForbidsDelete": "El estado de este registro no permite eliminarlo.",
  "order.nothingToGenerate": "Todo este pedido ya figura en documentos.",
  "production.disabled": "La producción está desactivada en la configuración logística.",
  "production.noResources":
    "Este producto no tiene recursos para la producción (su lista de materiales está vacía).",
  "production.nothingLeftToProduce": "No queda nada por producir en esta orden de producción.",
  "order.statusChangeNotAllowed": "No se permite cambiar el estado de este pedido.",
  "transport.statusChangeNotAllowed": "El estado de esta orden de transporte no permite este cambio.",
  "external.refreshTokenInvalid":
    "El token de actualización no es válido o es desconocido: vuelva a conectar el servicio.",
  "external.busy": "Ya hay una importación o una actualización de stock en curso para estas credenciales.",
  "external.serviceRefused": "El servicio externo rechazó la solicitud: {detail}",
  "external.serviceFailed":
    "La importación desde el servicio externo falló: no respondió o siguió rechazando. Inténtelo de nuevo más tarde.",
  "face.notRecognised": "No se ha reconocido a nadie. Inténtelo de nuevo o inicie sesión con su contraseña.",
  "face.notDetected":
    "No se detectó ningún rostro o la imagen era de mala calidad. Mire a la cámara con buena luz e inténtelo de nuevo.",
  "face.unsupported":
    "Este servidor no admite visión artificial, o el inicio de sesión facial está desactivado para esta empresa.",
  "face.taken": "Este rostro ya está registrado para otro usuario.",
  "face.deviceNotEnrolled":
    "Este dispositivo no está registrado para iniciar sesión con el rostro, o se ha retirado. Un administrador lo registra en la pantalla «Reconocimiento facial»; mientras tanto, inicie sesión con su contraseña.",
  "face.challengeInvalid":
    "La solicitud de inicio de sesión ha caducado o ya se ha utilizado. Inténtelo de nuevo.",
  "face.administrator":
    "Los administradores inician sesión con su contraseña: el inicio de sesión con el rostro no es para administradores.",
  "face.nothingPending": "Ningún registro de rostro de este usuario espera confirmación.",
  "record.changedByAnotherUser":
    "Otro usuario ha modificado este registro mientras tanto. Vuelva a cargarlo y repita el cambio.",
  "map.fileTooLarge": "El archivo del mapa es demasiado grande (como máximo {limit}).",
  "map.fileTooLarge.tooCostly":
    "Leer el mapa requiere más trabajo del permitido para un archivo (como máximo {seconds} s y {memory} MB). Simplifique el dibujo o divídalo.",
  "map.noMap": "Esta ubicación aún no tiene mapa. Suba uno primero.",
  "portal.cartEmpty": "El carrito está vacío: añada productos antes de confirmar el pedido.",
  "portal.notEnoughStock": "No hay suficiente stock libre de {product}: ahora se pueden pedir {free}.",
  "portal.productUnavailable": "{product} no se puede pedir ahora: está desactivado o bloqueado.",
  "sharedAccess.ended":
    "Este acceso compartido ha terminado: se retiró, caducó o ya se usó. Pida un enlace nuevo al almacén.",
  "sharedAccess.rateLimited":
    "Demasiadas solicitudes con esta clave. Vuelva a intentarlo dentro de {seconds} segundos.",
  "request.rateLimited":
    "Demasiadas solicitudes desde su cuenta. Inténtelo de nuevo dentro de {seconds} segundos.",
  "record.alreadyRemoved": "Esta entrada ya se ha eliminado.",
  "record.importing":
    "Este registro se está importando y la importación aún puede deshacerlo: podrá usarse o modificarse cuando termine la importación.",
  "import.interrupted":
    "La importación se interrumpió (el servidor se reinició) y no se ha conservado nada de ella: vuelva a iniciarla.",
  "import.tenantMoving":
    "La importación se detuvo porque los datos de este almacén se están trasladando a otro servidor, y no se ha conservado nada de ella: vuelva a iniciarla dentro de unos minutos.",
  "import.fileTooLarge": "El archivo es demasiado grande (máximo 20 MB).",
  "import.fileTooLarge.tooCostly":
    "Leer el archivo requiere más trabajo del permitido para una importación (como máximo {seconds} s y {memory} MB). Divídalo en archivos más pequeños.",
  "import.fileEmpty": "El archivo está vacío: no hay filas bajo el encabezado.",
  "import.fileUnreadable": "No se puede leer el archivo: no es una tabla CSV ni XLSX.",
  "import.tooManyRows": "El archivo tiene más de {max} filas: divídalo en varias importaciones.",
  "export.tooManyRows":
    "Un PDF admite como máximo {max} filas: exporte como CSV o XLSX, o restrinja el filtro.",
  "print.printerNotFound": "No se encontró la impresora.",
  "print.noDefaultLayout":
    "No hay un diseño de etiqueta predeterminado para este tipo ({type}): marque uno de sus diseños como predeterminado en Diseños de impresión.",
  "print.connectionFailed":
    "Falló la conexión con la impresora {printer}: compruebe que esté encendida y accesible.",
  "egress.refused":
    "El servidor no se conecta a esta dirección: pertenece a una red privada, local o reservada, o su nombre no se resuelve en una dirección pública. El operador del servidor puede permitirla (EGRESS_ALLOW).",
  "print.invalidLayout": "No se puede leer el diseño: {detail}",
  "print.barcodeUnencodable": "{value} no se puede imprimir como código de barras {symbology}.",
  "message.noRecipients":
    "No hay a quién enviarlo: las etiquetas no tienen a nadie con una dirección para este canal y no se indicó ninguna dirección.",
  "message.noEmailAccount":
    "No hay una cuenta de correo desde la que enviar: añada una en Cuentas de correo.",
  "import.tooManyColumns": "El archivo tiene más de {max} columnas.",
  "import.invalidRows":
    "No se pueden importar {count} celdas; no se ha importado nada. Cada una se indica por su fila y columna.",
  "import.numberAmbiguous": "{value} se puede leer de varias maneras: ¿quiso decir {suggestions}?",
  "import.referenceNotFound": "Nada se llama {value} aquí.",
  "import.referenceNotFound.ProductGroup": "No hay ningún grupo de productos llamado {value}.",
  "import.referenceNotFound.Company": "Ninguna empresa tiene el nombre corto o el NIF {value}.",
  "import.referenceNotFound.Contractor": "Ningún contratista tiene el nombre corto o el NIF {value}.",
  "import.referenceNotFound.StorageSpace":
    "Ninguna ubicación tiene la etiqueta o el código de barras {value}.",
  "import.referenceNotFound.StorageSpaceType": "No hay ningún tipo de ubicación con el código {value}.",
  "import.referenceNotFound.User":
    "Ningún usuario tiene el nombre de usuario o la dirección de correo {value}.",
  "import.referenceNotFound.Product": "Ningún producto tiene la referencia {value}.",
  "import.referenceNotFound.Address":
    "No hay ninguna dirección número {value} (una dirección se indica por su identificador).",
  "import.referenceAmbiguous":
    "{value} designa varios registros: escriba el identificador del que se refiere.",
  "import.referenceAmbiguous.Company":
    "Varias empresas corresponden a {value} (nombre corto o NIF): escriba el nombre corto.",
  "import.referenceAmbiguous.Contractor":
    "Varios contratistas corresponden a {value} (nombre corto o NIF): escriba el nombre corto.",
  "import.referenceAmbiguous.StorageSpace":
    "{value} es la etiqueta o el código de barras de varias ubicaciones: escriba el identificador de la que se refiere.",
  "import.referenceAmbiguous.User": "Varios usuarios corresponden a {value}: escriba el nombre de usuario.",
  "import.alreadyStored": "{value} ya lo usa {owner}. Para cambiar registros guardados, elija actualizarlos.",
  "import.usedByOther": "{value} ya lo usa {owner}, no el registro que actualiza esta fila.",
  "import.repeatedInFile": "{value} ya figura en la fila {row} de este archivo.",
  "import.sameRecordTwice": "Esta fila actualiza el mismo registro que la fila {row}.",
  "file.tooLarge": "El archivo es demasiado grande (máximo {limit}).",
  "file.tooLarge.tooCostly":
    "Convertir el archivo requiere más trabajo del permitido para un archivo (como máximo {seconds} s y {memory} MB).",
  "file.typeNotAllowed": "Este tipo de archivo no está permitido.",
  "file.infected": "El archivo contiene contenido malicioso conocido ({signature}) y no se ha guardado.",
  "file.scanUnavailable":
    "No se pudo comprobar si el archivo tiene virus, así que no se ha guardado. Inténtelo de nuevo más tarde.",
  "document.validation": "El documento no ha superado la validación.",
  "document.notWorkingCopy":
    "Solo se puede modificar un borrador; este documento ya está confirmado o anulado.",
  "document.generatedPositions": "Las posiciones de los documentos generados no se pueden modificar.",
  "document.revertBlocked": "No se puede anular el documento: el stock que ingresó ya ha salido.",
  "document.issue.notWorkingCopy": "El documento debe ser un borrador.",
  "document.issue.notConfirmed": "Solo se puede anular un documento confirmado.",
  "document.issue.noPositions": "El documento no tiene posiciones.",
  "document.issue.internalWithContractor": "Un documento interno no puede estar vinculado a un cliente.",
  "document.issue.contractorMismatch": "El producto {product} pertenece a otro cliente que el documento.",
  "document.issue.sourceLocationRequired": "Se requiere una ubicación de origen.",
  "document.issue.sourceLocationForbidden": "Una recepción no tiene ubicación de origen.",
  "document.issue.sourceContainerForbidden": "Una recepción no tiene contenedor de origen.",
  "document.issue.sourceContainerRequired": "Una reubicación de contenedor indica el contenedor que mueve.",
  "document.issue.destinationLocationRequired": "Se requiere una ubicación de destino.",
  "document.issue.destinationLocationForbidden": "Una salida no tiene ubicación de destino.",
  "document.issue.destinationContainerForbidden": "Una salida no tiene contenedor de destino.",
  "document.issue.locationLocked": "La ubicación {location} está bloqueada para esta operación.",
  "document.issue.containerLocked": "El contenedor {container} está bloqueado para esta operación.",
  "document.issue.containerAtOtherLocation":
    "El contenedor {container} no está en {location}, sino en {actual}.",
  "document.issue.rackOverloaded":
    "{location} soporta {load} kg de {capacity} kg; {incoming} kg más es demasiado.",
  "document.issue.temperatureUnsuitable":
    "La ubicación {location} está a {temperature} °C; el producto necesita de {min} a {max} °C.",
  "document.issue.expiryDateRequired": "El producto {product} requiere una fecha de caducidad.",
  "document.issue.productionDateRequired": "El producto {product} requiere una fecha de fabricación.",
  "document.issue.serialNumberRequired": "El producto {product} requiere un número de serie.",
  "document.issue.productExpired": "El producto {product} caducó el {expiryDate}.",
  "document.issue.shortExpiry":
    "El producto {product} caduca el {expiryDate}, en {days} días (se esperan al menos {minimumDays}).",
  "document.issue.productLockedIn": "La recepción del producto {product} está bloqueada.",
  "document.issue.productLockedOut": "La salida del producto {product} está bloqueada.",
  "document.issue.productLockedRelocate": "La reubicación del producto {product} está bloqueada.",
  "document.issue.quantityNotPositive": "La cantidad debe ser mayor que 0.",
  "document.issue.quantityAboveAvailable": "La cantidad supera lo disponible en el origen.",
  "document.issue.stockAboveLimit":
    "El stock del producto superaría 1.000.000.000.000 unidades, lo máximo que registra el almacén.",
  "document.issue.productNotFound": "Ningún producto coincide con {code}.",
  "document.issue.gs1Unreadable":
    "No se puede leer el código GS1 escaneado {code}: revise la etiqueta (dígito de control, fecha o elemento erróneo).",
  "document.issue.productAmbiguous": "Varios productos ({count}) coinciden con {code}: {products}.",
  "document.issue.orderNotConfirmed":
    "El pedido {order} no está confirmado: sus documentos no se pueden confirmar.",
  "document.issue.productNotOnOrder": "El producto {product} no está en el pedido {order}.",
  "document.issue.quantityAboveOrder": "La cantidad de {product} supera lo que queda del pedido ({left}).",
  "document.issue.stockAlreadyLeft": "El stock que ingresó este documento ya ha salido (faltan {missing}).",
  "document.issue.wrongProduct": "Esto no es {product}: se escaneó {code}.",
  "document.issue.wrongLot": "Lote incorrecto de {product}: se esperaba {expected}, se escaneó {scanned}.",
  "document.issue.wrongLocation": "Ubicación incorrecta {location}: se esperaba {expected}.",
  "document.issue.quantityAbovePosition": "Demasiado de {product}: solo quedan {left}.",
  "document.issue.otherContainer": "Esto va en el contenedor {expected}, no en {container}.",
  "document.issue.containerEmpty": "El contenedor {container} está vacío.",
  "document.issue.locationEmpty": "No hay nada almacenado en {location}.",
  "document.issue.containerNotWhole":
    "Una reubicación de contenedor mueve el contenedor {container} entero; quedarían {left}.",
  "document.issue.containerMoved":
    "El contenedor {container} se ha movido desde entonces; el stock no puede volver a su sitio.",
  "client.outdated":
    "Esta versión de la aplicación está obsoleta. Actualice la página para cargar la versión más reciente.",
  "server.unknown": "Se ha producido un error desconocido. ID de la solicitud: {requestId}.",
  "server.misconfigured":
    "El servidor no está configurado correctamente. Póngase en contacto con el proveedor del servicio.",
  "server.mailFailed": "No se ha podido enviar el correo electrónico. Inténtelo de nuevo más tarde.",
  "server.unavailable": "Esta parte del servidor se está reiniciando. Inténtelo de nuevo en un momento.",

  "validation.required": "Este dato es obligatorio.",
  "validation.invalidEmail": "No es una dirección de correo electrónico válida.",
  "validation.tooLong": "El valor es demasiado largo.",
  "validation.tooShort": "El valor es demasiado corto.",
  "validation.tooSmall": "El valor es demasiado pequeño.",
  "validation.tooLarge": "El valor es demasiado grande.",
  "validation.forbiddenCharacter": "El valor contiene un carácter no permitido.",
  "validation.passwordsMustMatch": "Las contraseñas deben coincidir.",
  "validation.currentPasswordWrong": "Esta no es su contraseña actual.",
  "validation.codeWrong": "Este código no es correcto. Introduzca el código actual de la aplicación.",
  "validation.passwordTooCommon": "Esta contraseña es de las más comunes y se adivina primero. Elija otra.",
  "validation.passwordContextWord":
    "Esta contraseña está formada por su nombre, el de su empresa o el del programa, que se prueban primero. Elija otra.",
  "validation.passwordBreached":
    "Esta contraseña aparece en datos filtrados de otros servicios y se adivina pronto. Elija otra.",
  "validation.phoneCountryCode":
    "El número de teléfono debe incluir el prefijo del país, p. ej., +48 600 700 800.",
  "validation.emailExists": "Esta dirección de correo electrónico ya existe.",
  "validation.usernameExists": "Este nombre de usuario ya existe.",
  "validation.mustBeUnique": "Este valor debe ser único.",
  "validation.invalidValue": "Este valor no está permitido.",
  "validation.egressRefused":
    "El servidor no se conecta a esta dirección: indique una dirección pública de Internet o un nombre que se resuelva en una.",
  "validation.mustAcceptTerms": "Debe aceptar las condiciones del servicio.",
  "validation.criticalAboveWarning": "El stock crítico no puede superar el stock de aviso.",
  "validation.productionNaming":
    "Antes de la producción, esto debe contener ' - ' (p. ej. \"Pan - blanco\").",
  "validation.minAboveMax": "La temperatura mínima no puede superar la máxima.",
  "validation.finishBeforeStart": "El final debe ser posterior al inicio.",
  "validation.unknownField": "Este campo es desconocido.",

  "calendar.feed.name": "Calendario de {name}",
  "calendar.entry.plannedDate": "Previsto",
  "calendar.entry.deadline": "Fecha límite",
  "calendar.entry.packBy": "Embalar antes de",
  "calendar.entry.unpackBy": "Desembalar antes de",
  "calendar.entry.pickupTime": "Recogida",
  "calendar.entry.deliveryTime": "Entrega",

  "mail.activation.subject": "Active su cuenta en {appName}",
  "mail.activation.body":
    "Hola, {name}:\n\nSe ha confirmado el registro de {company}. Active su cuenta abriendo este enlace:\n{link}\n\nEl enlace es válido hasta el {expires} ({timeZone}).",
  "mail.reset.subject": "Restablecimiento de contraseña en {appName}",
  "mail.reset.body":
    "Hola, {name}:\n\nSe ha solicitado restablecer la contraseña de la cuenta {username}. Su código de restablecimiento es:\n{code}\n\nTambién puede abrir este enlace:\n{link}\n\nEl código es válido hasta el {expires} ({timeZone}). Si no ha sido usted, ignore este mensaje.",
  "mail.registered.subject": "Hemos recibido el registro de {company}",
  "mail.registered.body":
    "Hola, {name}:\n\nGracias por registrar {company}. El proveedor del servicio confirmará el registro en breve; a continuación recibirá un enlace de activación.",
  "validation.personHasNoEmail": "Esta persona no tiene dirección de correo electrónico.",
  "mail.fileAttached.body": "Le enviamos adjunto {fileName}.",
  "validation.noRateForNewBase":
    "No hay tipo de cambio de la nueva moneda base a partir del cual recalcular los demás: añádalo primero, o conserve o elimine los tipos.",
  "validation.baseCurrencyByItsOwnCall":
    "La moneda base se cambia con su propio botón, que pregunta qué hacer con los tipos de cambio.",
  "validation.baseCurrencyRate": "Esta es la moneda base: su tipo es 1.",
  "account.documentLimitReached":
    "Se han agotado los {limit} documentos de este mes y el presupuesto para documentos adicionales ({budget:money} EUR) no alcanza para otro: el documento no se ha confirmado. Pida al proveedor que aumente el límite o el presupuesto.",
};
