// A browser script of de-de: every other area's texts, loaded with the signed-in frame or a screen's code
// (shared/i18n/catalogues_browser.ts). The build gives the bundle its plain value.
import { textsOfPart } from "../texts.ts";

export const texts = textsOfPart("de-de", "rest");
