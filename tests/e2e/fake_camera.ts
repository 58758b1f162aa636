// A camera for Chromium made from a still photo: Chromium's fake capture device plays a Y4M file
// (--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>), so a photo of a barcode
// from ../shared/testdata becomes a video the terminal's camera reads, as a phone held over a label would.
import { readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";

interface Png {
  width: number;
  height: number;
  data: Uint8Array;
}
const readPng = (file: string) =>
  (PNG as unknown as { sync: { read(b: Uint8Array): Png } }).sync.read(readFileSync(file));

/**
 * Writes `out` (Y4M, 4:2:0, 10 frames a second, `frames` frames) showing the photo at its own size (cut to
 * even sides): the camera's picture. Nothing is added around it: ZXing's row scan is sensitive to a frame
 * that is mostly something else, as a phone held close to a label is not.
 */
export function y4mFromPhoto(photo: string, out: string, frames = 10): void {
  const png = readPng(photo);
  const W = png.width & ~1;
  const H = png.height & ~1;
  const y = new Uint8Array(W * H);
  for (let row = 0; row < H; row++) {
    for (let col = 0; col < W; col++) {
      const p = (row * png.width + col) * 4;
      const luma = 0.299 * png.data[p] + 0.587 * png.data[p + 1] + 0.114 * png.data[p + 2];
      // Full-range luma to the video range Y4M players expect.
      y[row * W + col] = Math.round(16 + (luma * 219) / 255);
    }
  }
  const chroma = new Uint8Array((W / 2) * (H / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  writeFileSync(out, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
