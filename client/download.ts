// Hands a file the page holds (a Blob fetched with the user's token) to the browser as a download.
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  // The browser has read it by then; a large file is not kept for the page's life.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
