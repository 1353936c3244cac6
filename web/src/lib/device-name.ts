/** A User-Agent as people name their devices: "Chrome on Android", "Safari on iPhone"; "Unknown device" when there is none. */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const browser = first(userAgent, [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser/, 'Samsung Internet'],
    [/Firefox\/|FxiOS/, 'Firefox'],
    [/Chrome\/|CriOS|Chromium/, 'Chrome'],
    [/Safari\//, 'Safari'],
  ]);
  const system = first(userAgent, [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ]);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

const first = (text: string, names: [RegExp, string][]) => names.find(([pattern]) => pattern.test(text))?.[1];
