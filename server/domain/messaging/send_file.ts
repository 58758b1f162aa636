// File/send-by-email/{id}: one attachment mailed. POST takes the message's body (send.ts's request without its
// channel); GET is the spec's client's form, all in the query: the template, the person it goes to, the name
// the attachment carries, a workbook sent as the PDF of its first sheet, and another record of the file's
// record type whose values fill the template. Both store the message the same way (send.ts).
import { z } from "zod";
import { paramId } from "../../kernel/params.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import { email as emailSchema } from "../access/users/contract.ts";
import { resourcesByName } from "../../engine/engine.ts";
import { cleanName, fileContent, fileRow, readableRecord, uploadFile } from "../files/service.ts";
import { XLSX_TYPE, xlsxAsPdf } from "../files/convert.ts";
import { translate } from "../../../shared/i18n/api/mod.ts";
import { sendMessage, SendRequest } from "./send.ts";
import { singleLine } from "../../engine/fields.ts";

/** POST's body: a message as Message/send takes it, by e-mail, with the file attached. */
export const SendFileBody = SendRequest.omit({
  channel: true,
  fileIds: true,
  refResourceType: true,
  refResourceId: true,
});

/** GET's query (the spec's client: product-spec.md §7, Calendar and files). */
export const SendFileQuery = z.object({
  /** Another record of the file's record type, whose values fill the template (the file's own by default). */
  overrideResourceId: paramId.optional(),
  /** `true`: a workbook goes as the PDF of its first sheet (any other file: 415 file.typeNotAllowed). */
  convertXlsxToPdf: z.enum(["true", "false"]).optional(),
  /** The e-mail template (subject and body); without one, the attachment's name and a line saying it is attached. */
  templateId: paramId.optional(),
  /** The contact person it goes to, at their e-mail address. */
  personId: paramId.optional(),
  /** The name the attachment carries in the e-mail. */
  fileName: singleLine(z.string().trim().min(1).max(200)).optional(),
});

/** POST File/send-by-email/{id}. */
export async function sendFileWithBody(ctx: TenantContext, id: number, body: z.output<typeof SendFileBody>) {
  const file = await fileRow(ctx, id);
  return await sendMessage(ctx, {
    ...body,
    channel: "email",
    fileIds: [file.id],
    refResourceType: file.refResourceType,
    refResourceId: file.refResourceId,
  });
}

/** GET File/send-by-email/{id}. */
export async function sendFileByQuery(ctx: TenantContext, id: number, query: z.output<typeof SendFileQuery>) {
  const convert = query.convertXlsxToPdf === "true";
  // The file and its record, read once (its bytes too when it is converted): who may not read the record
  // learns nothing of the rest (404, as for the file).
  const { row: file, bytes } = convert
    ? await fileContent(ctx, id)
    : { row: await fileRow(ctx, id), bytes: null };
  if (!convert) await readableRecord(ctx, file.refResourceType, file.refResourceId);
  if (query.personId === undefined) throw fieldError({ personId: ["validation.required"] });
  const person = await resourcesByName.get("Person")!.get(ctx, query.personId) as Record<string, unknown>;
  const address = emailSchema.safeParse(person.email ?? "");
  if (!address.success || !address.data) throw fieldError({ personId: ["validation.personHasNoEmail"] });
  // The record whose values fill the template: read through its own resource, so another's is 404.
  const recordId = query.overrideResourceId ?? file.refResourceId;
  if (recordId !== file.refResourceId) await readableRecord(ctx, file.refResourceType, recordId);
  if (convert && file.contentType !== XLSX_TYPE) throw new AppError("file.typeNotAllowed");

  // The name the attachment carries: a converted workbook's PDF is stored under it (as uploadFile cleans it).
  const name = convert
    ? cleanName(query.fileName ?? file.fileName.replace(/\.xlsx$/i, "") + ".pdf")
    : query.fileName ?? file.fileName;
  // The PDF of the workbook's first sheet, made and stored only once the message is known to go.
  const converted = async () => {
    const pdf = new Uint8Array(await new Response(await xlsxAsPdf(ctx, bytes!, file.fileName)).arrayBuffer());
    // What went out is kept among the record's attachments, as a printout sent by e-mail is (send.ts).
    const stored = await uploadFile(ctx, {
      refResourceType: file.refResourceType,
      refResourceId: file.refResourceId,
    }, { name, bytes: pdf });
    return stored.id;
  };
  const withoutTemplate = query.templateId === undefined
    ? { subject: name, body: translate(ctx.lang, "mail.fileAttached.body", { fileName: name }) }
    : {};
  return await sendMessage(
    ctx,
    {
      channel: "email",
      templateId: query.templateId,
      ...withoutTemplate,
      recipientTags: [],
      to: [address.data as string],
      refResourceType: file.refResourceType,
      refResourceId: recordId,
      fileIds: convert ? [] : [file.id],
      attachPrintout: false,
    },
    convert ? {} : { [file.id]: name },
    convert ? converted : undefined,
  );
}
