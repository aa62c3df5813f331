// SPEC §5 IBAN: a per-country length and structure table plus the ISO 13616 mod-97 check.
// Structures are the BBAN formats of the SWIFT IBAN registry ("4a6n8n": 4 letters, 6 digits,
// 8 alphanumerics); the length of the whole IBAN follows from them, so the table cannot disagree
// with itself. Pure: the server checks withdrawal requisites with the same table.

export interface IbanCountry {
  /** The BBAN, in registry notation: n digit, a capital letter, c capital letter or digit. */
  readonly bban: string
  /** Member of the Single Euro Payments Area. */
  readonly sepa: boolean
  /**
   * The registry country whose format this code's IBANs follow: territories the SWIFT registry
   * lists under another country (GF under FR, AX under FI) carry their own code with the parent's
   * BBAN. Absent for a country of its own.
   */
  readonly partOf?: string
}

const sepa = (bban: string): IbanCountry => ({ bban, sepa: true })
const other = (bban: string): IbanCountry => ({ bban, sepa: false })

/** Every country of the SWIFT IBAN registry, and the territories it lists under another country. */
const REGISTRY: Readonly<Record<string, IbanCountry>> = Object.freeze({
  // SEPA: the EU and EEA ...
  AT: sepa('5n11n'),
  BE: sepa('3n7n2n'),
  BG: sepa('4a6n8c'),
  HR: sepa('7n10n'),
  CY: sepa('3n5n16c'),
  CZ: sepa('4n6n10n'),
  DK: sepa('4n9n1n'),
  EE: sepa('2n2n11n1n'),
  FI: sepa('3n11n'),
  FR: sepa('5n5n11c2n'),
  DE: sepa('8n10n'),
  GR: sepa('3n4n16c'),
  HU: sepa('3n4n1n15n1n'),
  IE: sepa('4a6n8n'),
  IT: sepa('1a5n5n12c'),
  LV: sepa('4a13c'),
  LT: sepa('5n11n'),
  LU: sepa('3n13c'),
  MT: sepa('4a5n18c'),
  NL: sepa('4a10n'),
  PL: sepa('8n16n'),
  PT: sepa('4n4n11n2n'),
  RO: sepa('4a16c'),
  SK: sepa('4n6n10n'),
  SI: sepa('5n8n2n'),
  ES: sepa('4n4n1n1n10n'),
  SE: sepa('3n16n1n'),
  IS: sepa('4n2n6n10n'),
  LI: sepa('5n12c'),
  NO: sepa('4n6n1n'),
  // ... and the rest of the scheme.
  CH: sepa('5n12c'),
  GB: sepa('4a6n8n'),
  GI: sepa('4a15c'),
  MC: sepa('5n5n11c2n'),
  SM: sepa('1a5n5n12c'),
  VA: sepa('3n15n'),
  AD: sepa('4n4n12c'),
  // Outside SEPA.
  AE: other('3n16n'),
  AL: other('8n16c'),
  AZ: other('4a20c'),
  BA: other('3n3n8n2n'),
  BH: other('4a14c'),
  BR: other('8n5n10n1a1c'),
  BY: other('4c4n16c'),
  CR: other('4n14n'),
  DO: other('4c20n'),
  EG: other('4n4n17n'),
  FO: other('4n9n1n'),
  GE: other('2a16n'),
  GL: other('4n9n1n'),
  GT: other('4c20c'),
  IL: other('3n3n13n'),
  IQ: other('4a3n12n'),
  JO: other('4a4n18c'),
  KW: other('4a22c'),
  KZ: other('3n13c'),
  LB: other('4n20c'),
  LC: other('4a24c'),
  LY: other('3n3n15n'),
  MD: other('2c18c'),
  ME: other('3n13n2n'),
  MK: other('3n10c2n'),
  MR: other('5n5n11n2n'),
  MU: other('4a2n2n12n3n3a'),
  PK: other('4a16c'),
  PS: other('4a21c'),
  QA: other('4a21c'),
  RS: other('3n13n2n'),
  SA: other('2n18c'),
  SC: other('4a2n2n16n3a'),
  ST: other('4n4n11n2n'),
  SV: other('4a20n'),
  TL: other('3n14n2n'),
  TN: other('2n3n13n2n'),
  TR: other('5n1n16c'),
  UA: other('6n19c'),
  VG: other('4a16n'),
  XK: other('4n10n2n'),
  BI: other('5n5n11n2n'),
  DJ: other('5n5n11n2n'),
  FK: other('2a12n'),
  HN: other('4a20n'),
  MN: other('4n12n'),
  NI: other('4a20n'),
  OM: other('3n16c'),
  RU: other('9n5n15c'),
  SD: other('2n12n'),
  SO: other('4n3n12n'),
  YE: other('4a4n18c'),
})

/**
 * Territories the registry lists under another country ("includes" in its entry), each with
 * whether it is in SEPA. Their IBANs may carry the territory's own code, in the parent's format.
 */
const TERRITORIES: Readonly<Record<string, { partOf: string; sepa: boolean }>> = Object.freeze({
  // France: the overseas departments and Saint Barthelemy, Saint Martin and Saint Pierre are in
  // SEPA; the Pacific territories (CFP franc) and the Southern Territories are not.
  GF: { partOf: 'FR', sepa: true },
  GP: { partOf: 'FR', sepa: true },
  MQ: { partOf: 'FR', sepa: true },
  RE: { partOf: 'FR', sepa: true },
  YT: { partOf: 'FR', sepa: true },
  BL: { partOf: 'FR', sepa: true },
  MF: { partOf: 'FR', sepa: true },
  PM: { partOf: 'FR', sepa: true },
  PF: { partOf: 'FR', sepa: false },
  TF: { partOf: 'FR', sepa: false },
  NC: { partOf: 'FR', sepa: false },
  WF: { partOf: 'FR', sepa: false },
  // Finland: the Aland Islands.
  AX: { partOf: 'FI', sepa: true },
  // United Kingdom: the Crown Dependencies.
  IM: { partOf: 'GB', sepa: true },
  JE: { partOf: 'GB', sepa: true },
  GG: { partOf: 'GB', sepa: true },
})

/** The registry's countries and their territories, each code with the format its IBANs have. */
export const IBAN_COUNTRIES: Readonly<Record<string, IbanCountry>> = Object.freeze({
  ...REGISTRY,
  ...Object.fromEntries(
    Object.entries(TERRITORIES).map(([code, t]) => [code, { bban: REGISTRY[t.partOf]!.bban, sepa: t.sepa, partOf: t.partOf } satisfies IbanCountry]),
  ),
})

const CLASS: Readonly<Record<string, string>> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' }

/** The parts of a BBAN structure: "4a6n" -> [[4, 'a'], [6, 'n']]. */
export function bbanParts(structure: string): Array<[count: number, kind: 'n' | 'a' | 'c']> {
  return Array.from(structure.matchAll(/(\d+)([nac])/g), (m) => [Number(m[1]), m[2] as 'n' | 'a' | 'c'])
}

/** Full IBAN length for a country: 2 letters, 2 check digits and the BBAN. */
export function ibanLength(country: IbanCountry): number {
  return 4 + bbanParts(country.bban).reduce((sum, [count]) => sum + count, 0)
}

const bbanPatterns = new Map<string, RegExp>()
function bbanPattern(structure: string): RegExp {
  let re = bbanPatterns.get(structure)
  if (!re) {
    re = new RegExp(`^${bbanParts(structure).map(([count, kind]) => `${CLASS[kind]}{${count}}`).join('')}$`)
    bbanPatterns.set(structure, re)
  }
  return re
}

/** The electronic form: spaces and hyphens gone, upper case ("de89 3704..." -> "DE893704..."). */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/**
 * ISO 7064 MOD 97-10 remainder of an IBAN-alphabet string (digits and A-Z, A = 10 ... Z = 35),
 * folded a character at a time so no number grows past 97 * 100.
 */
export function mod97(text: string): number {
  let remainder = 0
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + (code - 48)) % 97
    else if (code >= 65 && code <= 90) remainder = (remainder * 100 + (code - 55)) % 97
    else return Number.NaN
  }
  return remainder
}

/** Check digits for a country and BBAN: what makes the rearranged IBAN leave remainder 1. */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  return String(98 - mod97(`${bban}${countryCode}00`)).padStart(2, '0')
}

/**
 * True when `value` (any spacing or case) is an IBAN of a country in the table, of that country's
 * length and structure, whose mod-97 remainder is 1.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value)
  const match = /^([A-Z]{2})(\d{2})([A-Z0-9]+)$/.exec(iban)
  if (!match) return false
  const [, countryCode, , bban] = match as unknown as [string, string, string, string]
  const country = Object.hasOwn(IBAN_COUNTRIES, countryCode) ? IBAN_COUNTRIES[countryCode] : undefined
  if (!country || iban.length !== ibanLength(country) || !bbanPattern(country.bban).test(bban)) return false
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1
}
