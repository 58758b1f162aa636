// SMS parts against Twilio's own vectors (../shared/testdata/contact/twilio-sms-segments): the encoding and
// the number of parts of every body, and what Polish letters do to a message.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { smsSize } from "./sms.ts";

const vectors = JSON.parse(
  readFileSync("/work/shared/testdata/contact/twilio-sms-segments/sms_segment_vectors.json", "utf8"),
) as { testDescription: string; body: string; encoding: string; segments: number; characters: number }[];

describe("SMS parts", () => {
  it("are counted as Twilio's vectors say, for every body there", async () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
    for (const v of vectors) {
      const size = await smsSize(v.body);
      expect([size.encoding, size.segments], v.testDescription).toEqual([v.encoding, v.segments]);
    }
  });

  it("turn to UCS-2 with one Polish letter: 160 plain characters are one part, with a 'ł' three", async () => {
    const plain = "Dostawa na jutro potwierdzona. ".repeat(6).slice(0, 160);
    expect(await smsSize(plain)).toEqual({ encoding: "GSM-7", segments: 1, characters: 160 });
    const polish = "ł" + plain.slice(1);
    expect(await smsSize(polish)).toMatchObject({ encoding: "UCS-2", segments: 3 });
    // The GSM extension's characters (€, [, ]) take two places: 80 euro signs fill one part.
    expect((await smsSize("€".repeat(80))).segments).toBe(1);
    expect((await smsSize("€".repeat(81))).segments).toBe(2);
  });
});
