// The terminal's barcode decoder (issue 15): ZXing (@zxing/library, the engine of @zxing/browser) told the
// symbologies a warehouse uses (EAN-13/8, UPC-A/E, Code 128 and GS1-128, ITF, DataMatrix, QR, GS1 DataBar
// Expanded), reading one frame at a time. The camera (camera.tsx) hands it the video through
// BrowserMultiFormatReader with these hints; the unit test and the bench hand it decoded photos of
// ../shared/testdata/barcodes, so what they measure is what the camera runs.
import * as zxingModule from "@zxing/library";
import type {
  BarcodeFormat as Format,
  DecodeHintType as HintType,
  MultiFormatReader as Reader,
  Result,
} from "@zxing/library";

// The library is CommonJS: bundlers and vitest give its names directly, Deno (the bench) under `default`.
const zxing: typeof zxingModule = "BarcodeFormat" in zxingModule
  ? zxingModule
  : Reflect.get(zxingModule, "default") as typeof zxingModule;
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} = zxing;
type BarcodeFormat = Format;
type DecodeHintType = HintType;
type MultiFormatReader = Reader;

export const SCAN_FORMATS: BarcodeFormat[] = [
  BarcodeFormat.EAN_13,
  BarcodeFormat.EAN_8,
  BarcodeFormat.UPC_A,
  BarcodeFormat.UPC_E,
  BarcodeFormat.CODE_128,
  BarcodeFormat.ITF,
  BarcodeFormat.DATA_MATRIX,
  BarcodeFormat.QR_CODE,
  BarcodeFormat.RSS_EXPANDED,
];

/** The decoder's hints: the formats above, and trying harder (a frame is small; a missed scan costs more). */
export function scanHints(): Map<DecodeHintType, unknown> {
  return new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, SCAN_FORMATS],
    [DecodeHintType.TRY_HARDER, true],
  ]);
}

/**
 * What a scanner gun would type for a decoded barcode: GS1 symbols (GS1-128, GS1 DataMatrix, DataBar
 * Expanded) as their element string with the `]C1`/`]d2`/`]e0` symbology identifier and FNC1 as the GS
 * character, so that the terminal and the server read them as GS1; anything else as its text.
 */
export function scannedText(result: Result): string {
  const text = result.getText();
  const format = result.getBarcodeFormat();
  if (format === BarcodeFormat.RSS_EXPANDED) return text.startsWith("(") ? text : `]e0${text}`;
  // ZXing keeps FNC1 in GS1 symbols as the GS character; a symbol that starts with an AI 01/02 GTIN is GS1.
  const gs1 = text.includes("\x1d") || /^0[0-2]\d{14}/.test(text) && text.length > 16;
  if (!gs1) return text;
  if (format === BarcodeFormat.CODE_128) return `]C1${text}`;
  if (format === BarcodeFormat.DATA_MATRIX) return `]d2${text}`;
  return text;
}

/** One frame of RGBA pixels (a canvas's ImageData, a decoded photo): the barcode it shows, or null. */
export function decodeFrame(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  reader: MultiFormatReader = frameReader(),
): Result | null {
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < luminance.length; i++, p += 4) {
    // ITU-R BT.601 luma, as ZXing's own canvas source computes it.
    luminance[i] = (rgba[p] * 306 + rgba[p + 1] * 601 + rgba[p + 2] * 117) >> 10;
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  try {
    return reader.decode(bitmap);
  } catch {
    return null; // nothing readable in this frame (ZXing's NotFound, Checksum and Format exceptions)
  } finally {
    reader.reset();
  }
}

/** A reader with the terminal's hints, to reuse across frames. */
export function frameReader(): MultiFormatReader {
  const reader = new MultiFormatReader();
  reader.setHints(scanHints());
  return reader;
}

/** Symbols with strong error correction (2D codes, DataBar): one frame is enough. */
const SELF_CHECKING = new Set<BarcodeFormat>([
  BarcodeFormat.QR_CODE,
  BarcodeFormat.DATA_MATRIX,
  BarcodeFormat.RSS_EXPANDED,
]);

/**
 * A camera read is taken only when consecutive frames agree on a linear code: a pattern (a carpet, a
 * grille) can fool one frame into a short code such as an EAN-8 (a check digit is one chance in ten), but
 * seldom two frames seen a hand's tremor apart; a QR code, DataMatrix or DataBar symbol carries its own
 * error correction and is taken from one frame. Fed each frame's read (null: nothing), it answers the text
 * once it is confirmed, and not again until the camera has seen something else (the same label held in
 * view is one scan).
 */
export class FrameConfirmer {
  #last: string | null = null;
  #run = 0;
  #taken: string | null = null;

  constructor(readonly needed = 2) {}

  offer(read: { text: string; format: BarcodeFormat } | null): string | null {
    // A frame without a read (motion blur) does not end the run, nor allow the same label again.
    if (read === null) return null;
    const { text } = read;
    this.#run = text === this.#last ? this.#run + 1 : 1;
    this.#last = text;
    if (text !== this.#taken) this.#taken = null;
    const needed = SELF_CHECKING.has(read.format) ? 1 : this.needed;
    if (this.#run >= needed && this.#taken === null) {
      this.#taken = text;
      return text;
    }
    return null;
  }

  /** The operator asks for the same label again (a second carton of the same product). */
  reset(): void {
    this.#last = null;
    this.#run = 0;
    this.#taken = null;
  }
}
