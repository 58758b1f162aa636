// Confirming a document and what stops it: each validation issue is shown at its position (errors in
// red, warnings in amber, each also named in words), issues of the whole document above the positions,
// and when only warnings remain, a button that confirms again accepting them. A 406 number collision and
// other failures are toasts; the user can confirm again.
import { useState } from "react";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import { Button } from "../../ui/controls.tsx";
import { confirmDocument, type Issue, type WmsDocument } from "./document.ts";
import * as css from "./documents.css.ts";

export function IssueList(p: { t: Translator; issues: Issue[]; testId?: string }) {
  if (!p.issues.length) return null;
  return (
    <ul className={css.issues} data-testid={p.testId}>
      {p.issues.map((i, n) => (
        <li key={n} className={css.issue[i.severity]} data-severity={i.severity} data-code={i.code}>
          <strong>{p.t.t(i.severity === "error" ? "documents.error" : "documents.warning")}:</strong>{" "}
          {i.message ?? i.code}
        </li>
      ))}
    </ul>
  );
}

export function issuesAt(issues: Issue[] | null, positionId: number | null): Issue[] {
  return (issues ?? []).filter((i) => i.positionId === positionId);
}

export function useConfirmFlow(
  id: number | null,
  onConfirmed: (doc: WmsDocument) => void,
  /** Runs before each try (an editor saves what was typed first); false stops. */
  before?: () => Promise<boolean>,
) {
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const verb = useVerb({ show: "toast" });
  async function run(acceptWarnings: boolean) {
    if (id === null || verb.busy) return;
    await verb.run(async () => {
      if (before && !(await before())) return;
      const result = await confirmDocument(id, acceptWarnings);
      if (result.kind === "issues") setIssues(result.issues);
      else {
        setIssues(null);
        onConfirmed(result.document);
      }
    });
  }
  const onlyWarnings = !!issues?.length && issues.every((i) => i.severity === "warning");
  return { issues, busy: verb.busy, run, onlyWarnings, clear: () => setIssues(null) };
}

/** The issues of the whole document and, when only warnings are left, the button that accepts them. */
export function IssueSummary(
  p: { t: Translator; flow: ReturnType<typeof useConfirmFlow> },
) {
  const { issues, onlyWarnings } = p.flow;
  if (!issues?.length) return null;
  const own = issuesAt(issues, null);
  return (
    <div
      className={css.issueBox[onlyWarnings ? "warning" : "error"]}
      role="alert"
      data-testid="document-issues"
    >
      <strong>{p.t.t("documents.issues")}</strong>
      <IssueList t={p.t} issues={own} />
      {onlyWarnings
        ? (
          <Button isDisabled={p.flow.busy} onPress={() => void p.flow.run(true)}>
            {p.t.t("documents.acceptWarnings")}
          </Button>
        )
        : null}
    </div>
  );
}
