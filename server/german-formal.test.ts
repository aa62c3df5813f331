// The site speaks to German players formally ("Sie", "Ihr"), everywhere: the UI catalog, the
// operator's content, the demo data the server seeds and the mails it sends. One informal "du" in
// an offer reads as a different, careless site; this scan keeps every German text in the register.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { passwordResetMail } from './domain/mail/templates'
import { DEMO_OFFERS } from './seed/payments'
import { SEED_CAMPAIGNS } from './seed/registration'

const ROOT = join(import.meta.dirname, '..')

// Pronouns of the informal address, any case ("Du" starts a sentence too). "ihr" alone is the
// informal plural; the formal "Ihr" is capitalised, so only the lower-case word counts.
const INFORMAL_PRONOUN = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures)\b/giu
const INFORMAL_PLURAL = /\bihr\b/gu
// Informal imperatives that open a sentence ("Öffne diesen Link"); the formal one is "Öffnen Sie".
// Verbs whose imperative is also a common noun ("Spiele", "Suche") are left out.
const IMPERATIVES = [
  'Öffne', 'Wähle', 'Gib', 'Klicke', 'Klick', 'Tippe', 'Ignoriere', 'Versuche', 'Versuch', 'Prüfe', 'Überprüfe', 'Geh', 'Gehe',
  'Melde', 'Sieh', 'Schau', 'Hol', 'Hole', 'Bestätige', 'Setze', 'Zahle', 'Nimm', 'Trage', 'Lege', 'Schließe', 'Kehre', 'Erstelle',
  'Kontaktiere', 'Logge', 'Aktiviere', 'Deaktiviere', 'Füge', 'Scanne', 'Bewahre', 'Speichere', 'Ändere', 'Warte', 'Fülle',
  'Sende', 'Verifiziere', 'Schütze', 'Nutze', 'Benutze', 'Mach', 'Mache', 'Starte', 'Lies', 'Wechsle', 'Registriere', 'Komm',
]
const INFORMAL_IMPERATIVE = new RegExp(`(?:^|[.!?:;]\\s+|[„"(]\\s*)(${IMPERATIVES.join('|')})(?![\\p{L}])(?!\\s+Sie\\b)`, 'gu')

/** The informal words in a German text, as found; empty when it addresses the reader formally. */
export function informalForms(text: string): string[] {
  return [...text.matchAll(INFORMAL_PRONOUN), ...text.matchAll(INFORMAL_PLURAL), ...text.matchAll(INFORMAL_IMPERATIVE)].map((m) => m[1] ?? m[0])
}

interface GermanText {
  where: string
  text: string
}

/** msgstr values of a .po catalog, continuation lines joined. */
function catalogTexts(path: string): GermanText[] {
  const lines = readFileSync(path, 'utf8').split('\n')
  const texts: GermanText[] = []
  let current: GermanText | null = null
  lines.forEach((line, index) => {
    const start = /^msgstr(?:\[\d+\])? "(.*)"$/.exec(line)
    if (start) {
      current = { where: `${path}:${index + 1}`, text: JSON.parse(`"${start[1]}"`) as string }
      texts.push(current)
    } else if (current && /^"(.*)"$/.test(line)) {
      current.text += JSON.parse(line) as string
    } else {
      current = null
    }
  })
  return texts
}

/** Every string in the files under `dir` (JSON values, or the whole file for anything else). */
function contentTexts(dir: string): GermanText[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return contentTexts(path)
    const raw = readFileSync(path, 'utf8')
    return path.endsWith('.json') ? strings(JSON.parse(raw), path) : [{ where: path, text: raw }]
  })
}

function strings(value: unknown, where: string): GermanText[] {
  if (typeof value === 'string') return [{ where, text: value }]
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${where}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${where}.${k}`))
  return []
}

/** The German entries of seed data, which keeps its texts per locale under a `de` key. */
function germanEntries(value: unknown, where: string): GermanText[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => germanEntries(v, `${where}[${i}]`))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => (k === 'de' && typeof v === 'string' ? [{ where: `${where}.de`, text: v }] : germanEntries(v, `${where}.${k}`)))
}

const mail = passwordResetMail('de', 'https://casino.test/#reset_token=abc', 30)
const SOURCES: Record<string, GermanText[]> = {
  'the UI catalog': catalogTexts(join(ROOT, 'locales/de/messages.po')),
  'the content files': contentTexts(join(ROOT, 'content/de')),
  'the seeded offers and campaigns': [...germanEntries(DEMO_OFFERS, 'DEMO_OFFERS'), ...germanEntries(SEED_CAMPAIGNS, 'SEED_CAMPAIGNS')],
  'the mails': [
    { where: 'password reset subject', text: mail.subject },
    { where: 'password reset text', text: mail.text },
  ],
}

describe('German addresses the player as "Sie"', () => {
  it('finds the informal forms it is meant to find, and passes formal German', () => {
    expect(informalForms('Wir verdoppeln deine erste Einzahlung.')).toEqual(['deine'])
    expect(informalForms('Du bist mit deinem Aktionscode beigetreten.')).toEqual(['Du', 'deinem'])
    expect(informalForms('Jemand (hoffentlich du) möchte es. Öffne diesen Link:')).toEqual(['du', 'Öffne'])
    expect(informalForms('Habt ihr Fragen?')).toEqual(['ihr'])
    expect(informalForms('Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt.')).toEqual([])
    expect(informalForms('Öffnen Sie diesen Link. Spiele und Suche. Ihre Guthaben bleiben in ihrer Wallet.')).toEqual([])
  })

  it.each(Object.keys(SOURCES))('in %s', (source) => {
    const texts = SOURCES[source]!
    expect(texts.length, 'the scan read something').toBeGreaterThan(0)
    const informal = texts.flatMap(({ where, text }) => {
      const found = informalForms(text)
      return found.length ? [`${where}: ${found.join(', ')} in "${text}"`] : []
    })
    expect(informal).toEqual([])
  })
})
