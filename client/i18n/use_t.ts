import { useMemo } from "react";
import { useAtomValue } from "jotai";
import { langAtom } from "../state.ts";
import { type Translator, translator } from "../../shared/i18n/mod.ts";

export function useT(): Translator {
  const lang = useAtomValue(langAtom);
  return useMemo(() => translator(lang), [lang]);
}
