// The colours of the numbered statuses (shared/config/statuses.ts: 112, 122, 132 a document's status,
// 141–149 an order's process status), as text on its own surface, in the light and the dark theme. Plain
// data: the themes (theme.css.ts) make tokens of it, and a test checks every pair's contrast
// (status_palette.test.ts).
import type { StatusNumber } from "../../shared/config/statuses.ts";

export interface StatusColours {
  text: string;
  surface: string;
}

export type StatusPalette = Record<StatusNumber, StatusColours>;

/**
 * Amber waiting (a working copy, an order waiting), blue under way, teal done but unconfirmed, green
 * confirmed or done, solid green closed fully, red reverted or closed by hand, grey pending or put away,
 * violet unknown.
 */
export const lightStatusPalette: StatusPalette = {
  112: { text: "#7a4b00", surface: "#fff4d6" },
  122: { text: "#146c2e", surface: "#e6f4ea" },
  132: { text: "#a4161a", surface: "#fde8e8" },
  141: { text: "#4d5b69", surface: "#eef1f4" },
  142: { text: "#7a4b00", surface: "#fff4d6" },
  143: { text: "#0b5cad", surface: "#e3eefb" },
  144: { text: "#00666e", surface: "#dcf3f4" },
  145: { text: "#146c2e", surface: "#e6f4ea" },
  146: { text: "#ffffff", surface: "#1e7b3a" },
  147: { text: "#a4161a", surface: "#fde8e8" },
  148: { text: "#555f69", surface: "#e4e8ec" },
  149: { text: "#6a3d9a", surface: "#f1e9fb" },
};

export const darkStatusPalette: StatusPalette = {
  112: { text: "#ffd27a", surface: "#3a2c0c" },
  122: { text: "#7ddc97", surface: "#12301c" },
  132: { text: "#ff8a8a", surface: "#3b1717" },
  141: { text: "#c3ccd6", surface: "#2a323c" },
  142: { text: "#ffd27a", surface: "#3a2c0c" },
  143: { text: "#8cc4ff", surface: "#13294a" },
  144: { text: "#6fe0e6", surface: "#0f3236" },
  145: { text: "#7ddc97", surface: "#12301c" },
  146: { text: "#0b2214", surface: "#7ddc97" },
  147: { text: "#ff8a8a", surface: "#3b1717" },
  148: { text: "#b4bec8", surface: "#262d35" },
  149: { text: "#d2b4ff", surface: "#2e1f45" },
};
