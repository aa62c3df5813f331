import { describe, expect, it } from 'vitest'
import { canonicalTimeZone, timeZonePlace } from './time-zone'

describe('the device time zone', () => {
  it('takes an IANA zone the runtime knows, and nothing else', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin')
    // The canonical spelling of an alias.
    expect(canonicalTimeZone('Asia/Calcutta')).toBe(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Calcutta' }).resolvedOptions().timeZone)
    for (const bad of ['Mars/Olympus_Mons', '<b>x</b>', '', 'E'.repeat(65), ['Europe/Berlin'], 42, null]) expect(canonicalTimeZone(bad), String(bad)).toBeNull()
  })

  it('names the place of a zone, and none for UTC', () => {
    expect(timeZonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires')
    expect(timeZonePlace('Europe/Berlin')).toBe('Berlin')
    expect(timeZonePlace('UTC')).toBeNull()
    expect(timeZonePlace('Etc/GMT+3')).toBeNull()
  })
})
