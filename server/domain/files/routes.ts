// Attachments' calls: a record's files listed, one uploaded (multipart `file`), downloaded (inline when it is
// an image or a PDF, for the preview; download-classic always as a download) and deleted.
import type { Hono } from "hono";
import { z } from "zod";
import { paramId } from "../../kernel/params.ts";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { readFormBody } from "../../engine/http/body.ts";
import { fileHeaders } from "../../engine/http/download.ts";
import { AppError } from "../../kernel/errors.ts";
import { XLSX_TYPE, xlsxAsPdf } from "./convert.ts";
import {
  attachableRecord,
  deleteFile,
  FILE_MAX_BYTES,
  fileContent,
  FileInfo,
  FileRef,
  fileStream,
  listFiles,
  uploadFile,
} from "./service.ts";

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

const Download = z.object({
  /** Reserved for conversions that render the file for another record; the file's own record decides access. */
  overrideResourceId: paramId.optional(),
  convertXlsxToPdf: z.enum(["true", "false"]).optional(),
});

export function fileRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "File";
  mount(app, platform, {
    method: "get",
    path: "/File/list",
    summary:
      "A record's attachments (refResourceType, refResourceId): whoever may read the record reads them",
    tag,
    access: "user",
    query: FileRef,
    response: z.array(FileInfo),
  }, (c, { query }) => listFiles(c.get("ctx"), query));

  mount(app, platform, {
    method: "post",
    path: "/File/upload",
    summary:
      "Attach a file to a record (multipart `file`; at most 25 MB, 413 file.tooLarge; its type found " +
      "from its bytes: images, PDF, office documents, plain text, else 415 file.typeNotAllowed); staff who " +
      "may read the record",
    tag,
    access: "staff",
    query: FileRef,
    response: FileInfo,
    status: 201,
  }, async (c, { query }) => {
    // Who may not add to the record is told so before the body is read.
    await attachableRecord(c.get("ctx"), query.refResourceType, query.refResourceId);
    const form = await readFormBody(
      c.get("ctx"),
      c.req.raw,
      FILE_MAX_BYTES + 64 * 1024,
      platform.config.bodyTimeoutSeconds * 1000,
      () => new AppError("file.tooLarge", { params: { limit: MB(FILE_MAX_BYTES) } }),
    );
    const file = form.file("file");
    if (!file) throw new AppError("file.typeNotAllowed");
    if (file.bytes.byteLength > FILE_MAX_BYTES) {
      throw new AppError("file.tooLarge", { params: { limit: MB(FILE_MAX_BYTES) } });
    }
    return await uploadFile(c.get("ctx"), query, { name: file.name, bytes: file.bytes });
  });

  for (
    const [path, classic] of [["/File/download/:id", false], ["/File/download-classic/:id", true]] as const
  ) {
    mount(app, platform, {
      method: "get",
      path,
      summary: classic
        ? "An attachment's bytes as a download"
        : "An attachment's bytes: an image or a PDF shown in place (sandboxed), anything else as a download",
      tag,
      access: "user",
      query: Download,
    }, async (c, { params, query }) => {
      if (query.convertXlsxToPdf === "true") {
        const { row, bytes } = await fileContent(c.get("ctx"), idParam(params.id));
        // A workbook shown as the PDF of its first sheet; any other file cannot be.
        if (row.contentType !== XLSX_TYPE) throw new AppError("file.typeNotAllowed");
        const pdfName = row.fileName.replace(/\.xlsx$/i, "") + ".pdf";
        return new Response(await xlsxAsPdf(c.get("ctx"), bytes, row.fileName), {
          headers: fileHeaders("application/pdf", classic ? "attachment" : "inline", pdfName, {
            "content-security-policy": "sandbox; default-src 'none'",
          }),
        });
      }
      // Read a chunk at a time as the client takes it (store.ts).
      const { row, stream } = await fileStream(c.get("ctx"), idParam(params.id));
      const inline = !classic && row.previewable;
      return new Response(stream, {
        headers: fileHeaders(
          row.contentType === "text/plain" ? "text/plain; charset=utf-8" : row.contentType,
          inline ? "inline" : "attachment",
          row.fileName,
          {
            "content-length": String(row.sizeBytes),
            // Shown in place, a file may do nothing but be shown.
            "content-security-policy":
              "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
          },
        ),
      });
    });
  }

  mount(app, platform, {
    method: "delete",
    path: "/File/delete/:id",
    summary: "Remove an attachment (staff who may read its record)",
    tag,
    access: "staff",
    status: 204,
  }, (c, { params }) => deleteFile(c.get("ctx"), idParam(params.id)));
}
