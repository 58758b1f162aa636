// Administration → Users: the generic list and dialogs over the User resource; an administrator's dialog of
// another user offers to remove that user's second factors (a lost phone).
import { useAtomValue } from "jotai";
import { userMeta } from "../../shared/resources/generated/user.ts";
import { useT } from "../i18n/use_t.ts";
import { startupAtom } from "../state.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import * as shell from "../shell/shell.css.ts";
import { ResetSecondFactor } from "../features/second_factor/reset.tsx";

export function UsersScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  return (
    <section>
      <h1 className={shell.title}>{t.t("route.users")}</h1>
      <ResourceList
        meta={userMeta}
        route="users"
        title={t.t("route.users")}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={startup ? startup.user.isSuperUser : null}
        // An administrator removes another user's lost second factors (their own: on their own screen).
        dialogExtra={(record) =>
          startup?.user.isSuperUser && record.id !== startup.user.id
            ? <ResetSecondFactor userId={Number(record.id)} />
            : null}
      />
    </section>
  );
}
