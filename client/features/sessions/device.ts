// A sign-in's device as a person recognises it ("Firefox on Windows") from the browser's User-Agent. Plain
// substring checks in the order that tells look-alikes apart (Edge and Opera also say "Chrome", Chrome
// also says "Safari"); anything else shows its first product token (a script, an API client).
const BROWSERS: [string, string][] = [
  ["Edg/", "Edge"],
  ["OPR/", "Opera"],
  ["SamsungBrowser/", "Samsung Internet"],
  ["Firefox/", "Firefox"],
  ["FxiOS/", "Firefox"],
  ["CriOS/", "Chrome"],
  ["Chromium/", "Chromium"],
  ["Chrome/", "Chrome"],
  ["Safari/", "Safari"],
];

const SYSTEMS: [string, string][] = [
  ["Windows", "Windows"],
  ["Android", "Android"],
  ["iPhone", "iOS"],
  ["iPad", "iPadOS"],
  ["CrOS", "ChromeOS"],
  ["Mac OS X", "macOS"],
  ["Macintosh", "macOS"],
  ["Linux", "Linux"],
];

export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "";
  const browser = BROWSERS.find(([mark]) => userAgent.includes(mark))?.[1];
  const system = SYSTEMS.find(([mark]) => userAgent.includes(mark))?.[1];
  if (browser && system) return `${browser}, ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return userAgent.split(" ")[0].slice(0, 60);
}
