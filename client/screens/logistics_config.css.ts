// The logistics configuration's numbering table: a pattern is read whole.
import { style } from "@vanilla-extract/css";

export const patternCell = style({ minWidth: "22rem" });
