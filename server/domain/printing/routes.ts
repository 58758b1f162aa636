// Printing's calls: records printed with a layout (a PDF or ZPL to download, or ZPL sent to a printer), and
// the layout editor's preview of an unsaved layout. Staff print; a record they may not read is 404.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { mount } from "../../engine/http/route.ts";
import { fileResponse } from "../../engine/http/download.ts";
import { preview, PreviewRequest, print, PrintRequest } from "./service.ts";
import { printJobStates } from "./jobs/entity.ts";

export function printingRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "post",
    path: "/Print",
    summary:
      "Print records of a type (product, storageSpace, container, wmsDocument, wmsOrder) with a layout " +
      "(the type's default when none is named): a PDF or ZPL answered, or the job sent to a network printer " +
      "in its language (printerId; 0 the default printer) answering {printer, labels, bytes}; for a printer " +
      "of a site, the job is queued for the site's print agent and `job` names it (GET PrintJob/{id})",
    tag: "Print",
    access: "staff",
    body: PrintRequest,
    response: z.object({
      printer: z.string(),
      labels: z.number(),
      bytes: z.number(),
      job: z.object({ id: z.number(), state: z.enum(printJobStates) }).optional(),
    }),
  }, async (c, { body }) => {
    const answer = await print(c.get("ctx"), body);
    if (answer.kind === "sent") {
      const { kind: _kind, ...sent } = answer;
      return sent;
    }
    return fileResponse(answer.body, answer.contentType, "attachment", answer.name);
  });

  mount(
    app,
    platform,
    {
      method: "post",
      path: "/Print/preview",
      summary: "A layout as the editor holds it (saved or not) drawn with one record of its type, as a PDF",
      tag: "Print",
      access: "staff",
      body: PreviewRequest,
      bodyLimit: 8_000_000,
    },
    async (c, { body }) =>
      fileResponse(await preview(c.get("ctx"), body), "application/pdf", "inline", "preview.pdf"),
  );
}
