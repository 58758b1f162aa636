// Pages of a list, fetched as the user scrolls: 50-row pages are read only when a visible row needs
// them, kept while the query stays the same, and dropped when it changes. A reload (after a save or a
// real-time event) re-reads the visible pages while the old rows stay on screen, so nothing flickers.
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../api.ts";
import { listQueryString, type Sort, type WireFilter } from "./filters.ts";
import type { Row } from "./meta.ts";

export const PAGE_SIZE = 50;

interface Page<T> {
  results: T[];
  allFilteredRowCount: number;
}

interface State<T> {
  total: number | null;
  pages: Map<number, T[]>;
  /** The previous read of each page, shown until the new one arrives. */
  stale: Map<number, T[]>;
  error: unknown;
}

export interface ListData<T> {
  total: number | null;
  error: unknown;
  /** The row at an index, or undefined while its page is loading. */
  rowAt(index: number): T | undefined;
  /** The rows whose pages are loaded. */
  loadedRows(): T[];
  /** Asks for the pages that hold rows first..last. */
  ensure(first: number, last: number): void;
  reload(): void;
}

export function useListData<T extends Row>(
  /** The list's API path, with the endpoint's own query parameters if any (`/X?includeZero=true`). */
  path: string,
  sort: Sort,
  filters: readonly WireFilter[],
  pageSize = PAGE_SIZE,
): ListData<T> {
  const queryKey = JSON.stringify([path, sort, filters, pageSize]);
  const [state, setState] = useState<State<T>>({
    total: null,
    pages: new Map(),
    stale: new Map(),
    error: null,
  });
  const generation = useRef(0);
  const inFlight = useRef(new Set<number>());
  const loaded = useRef(new Set<number>());
  const range = useRef<[number, number]>([0, pageSize - 1]);
  const query = useRef({ path, sort, filters, pageSize });
  query.current = { path, sort, filters, pageSize };

  const fetchPage = useCallback((page: number) => {
    if (inFlight.current.has(page) || loaded.current.has(page)) return;
    inFlight.current.add(page);
    const gen = generation.current;
    const q = query.current;
    const qs = listQueryString({ page, pageSize: q.pageSize, sort: q.sort, filters: q.filters });
    api<Page<T>>("GET", `${q.path}${q.path.includes("?") ? "&" : "?"}${qs}`).then((res) => {
      if (gen !== generation.current) return;
      inFlight.current.delete(page);
      loaded.current.add(page);
      setState((s) => {
        const pages = new Map(s.pages);
        pages.set(page, res.results);
        const stale = new Map(s.stale);
        stale.delete(page);
        return { ...s, pages, stale, total: res.allFilteredRowCount, error: null };
      });
    }, (error) => {
      if (gen !== generation.current) return;
      inFlight.current.delete(page);
      setState((s) => ({ ...s, error, total: s.total ?? 0 }));
    });
  }, []);

  const pagesOf = useCallback((first: number, last: number) => {
    const out: number[] = [];
    const size = query.current.pageSize;
    for (let p = Math.floor(first / size) + 1; p <= Math.floor(Math.max(first, last) / size) + 1; p++) {
      out.push(p);
    }
    return out;
  }, []);

  const ensure = useCallback((first: number, last: number) => {
    range.current = [first, last];
    for (const p of pagesOf(first, last)) fetchPage(p);
  }, [fetchPage, pagesOf]);

  const restart = useCallback((keepStale: boolean) => {
    generation.current++;
    inFlight.current = new Set();
    loaded.current = new Set();
    setState((s) => ({
      total: keepStale ? s.total : null,
      pages: new Map(),
      stale: keepStale ? new Map([...s.stale, ...s.pages]) : new Map(),
      error: null,
    }));
    const [first, last] = keepStale ? range.current : [0, query.current.pageSize - 1];
    for (const p of pagesOf(first, last)) fetchPage(p);
  }, [fetchPage, pagesOf]);

  // A new sort or filter: a new list from the top.
  useEffect(() => {
    restart(false);
  }, [queryKey, restart]);

  const reload = useCallback(() => restart(true), [restart]);

  return {
    total: state.total,
    error: state.error,
    rowAt(index) {
      const page = Math.floor(index / pageSize) + 1;
      const offset = index % pageSize;
      return (state.pages.get(page) ?? state.stale.get(page))?.[offset];
    },
    loadedRows() {
      return [...state.pages.values()].flat();
    },
    ensure,
    reload,
  };
}
