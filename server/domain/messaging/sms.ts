// How many SMS parts a text takes (issue 18, messaging): GSM-7 (160 characters, 153 a part when split; the
// extension table's characters count twice) or, as soon as one character is not in it (Polish letters),
// UCS-2 (70, 67 a part; characters outside the basic plane count twice). Twilio's calculator does the
// counting (sms-segments-calculator); the message list shows the figure and the sender's bill follows it.
import { lazy } from "../../kernel/lazy.ts";

const calculator = lazy(() => import("sms-segments-calculator"));

export interface SmsSize {
  encoding: "GSM-7" | "UCS-2";
  segments: number;
  characters: number;
}

/** The text's size as an SMS; the calculator is loaded with the thread's first SMS. */
export async function smsSize(text: string): Promise<SmsSize> {
  const { SegmentedMessage } = await calculator();
  const m = new SegmentedMessage(text);
  return {
    encoding: m.encodingName === "GSM-7" ? "GSM-7" : "UCS-2",
    segments: m.segmentsCount,
    characters: m.numberOfCharacters,
  };
}
