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

/**
 * Writes `out` (Y4M, 4:2:0, 10 frames a second) showing a PNG picture in colour (BT.601 to the video
 * range): a face for the face sign-in's camera, where the barcodes' grey picture would do less well.
 */
export function y4mFromPng(png: Uint8Array, out: string, frames = 10): void {
  const img = (PNG as unknown as { sync: { read(b: Uint8Array): Png } }).sync.read(Buffer.from(png));
  const W = img.width & ~1;
  const H = img.height & ~1;
  const y = new Uint8Array(W * H);
  const u = new Uint8Array((W / 2) * (H / 2));
  const v = new Uint8Array((W / 2) * (H / 2));
  const rgb = (row: number, col: number) => {
    const p = (row * img.width + col) * 4;
    return [img.data[p], img.data[p + 1], img.data[p + 2]];
  };
  for (let row = 0; row < H; row++) {
    for (let col = 0; col < W; col++) {
      const [r, g, b] = rgb(row, col);
      y[row * W + col] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  for (let row = 0; row < H; row += 2) {
    for (let col = 0; col < W; col += 2) {
      let r = 0, g = 0, b = 0;
      for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]]) {
        const [pr, pg, pb] = rgb(row + dr, col + dc);
        r += pr / 4;
        g += pg / 4;
        b += pb / 4;
      }
      const at = (row / 2) * (W / 2) + col / 2;
      u[at] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      v[at] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  writeFileSync(out, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
