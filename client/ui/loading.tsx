// The one loading indicator of a screen or part waiting for its data (its own file: the shell's boot
// script takes it without react-aria's ProgressBar).
import * as css from "./progress.css.ts";

/**
 * Something is on its way (a screen's data, a part of the page): a moving bar and its words, in a status
 * region so a screen reader says it. The part it stands for carries aria-busy until its content is there.
 */
export function Loading(p: { text: string; testId?: string }) {
  return (
    <div role="status" className={css.loading} data-testid={p.testId ?? "loading"}>
      <span className={css.bar} aria-hidden="true">
        <span className={css.sweep} />
      </span>
      <span>{p.text}</span>
    </div>
  );
}
