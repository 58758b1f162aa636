// Messages that only grow (a record's discussion, a freight ticket's conversation): those after the last
// one shown are added, each once, whether they come from a read or from the user's own post.
import { type RefObject, useCallback, useRef, useState } from "react";

export function useAppending<T extends { id: number }>(): {
  items: T[];
  /** The id of the last message shown (0: none yet), for reading those after it. */
  last: RefObject<number>;
  add: (more: T[]) => void;
  reset: () => void;
} {
  const [items, setItems] = useState<T[]>([]);
  const last = useRef(0);
  const add = useCallback((more: T[]) => {
    const fresh = more.filter((m) => m.id > last.current);
    if (fresh.length === 0) return;
    last.current = fresh[fresh.length - 1].id;
    setItems((old) => [...old, ...fresh]);
  }, []);
  const reset = useCallback(() => {
    last.current = 0;
    setItems([]);
  }, []);
  return { items, last, add, reset };
}
