// The device's time zone, which the browser sends with its API calls so the security page can say
// where a signed-in device is ("Berlin time zone") without a geolocation database.

/** The request header carrying the IANA time zone of the page ('Europe/Berlin'). */
export const TIME_ZONE_HEADER = 'x-time-zone'

/** A well-formed IANA zone name the runtime knows, in its canonical spelling; null otherwise. */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** The place a zone names: its last part, 'America/Argentina/Buenos_Aires' -> 'Buenos Aires'; null for 'UTC' and the like. */
export function timeZonePlace(zone: string): string | null {
  if (!zone.includes('/') || zone.startsWith('Etc/')) return null
  return zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')
}
