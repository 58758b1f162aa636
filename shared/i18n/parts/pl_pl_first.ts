// A browser script of pl-pl: the texts of the areas marked `first` in shared/areas.ts (the sign-in, the title page, errors, banners)
// (shared/i18n/catalogues_browser.ts). The build gives the bundle its plain value.
import { textsOfPart } from "../texts.ts";

export const texts = textsOfPart("pl-pl", "first");
