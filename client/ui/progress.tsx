// A long job's progress as a bar with its text (an import's rows, a shop's products): react-aria's
// ProgressBar, so a screen reader hears the value; indeterminate while the total is not known.
import { ProgressBar } from "react-aria-components/ProgressBar";
import * as css from "./progress.css.ts";

export function ProgressLine(p: {
  /** What is in progress, for a screen reader. */
  label: string;
  value: number;
  /** Null while the total is not known. */
  max: number | null;
  text: string;
  testId?: string;
}) {
  return (
    <ProgressBar
      className={css.progress}
      value={p.value}
      maxValue={Math.max(1, p.max ?? 1)}
      isIndeterminate={p.max === null}
      aria-label={p.label}
    >
      {({ percentage }) => (
        <>
          <span data-testid={p.testId}>{p.text}</span>
          <span className={css.bar}>
            <span className={css.fill} style={{ width: `${percentage ?? 0}%` }} />
          </span>
        </>
      )}
    </ProgressBar>
  );
}
