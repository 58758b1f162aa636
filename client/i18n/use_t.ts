import { useMemo } from "react";
import { useAtomValue } from "jotai";
import { langAtom } from "../state.ts";
import { type Translator, translator } from "./mod.ts";

export function useT(): Translator {
  const lang = useAtomValue(langAtom);
  return useMemo(() => translator(lang), [lang]);
}
