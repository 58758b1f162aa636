// Messaging (issue 18): a message by e-mail to the people and companies of a tag, its template filled with
// the values of the document it is sent from, received by a real SMTP server on loopback; a refused mailbox
// failing alone and visibly; an attachment mailed; SMS through a gateway on loopback that fails first and
// is retried, a number it refuses failing at once, and each message's segment count in the list (Polish
// letters make it UCS-2). Sending happens after the answer: the list shows it queued, then sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import PostalMime from "postal-mime";
import { type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import {
  addStaffUser,
  company,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let smtp: SmtpSink;
let gateway: Deno.HttpServer;
let basic: string;
const texts: { to: string; text: string; auth: string | null }[] = [];
/** What the gateway answers next (a status per call), 200 once these run out. */
const gatewayPlan: number[] = [];

beforeAll(async () => {
  smtp = await startSmtp({ refuse: (a) => a.startsWith("gone@") });
  gateway = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const body = await req.json();
    const status = gatewayPlan.shift() ?? 200;
    if (status === 200) texts.push({ to: body.to, text: body.text, auth: req.headers.get("authorization") });
    return Response.json(status === 200 ? { id: crypto.randomUUID() } : { error: "busy" }, { status });
  });
  const port = (gateway.addr as Deno.NetAddr).port;
  w = await startStockWorld("messaging", {
    smsGatewayUrl: `http://127.0.0.1:${port}/send`,
    smsGatewayToken: "gw-secret",
    messageRetryMs: [100, 200],
  });
  basic = await addStaffUser(w, "messaging-basic");
}, 60_000);
afterAll(async () => {
  await w?.s.close();
  await smtp?.close();
  await gateway?.shutdown();
});

async function statusOf(id: number) {
  return (await w.api("GET", `/Message/${id}`)).body;
}

describe("messaging", () => {
  it("refuses to mail without an account, or with nobody to send to", async () => {
    const none = await w.api("POST", "/Message/send", {
      channel: "email",
      subject: "Hi",
      body: "Hello",
      to: ["a@example.com"],
    });
    expect([none.status, none.body.error.code]).toEqual([422, "message.noEmailAccount"]);
    await w.api("POST", "/EmailAccount", {
      address: "warehouse@example.com",
      smtpServer: "127.0.0.1",
      smtpPort: smtp.port,
      useTls: false,
      login: null,
    });
    const nobody = await w.api("POST", "/Message/send", { channel: "email", subject: "Hi", body: "Hello" });
    expect([nobody.status, nobody.body.error.code]).toEqual([422, "message.noRecipients"]);
    const bad = await w.api("POST", "/Message/send", {
      channel: "email",
      subject: "Hi",
      body: "x",
      to: ["not-an-address"],
    });
    expect(bad.body.error.fields).toEqual({ to: ["validation.invalidEmail"] });
  });

  it("mails a document's template to everyone of a tag, values filled and escaped; a refused mailbox fails alone", async () => {
    const tag = (await w.api("POST", "/Tags", { name: "Partners" })).body.id;
    await w.api("POST", "/Person", {
      firstName: "Anna",
      lastName: "Nowak",
      email: "anna@example.com",
      tagIds: [tag],
    });
    await w.api("POST", "/Person", {
      firstName: "Old",
      lastName: "Box",
      email: "gone@example.com",
      tagIds: [tag],
    });
    await w.api("POST", "/Person", { firstName: "No", lastName: "Mail", tagIds: [tag] });
    const acme = await company(w, "ACME <b>&</b> Co");
    await w.api("PUT", "/Company", {
      ...(await w.api("GET", `/Company/${acme}`)).body,
      officeMail: "office@acme.example",
      tagIds: [tag],
    });
    const doc = await draft(w, {
      typeCode: "IIN",
      contractorId: acme,
      destinationLocationId: await location(w, "MSG-A"),
    }, [
      { productId: await product(w, "MSG-TEA"), quantity: 2 },
    ]);
    const number = (await w.api("GET", `/WmsDocument/${doc.id}`)).body.documentNumber;
    const template = await w.api("POST", "/EmailTemplate", {
      name: "Received",
      code: "RECEIVED",
      language: "en-us",
      subject: "Delivery {{document.documentNumber}} received",
      body: "<p>Dear {{contractor.shortName}},</p><p>we received {{document.documentNumber}}.</p>",
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const sent = await w.api("POST", "/Message/send", {
      channel: "email",
      templateId: template.body.id,
      recipientTags: ["partners"],
      refResourceType: "WmsDocument",
      refResourceId: doc.id,
      senderName: "Stryków warehouse",
    }, basic);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.recipients).toBe(3);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("anna@example.com"));
    expect(mail.subject).toBe(`Delivery ${number} received`);
    // The company's name as stored (upper-cased), its markup written as text.
    expect(mail.html).toContain(`<p>Dear ACME &lt;B&gt;&amp;&lt;/B&gt; CO,</p><p>we received ${number}.</p>`);
    expect(mail.from).toContain("warehouse@example.com");
    await smtp.waitFor((m) => m.envelopeTo.includes("office@acme.example"));
    await expect.poll(async () => (await statusOf(sent.body.id)).status, { timeout: 10_000 }).toBe(
      "partlyFailed",
    );
    const message = await statusOf(sent.body.id);
    expect([message.sentCount, message.failedCount, message.recipientCount]).toEqual([2, 1, 3]);
    expect(message.lastError).toMatch(/550/);
    const recipients = (await w.api("GET", `/Message/${sent.body.id}/recipients`)).body;
    expect(recipients.find((r: { address: string }) => r.address === "gone@example.com")).toMatchObject({
      status: "failed",
      attempts: 1,
    });
    // The list shows it with its status, newest first.
    const list = await w.api("GET", "/Message?PageSize=5");
    expect(list.body.results[0]).toMatchObject({
      id: sent.body.id,
      status: "partlyFailed",
      channel: "email",
    });
  });

  it("mails a document to a partner with its printout attached, and keeps the printout on the document", async () => {
    const doc = await draft(w, { typeCode: "IIN", destinationLocationId: await location(w, "MSG-PRINT") }, [
      { productId: await product(w, "MSG-PRINTED"), quantity: 4 },
    ]);
    const number = (await w.api("GET", `/WmsDocument/${doc.id}`)).body.documentNumber as string;
    const sent = await w.api("POST", "/Message/send", {
      channel: "email",
      subject: "Document {{document.documentNumber}}",
      body: "Please find the document attached.",
      to: ["partner@example.com"],
      refResourceType: "WmsDocument",
      refResourceId: doc.id,
      attachPrintout: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("partner@example.com"));
    expect(mail.subject).toBe(`Document ${number}`);
    const file = `${number.replace(/\//g, "-")}.pdf`;
    expect(mail.raw).toContain(file);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    const files = (await w.api("GET", `/File/list?refResourceType=WmsDocument&refResourceId=${doc.id}`)).body;
    expect(files.map((f: { fileName: string }) => f.fileName)).toEqual([file]);
    // Only a record that prints, by e-mail.
    const bad = await w.api("POST", "/Message/send", {
      channel: "sms",
      body: "x",
      to: ["+48601234567"],
      refResourceType: "WmsDocument",
      refResourceId: doc.id,
      attachPrintout: true,
    });
    expect(bad.body.error.fields).toEqual({ attachPrintout: ["validation.invalidValue"] });
  });

  it("fills a template's dates in the one date and instant format, instants in the sender's time zone", async () => {
    const doc = await draft(w, {
      typeCode: "IIN",
      destinationLocationId: await location(w, "MSG-DATES"),
      plannedDate: "2031-04-20",
      deadline: "2031-04-22T23:30:00.000Z",
    }, [{ productId: await product(w, "MSG-DATED"), quantity: 1 }]);
    const template = await w.api("POST", "/EmailTemplate", {
      name: "Dated",
      code: "DATED",
      language: "de-de",
      subject: "Lieferung am {{document.plannedDate}}",
      body: "<p>Spätestens {{document.deadline}}, also am {{document.deadline:date}}.</p>",
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const send = (to: string, timeZone?: string) =>
      w.s.app.request("/api/Message/send", {
        method: "POST",
        headers: {
          authorization: `Bearer ${w.admin}`,
          "content-type": "application/json",
          "accept-language": "de-DE",
        },
        body: JSON.stringify({
          channel: "email",
          templateId: template.body.id,
          to: [to],
          refResourceType: "WmsDocument",
          refResourceId: doc.id,
          ...(timeZone ? { timeZone } : {}),
        }),
      });
    expect((await send("berlin@example.com", "Europe/Berlin")).status).toBe(202);
    expect((await send("utc@example.com")).status).toBe(202);
    const berlin = await smtp.waitFor((m) => m.envelopeTo.includes("berlin@example.com"));
    expect(berlin.subject).toBe("Lieferung am 20.04.2031");
    // 23:30 UTC is half past one the next morning in Berlin in summer.
    expect(berlin.html).toContain("<p>Spätestens 23.04.2031, 01:30, also am 23.04.2031.</p>");
    const utc = await smtp.waitFor((m) => m.envelopeTo.includes("utc@example.com"));
    expect(utc.html).toContain("<p>Spätestens 22.04.2031, 23:30, also am 22.04.2031.</p>");
    // A time zone Intl does not know is a field error.
    const bad = await send("nowhere@example.com", "Mars/Olympus_Mons");
    expect([bad.status, (await bad.json()).error.fields]).toEqual([400, {
      timeZone: ["validation.invalidValue"],
    }]);
  });

  it("mails an attachment of a record", async () => {
    const tea = await product(w, "MSG-FILE");
    const form = new FormData();
    form.append("file", new File(["delivery note, Żółć"], "note.txt", { type: "text/plain" }));
    const up = await fetch(`${w.s.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${tea}`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.admin}` },
      body: form,
    });
    const file = await up.json();
    expect(up.status, JSON.stringify(file)).toBe(201);
    const sent = await w.api("POST", `/File/send-by-email/${file.id}`, {
      subject: "Note for {{product.index}}",
      body: "Attached.",
      to: ["files@example.com"],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("files@example.com"));
    expect(mail.subject).toBe("Note for MSG-FILE");
    expect(mail.raw).toMatch(/filename="?note\.txt/);
  });

  it("mails an attachment by GET as the spec's client calls it: to a person, by a template, renamed or as a PDF", async () => {
    const jam = await product(w, "MSG-GET");
    const other = await product(w, "MSG-OTHER");
    const upload = async (name: string, bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("file", new File([bytes], name));
      const up = await fetch(`${w.s.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${jam}`, {
        method: "POST",
        headers: { authorization: `Bearer ${w.admin}` },
        body: form,
      });
      expect(up.status).toBe(201);
      return (await up.json()).id as number;
    };
    const note = await upload("note.txt", new TextEncoder().encode("pallet note"));
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Stock").addRow(["Index", "Quantity"]);
    book.getWorksheet("Stock")!.addRow(["MSG-GET", 7]);
    const sheet = await upload("stock.xlsx", new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer));
    const template = (await w.api("POST", "/EmailTemplate", {
      code: "FILE SENT",
      name: "File sent",
      language: "en-us",
      subject: "Files of {{product.index}}",
      body: "Here it is.",
    })).body.id;
    const person = (await w.api("POST", "/Person", {
      firstName: "Greta",
      lastName: "Getter",
      email: "greta@example.com",
    })).body.id;
    const nobody = (await w.api("POST", "/Person", { firstName: "No", lastName: "Mail" })).body.id;
    /** The mail's attachments, parsed from what came over the wire. */
    const attachments = async (mail: { raw: string }) =>
      (await PostalMime.parse(mail.raw)).attachments.map((a) => ({
        name: a.filename,
        type: a.mimeType,
        bytes: new Uint8Array(a.content as ArrayBuffer),
      }));

    // Renamed, filled with another product's values (overrideResourceId), to the person's address.
    const sent = await w.api(
      "GET",
      `/File/send-by-email/${note}?templateId=${template}&personId=${person}&fileName=Pallet%20note.txt&overrideResourceId=${other}`,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.recipients).toBe(1);
    const mail = await smtp.waitFor((m) => m.subject === "Files of MSG-OTHER");
    expect(mail.envelopeTo).toEqual(["greta@example.com"]);
    const [renamed] = await attachments(mail);
    expect([renamed.name, new TextDecoder().decode(renamed.bytes)]).toEqual([
      "Pallet note.txt",
      "pallet note",
    ]);

    // A workbook as the PDF of its first sheet, kept among the product's attachments; no template: the
    // attachment's name is the subject.
    const pdf = await w.api("GET", `/File/send-by-email/${sheet}?personId=${person}&convertXlsxToPdf=true`);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(202);
    const pdfMail = await smtp.waitFor((m) => m.subject === "stock.pdf");
    expect(pdfMail.text).toContain("Please find stock.pdf attached.");
    const [converted] = await attachments(pdfMail);
    expect([converted.name, converted.type]).toEqual(["stock.pdf", "application/pdf"]);
    expect(new TextDecoder().decode(converted.bytes.subarray(0, 5))).toBe("%PDF-");
    const files = (await w.api("GET", `/File/list?refResourceType=Product&refResourceId=${jam}`)).body;
    expect(files.map((f: { fileName: string }) => f.fileName).sort()).toEqual([
      "note.txt",
      "stock.pdf",
      "stock.xlsx",
    ]);

    // Refused as the field says, sending nothing: a person without an address, none named, a text as a PDF.
    const before = (await w.api("GET", "/Message?PageSize=1")).body.allFilteredRowCount;
    const noAddress = await w.api("GET", `/File/send-by-email/${note}?personId=${nobody}`);
    expect([noAddress.status, noAddress.body.error.fields]).toEqual([400, {
      personId: ["validation.personHasNoEmail"],
    }]);
    const noPerson = await w.api("GET", `/File/send-by-email/${note}`);
    expect(noPerson.body.error.fields).toEqual({ personId: ["validation.required"] });
    const notBook = await w.api(
      "GET",
      `/File/send-by-email/${note}?personId=${person}&convertXlsxToPdf=true`,
    );
    expect([notBook.status, notBook.body.error.code]).toEqual([415, "file.typeNotAllowed"]);
    // A workbook whose message is refused (no such template) is not converted: no PDF is left behind.
    const noTemplate = await w.api(
      "GET",
      `/File/send-by-email/${sheet}?personId=${person}&convertXlsxToPdf=true&templateId=999999`,
    );
    expect([noTemplate.status, noTemplate.body.error.fields]).toEqual([400, {
      templateId: ["validation.invalidValue"],
    }]);
    expect((await w.api("GET", `/File/list?refResourceType=Product&refResourceId=${jam}`)).body.length)
      .toBe(files.length);
    expect((await w.api("GET", "/Message?PageSize=1")).body.allFilteredRowCount).toBe(before);
    // The same access as POST: staff only; another tenant's file is not there.
    const portal = await addStaffUser(w, "messaging-portal", {
      connectedContractorId: await company(w, "MSG FOODS"),
      contractorPortalEnabled: true,
    });
    const contractor = await w.api(
      "GET",
      `/File/send-by-email/${note}?personId=${person}`,
      undefined,
      portal,
    );
    expect(contractor.status).toBe(404);
    const stranger = await startStockWorld("messaging-other");
    try {
      expect((await stranger.api("GET", `/File/send-by-email/${note}?personId=1`)).status).toBe(404);
    } finally {
      stranger.s.close();
    }
  });

  it("sends SMS through the gateway, retrying what it could not take and failing what it refused", async () => {
    gatewayPlan.push(503);
    const sent = await w.api("POST", "/Message/send", {
      channel: "sms",
      body: "Zażółć gęślą jaźń: delivery at dock 3",
      to: ["+48 601 234 567"],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect([sent.body.smsSegments, sent.body.smsEncoding]).toEqual([1, "UCS-2"]);
    await expect.poll(async () => (await statusOf(sent.body.id)).status, { timeout: 10_000 }).toBe("sent");
    expect(texts.at(-1)).toEqual({
      to: "+48601234567",
      text: "Zażółć gęślą jaźń: delivery at dock 3",
      auth: "Bearer gw-secret",
    });
    const [recipient] = (await w.api("GET", `/Message/${sent.body.id}/recipients`)).body;
    expect(recipient).toMatchObject({ status: "sent", attempts: 2 });

    // 161 GSM-7 characters: two parts. The gateway refuses the number: failed at once, then tried again by hand.
    gatewayPlan.push(400);
    const long = await w.api("POST", "/Message/send", {
      channel: "sms",
      body: "x".repeat(161),
      to: ["+48601234568"],
    });
    expect([long.body.smsSegments, long.body.smsEncoding]).toEqual([2, "GSM-7"]);
    await expect.poll(async () => (await statusOf(long.body.id)).status, { timeout: 10_000 }).toBe("failed");
    expect((await statusOf(long.body.id)).lastError).toMatch(/400/);
    const retried = await w.api("POST", `/Message/${long.body.id}/retry`);
    expect(retried.body).toEqual({ retried: 1 });
    await expect.poll(async () => (await statusOf(long.body.id)).status, { timeout: 10_000 }).toBe("sent");
    // A gateway that stays down: given up after the configured retries, the reason kept.
    gatewayPlan.push(503, 503, 503);
    const down = await w.api("POST", "/Message/send", { channel: "sms", body: "ping", to: ["+48601234569"] });
    await expect.poll(async () => (await statusOf(down.body.id)).status, { timeout: 10_000 }).toBe("failed");
    const [gaveUp] = (await w.api("GET", `/Message/${down.body.id}/recipients`)).body;
    expect(gaveUp).toMatchObject({ status: "failed", attempts: 3 });
    expect(gaveUp.error).toMatch(/503/);
  });

  it("is staff's: a contractor user may not send, nor read the messages", async () => {
    const acme = await company(w, "MSG-CONTRACTOR");
    const { addUser, signIn } = await import("../fixtures/harness.ts");
    await addUser(w.s, w.admin, {
      username: "messaging-contractor",
      connectedContractorId: acme,
      contractorPortalEnabled: true,
    });
    const contractor = (await signIn(w.s, "messaging-contractor")).token;
    const r = await w.api(
      "POST",
      "/Message/send",
      { channel: "sms", body: "x", to: ["+48601234570"] },
      contractor,
    );
    expect(r.status).toBe(404);
    expect((await w.api("GET", "/Message", undefined, contractor)).status).toBe(403);
  });
});
