/**
 * What a player recognises a signed-in device by, read from its User-Agent header: the browser and
 * the system, as the security page lists them. A header is whatever the client sent, so this only
 * names; nothing trusts it. Unknown or absent parts are null and the page says so.
 */
export interface DeviceName {
  readonly browser: string | null
  readonly os: string | null
  readonly mobile: boolean
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function deviceName(userAgent: string | null | undefined): DeviceName {
  const ua = (userAgent ?? '').slice(0, 512)
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null
  return { browser, os, mobile: /\bMobi|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(ua) }
}
