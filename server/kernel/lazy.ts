// What a thread makes only when first asked for it: a large library (exceljs, jsdom, nodemailer …) that most
// threads never need and that would otherwise be paid for at every thread's start, or what one builds.

/**
 * `load` run at the first call and its promise kept for every call after; one that failed is run again at
 * the next call (a file that was not there yet, a library that failed to load).
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    loading ??= load().catch((err) => {
      loading = undefined;
      throw err;
    });
}
