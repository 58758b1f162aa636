// Links to the screens that belong with this one (resources.ts relatedScreens), under its title: the
// printers, their sites and the print agents' jobs are three screens of one area.
import { useT } from "../i18n/use_t.ts";
import type { PlainKey } from "../features/list/meta.ts";
import { Link } from "../shell/link.tsx";
import * as ui from "../ui/ui.css.ts";
import { relatedScreens } from "./resources.ts";

export function RelatedScreens(p: { route: string }) {
  const t = useT();
  const routes = relatedScreens[p.route];
  if (!routes) return null;
  return (
    <nav aria-label={t.t("printAgent.related")} className={ui.linkRow} data-testid="related-screens">
      {routes.map((r) => (
        <Link key={r} to={`/${r}`} current={r === p.route}>{t.t(`route.${r}` as PlainKey)}</Link>
      ))}
    </nav>
  );
}
