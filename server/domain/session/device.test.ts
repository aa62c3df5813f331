import { describe, expect, it } from 'vitest'
import { deviceName } from './device'

describe('the device a session is named by', () => {
  it('names the common browsers and systems, phones as mobile', () => {
    const cases: [string, ReturnType<typeof deviceName>][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', { browser: 'Chrome', os: 'Windows', mobile: false }],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', { browser: 'Edge', os: 'Windows', mobile: false }],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', { browser: 'Safari', os: 'macOS', mobile: false }],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', { browser: 'Safari', os: 'iOS', mobile: true }],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', { browser: 'Chrome', os: 'Android', mobile: true }],
      ['Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', { browser: 'Samsung Internet', os: 'Android', mobile: true }],
      ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', { browser: 'Firefox', os: 'Linux', mobile: false }],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', { browser: 'Opera', os: 'Linux', mobile: false }],
    ]
    for (const [ua, named] of cases) expect(deviceName(ua), ua).toEqual(named)
  })

  it('says nothing it cannot read: no header, a tool, or junk', () => {
    expect(deviceName(null)).toEqual({ browser: null, os: null, mobile: false })
    expect(deviceName('curl/8.4.0')).toEqual({ browser: null, os: null, mobile: false })
    expect(deviceName('\u0000<script>'.repeat(1000))).toEqual({ browser: null, os: null, mobile: false })
  })
})
