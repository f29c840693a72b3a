/*
 * A staff session's browser in words, from its User-Agent header: "Chrome on Android", "Safari on
 * iPhone". A few patterns in order, not a full parser (docs/decisions/0044): the owner needs to tell
 * the counter PC from a phone, not a browser's exact version. Order matters, since browsers name
 * the others they resemble: Edge and Opera say Chrome, Chrome says Safari.
 */

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // HeadlessChrome too: the word has no boundary before "Chrome" there.
  [/Chrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (userAgent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceSummary(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = firstMatch(userAgent, browsers);
  const system = firstMatch(userAgent, systems);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // A program rather than a browser ("curl/8.5.0"): its name.
  return /^([A-Za-z][\w.-]{0,40})\//.exec(userAgent)?.[1] ?? "Unknown device";
}
