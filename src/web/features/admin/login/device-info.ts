/** What the browser says about itself, for the restricted-area panel of the login screen. */
export type DeviceInfo = {
  browser: string;
  os: string;
  device: string;
  screen: string;
  timezone: string;
};

type UserAgentData = { mobile?: boolean; platform?: string };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge'],
  [/(?:OPR|Opera)\/([\d]+)/, 'Opera'],
  [/SamsungBrowser\/([\d]+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/([\d]+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/([\d]+)/, 'Chrome'],
  [/Version\/([\d]+).*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function parseBrowser(ua: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return 'Unknown';
}

export function parseOs(ua: string, platform?: string): string {
  for (const [pattern, name] of SYSTEMS) if (pattern.test(ua)) return name;
  return platform || 'Unknown';
}

export function parseDevice(ua: string, mobile?: boolean): string {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'Tablet';
  if (mobile || /Mobi|iPhone|iPod|Android/.test(ua)) return 'Mobile';
  return 'Desktop';
}

export function readDeviceInfo(): DeviceInfo {
  const ua = navigator.userAgent;
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  return {
    browser: parseBrowser(ua),
    os: parseOs(ua, data?.platform),
    device: parseDevice(ua, data?.mobile),
    screen: `${window.screen.width} x ${window.screen.height}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'Unknown',
  };
}
