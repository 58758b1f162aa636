CREATE TABLE `printers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`host` text NOT NULL,
	`port` integer DEFAULT 9100 NOT NULL,
	`dpi` integer DEFAULT 203 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `printers_name` ON `printers` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `printers_host` ON `printers` (`host`,`id`);--> statement-breakpoint
CREATE INDEX `printers_is_default` ON `printers` (`is_default`,`id`);--> statement-breakpoint
CREATE INDEX `printers_created_at` ON `printers` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `printers_updated_at` ON `printers` (`updated_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `printers_one_default` ON `printers` (`is_default`) WHERE "printers"."is_default" = 1;--> statement-breakpoint
-- The layouts a tenant starts with (server/domain/printing/layout.ts defaultLayouts), each the default of its
-- type unless the tenant already has one.
INSERT INTO print_layouts (name, type, content, is_default, created_at, updated_at, version)
SELECT 'Product label 100 x 50', 'product', '{
  "page": {
    "width": 100,
    "height": 50
  },
  "elements": [
    {
      "type": "text",
      "x": 4,
      "y": 3,
      "size": 5,
      "text": "{{index}}",
      "bold": true,
      "width": 92
    },
    {
      "type": "text",
      "x": 4,
      "y": 10,
      "size": 3.5,
      "text": "{{name}}",
      "width": 92
    },
    {
      "type": "barcode",
      "symbology": "code128",
      "x": 4,
      "y": 16,
      "width": 60,
      "height": 18,
      "data": "{{index}}"
    },
    {
      "type": "barcode",
      "symbology": "qrcode",
      "x": 72,
      "y": 16,
      "width": 24,
      "height": 24,
      "data": "{{barcode}}"
    },
    {
      "type": "text",
      "x": 4,
      "y": 42,
      "size": 3,
      "text": "{{@field.product.unit}}: {{unit}}",
      "width": 60
    }
  ]
}', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1
WHERE NOT EXISTS (SELECT 1 FROM print_layouts WHERE type = 'product' AND (is_default = 1 OR lower(name) = lower('Product label 100 x 50')));--> statement-breakpoint
INSERT INTO print_layouts (name, type, content, is_default, created_at, updated_at, version)
SELECT 'Location label 100 x 40', 'storageSpace', '{
  "page": {
    "width": 100,
    "height": 40
  },
  "elements": [
    {
      "type": "text",
      "x": 4,
      "y": 3,
      "size": 8,
      "text": "{{label}}",
      "bold": true,
      "width": 92,
      "align": "center"
    },
    {
      "type": "barcode",
      "symbology": "code128",
      "x": 10,
      "y": 15,
      "width": 80,
      "height": 20,
      "data": "{{barcode}}"
    }
  ]
}', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1
WHERE NOT EXISTS (SELECT 1 FROM print_layouts WHERE type = 'storageSpace' AND (is_default = 1 OR lower(name) = lower('Location label 100 x 40')));--> statement-breakpoint
INSERT INTO print_layouts (name, type, content, is_default, created_at, updated_at, version)
SELECT 'Container label 100 x 60', 'container', '{
  "page": {
    "width": 100,
    "height": 60
  },
  "elements": [
    {
      "type": "text",
      "x": 4,
      "y": 3,
      "size": 7,
      "text": "{{number}}",
      "bold": true,
      "width": 92
    },
    {
      "type": "text",
      "x": 4,
      "y": 13,
      "size": 3.5,
      "text": "{{@field.container.locationId}}: {{locationLabel}}",
      "width": 92
    },
    {
      "type": "barcode",
      "symbology": "code128",
      "x": 4,
      "y": 20,
      "width": 62,
      "height": 22,
      "data": "{{number}}"
    },
    {
      "type": "barcode",
      "symbology": "datamatrix",
      "x": 74,
      "y": 20,
      "width": 22,
      "height": 22,
      "data": "{{number}}"
    }
  ]
}', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1
WHERE NOT EXISTS (SELECT 1 FROM print_layouts WHERE type = 'container' AND (is_default = 1 OR lower(name) = lower('Container label 100 x 60')));--> statement-breakpoint
INSERT INTO print_layouts (name, type, content, is_default, created_at, updated_at, version)
SELECT 'Document A4', 'wmsDocument', '{
  "page": {
    "width": 210,
    "height": 297
  },
  "elements": [
    {
      "type": "text",
      "x": 15,
      "y": 15,
      "size": 7,
      "text": "{{documentNumber}}",
      "bold": true,
      "width": 120
    },
    {
      "type": "barcode",
      "symbology": "code128",
      "x": 140,
      "y": 12,
      "width": 55,
      "height": 14,
      "data": "{{documentNumber}}"
    },
    {
      "type": "text",
      "x": 15,
      "y": 30,
      "size": 3.5,
      "text": "{{@field.wmsDocument.typeCode}}: {{typeCode}}",
      "width": 180
    },
    {
      "type": "text",
      "x": 15,
      "y": 36,
      "size": 3.5,
      "text": "{{@field.wmsDocument.contractorId}}: {{contractorName}}",
      "width": 180
    },
    {
      "type": "line",
      "x1": 15,
      "y1": 44,
      "x2": 195,
      "y2": 44
    },
    {
      "type": "table",
      "x": 15,
      "y": 48,
      "width": 180,
      "rows": "positions",
      "columns": [
        {
          "header": "{{@field.wmsDocumentPosition.productId}}",
          "text": "{{productIndex}}",
          "width": 2
        },
        {
          "header": "{{@field.product.name}}",
          "text": "{{productName}}",
          "width": 4
        },
        {
          "header": "{{@field.wmsDocumentPosition.quantity}}",
          "text": "{{quantity}}",
          "width": 1.2,
          "align": "right"
        },
        {
          "header": "{{@field.wmsDocumentPosition.expiryDate}}",
          "text": "{{expiryDate:date}}",
          "width": 1.5
        }
      ]
    }
  ]
}', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1
WHERE NOT EXISTS (SELECT 1 FROM print_layouts WHERE type = 'wmsDocument' AND (is_default = 1 OR lower(name) = lower('Document A4')));--> statement-breakpoint
INSERT INTO print_layouts (name, type, content, is_default, created_at, updated_at, version)
SELECT 'Order A4', 'wmsOrder', '{
  "page": {
    "width": 210,
    "height": 297
  },
  "elements": [
    {
      "type": "text",
      "x": 15,
      "y": 15,
      "size": 7,
      "text": "{{orderNumber}}",
      "bold": true,
      "width": 120
    },
    {
      "type": "barcode",
      "symbology": "code128",
      "x": 140,
      "y": 12,
      "width": 55,
      "height": 14,
      "data": "{{orderNumber}}"
    },
    {
      "type": "text",
      "x": 15,
      "y": 30,
      "size": 3.5,
      "text": "{{@field.wmsOrder.contractorId}}: {{contractorName}}",
      "width": 180
    },
    {
      "type": "line",
      "x1": 15,
      "y1": 40,
      "x2": 195,
      "y2": 40
    },
    {
      "type": "table",
      "x": 15,
      "y": 44,
      "width": 180,
      "rows": "positions",
      "columns": [
        {
          "header": "{{@field.wmsOrderPosition.productId}}",
          "text": "{{productIndex}}",
          "width": 2
        },
        {
          "header": "{{@field.product.name}}",
          "text": "{{productName}}",
          "width": 4
        },
        {
          "header": "{{@field.wmsOrderPosition.quantity}}",
          "text": "{{quantity}}",
          "width": 1.2,
          "align": "right"
        }
      ]
    }
  ]
}', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1
WHERE NOT EXISTS (SELECT 1 FROM print_layouts WHERE type = 'wmsOrder' AND (is_default = 1 OR lower(name) = lower('Order A4')));
