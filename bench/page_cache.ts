// Evicts one file's pages from the OS page cache without root: fdatasync, then
// posix_fadvise(POSIX_FADV_DONTNEED) through libc (Deno FFI). Linux only; elsewhere it reports false.
const O_RDONLY = 0;
const POSIX_FADV_DONTNEED = 4;

type Libc = Deno.DynamicLibrary<{
  open: { parameters: ["buffer", "i32"]; result: "i32" };
  close: { parameters: ["i32"]; result: "i32" };
  fdatasync: { parameters: ["i32"]; result: "i32" };
  posix_fadvise: { parameters: ["i32", "i64", "i64", "i32"]; result: "i32" };
}>;

let libc: Libc | null | undefined;

function load(): Libc | null {
  if (libc !== undefined) return libc;
  if (Deno.build.os !== "linux") return (libc = null);
  try {
    libc = Deno.dlopen("libc.so.6", {
      open: { parameters: ["buffer", "i32"], result: "i32" },
      close: { parameters: ["i32"], result: "i32" },
      fdatasync: { parameters: ["i32"], result: "i32" },
      posix_fadvise: { parameters: ["i32", "i64", "i64", "i32"], result: "i32" },
    });
  } catch {
    libc = null;
  }
  return libc;
}

/** True when the kernel accepted the advice for `path` (its clean pages are then dropped). */
export function dropFromPageCache(path: string): boolean {
  const lib = load();
  if (!lib) return false;
  const fd = lib.symbols.open(new TextEncoder().encode(path + "\0"), O_RDONLY);
  if (fd < 0) return false;
  try {
    lib.symbols.fdatasync(fd);
    return lib.symbols.posix_fadvise(fd, 0n, 0n, POSIX_FADV_DONTNEED) === 0;
  } finally {
    lib.symbols.close(fd);
  }
}

/** Bytes of `path` resident in the page cache, from util-linux `fincore`, or null without it. */
export function residentBytes(path: string): number | null {
  try {
    const out = new Deno.Command("fincore", {
      args: ["--bytes", "--noheadings", "--output", "RES", path],
      stderr: "null",
    }).outputSync();
    if (!out.success) return null;
    const n = Number(new TextDecoder().decode(out.stdout).trim());
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}
