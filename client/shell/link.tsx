import type { ReactNode } from "react";
import { navigate } from "./navigation.ts";

/** An ordinary link (it works without script) that navigates in place once the page is hydrated. */
export function Link(
  p: {
    to: string;
    children: ReactNode;
    className?: string;
    current?: boolean;
    /** data-* attributes (a test's handle, a state the page shows). */
    data?: Record<`data-${string}`, string>;
  },
) {
  return (
    <a
      {...p.data}
      href={p.to}
      className={p.className}
      aria-current={p.current ? "page" : undefined}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(p.to);
      }}
    >
      {p.children}
    </a>
  );
}
