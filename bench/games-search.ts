// `npm run bench:search`: the catalogue's search (server/domain/games/catalogue.ts listGames) over
// a generated catalogue of 5,000 titles in four locales, in a throwaway database only (a temp PGlite
// dir; on PostgreSQL a schema of its own, dropped after). ~500 varied searches, most with a typo,
// some of 1-2 characters, some for a provider; prints p50, p95, p99 in ms. Target: p95 < 20 ms.
// BENCH_KEEP=1 skips PGlite and keeps the PostgreSQL schema, to read plans with EXPLAIN.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { LOCALES, type Locale } from '../src/shared/locales'
import { openDatabase } from '../server/db/database'
import { migrateToLatest } from '../server/db/migrate'
import type { DB } from '../server/db/schema'
import { catalogueView, listGames, searchForm, searchTerms, searchText } from '../server/domain/games/catalogue'
import { makeTestConfig } from '../server/test/config'
import { quantile } from './lib/stats'

const GAMES = 5_000
const SEARCHES = 500
const PROVIDERS = [
  { sysname: 'northlight', name: 'Northlight Studio' },
  { sysname: 'redfox', name: 'Red Fox Games' },
  { sysname: 'tidewater', name: 'Tidewater Interactive' },
]

// Word lists, one meaning per index in every locale, so a title reads as a translation.
const ADJECTIVES: Record<Locale, string[]> = {
  en: ['Golden', 'Frozen', 'Lucky', 'Wild', 'Silent', 'Burning', 'Hidden', 'Royal', 'Ancient', 'Crystal', 'Midnight', 'Stormy', 'Jade', 'Crimson', 'Silver', 'Electric'],
  es: ['Dorado', 'Helado', 'Afortunado', 'Salvaje', 'Silencioso', 'Ardiente', 'Oculto', 'Real', 'Antiguo', 'Cristalino', 'Nocturno', 'Tormentoso', 'Jade', 'Carmesí', 'Plateado', 'Eléctrico'],
  pt: ['Dourado', 'Gelado', 'Sortudo', 'Selvagem', 'Silencioso', 'Ardente', 'Escondido', 'Real', 'Antigo', 'Cristalino', 'Noturno', 'Tempestuoso', 'Jade', 'Carmim', 'Prateado', 'Elétrico'],
  de: ['Goldener', 'Gefrorener', 'Glücklicher', 'Wilder', 'Stiller', 'Brennender', 'Verborgener', 'Königlicher', 'Uralter', 'Kristallener', 'Mitternächtlicher', 'Stürmischer', 'Jade', 'Purpurner', 'Silberner', 'Elektrischer'],
}
const NOUNS: Record<Locale, string[]> = {
  en: ['Dragon', 'Harbour', 'Lantern', 'Tiger', 'Temple', 'Comet', 'Orchard', 'Fortress', 'Pharaoh', 'Mermaid', 'Volcano', 'Compass', 'Phoenix', 'Glacier', 'Carnival', 'Rocket', 'Wolf', 'Garden', 'Treasure', 'Pyramid'],
  es: ['Dragón', 'Puerto', 'Farol', 'Tigre', 'Templo', 'Cometa', 'Huerto', 'Fortaleza', 'Faraón', 'Sirena', 'Volcán', 'Brújula', 'Fénix', 'Glaciar', 'Carnaval', 'Cohete', 'Lobo', 'Jardín', 'Tesoro', 'Pirámide'],
  pt: ['Dragão', 'Porto', 'Lanterna', 'Tigre', 'Templo', 'Cometa', 'Pomar', 'Fortaleza', 'Faraó', 'Sereia', 'Vulcão', 'Bússola', 'Fênix', 'Geleira', 'Carnaval', 'Foguete', 'Lobo', 'Jardim', 'Tesouro', 'Pirâmide'],
  de: ['Drache', 'Hafen', 'Laterne', 'Tiger', 'Tempel', 'Komet', 'Obstgarten', 'Festung', 'Pharao', 'Meerjungfrau', 'Vulkan', 'Kompass', 'Phönix', 'Gletscher', 'Karneval', 'Rakete', 'Wolf', 'Garten', 'Schatz', 'Pyramide'],
}
const SUFFIXES = ['', ' Deluxe', ' Megaways', ' Rising', ' Returns', ' 2', ' Hold and Win', ' Quest', ' Riches', ' Blitz', ' Fortune', ' Legends', ' Dash']
const TYPES = ['slot', 'casino', 'fast', 'logical', 'high_low'] as const

/** A seeded generator, so every run searches the same catalogue the same way. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let x = Math.imul(s ^ (s >>> 15), 1 | s)
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x)
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

function titleOf(i: number, locale: Locale): string {
  const a = i % ADJECTIVES.en.length
  const n = Math.floor(i / ADJECTIVES.en.length) % NOUNS.en.length
  const s = Math.floor(i / (ADJECTIVES.en.length * NOUNS.en.length)) % SUFFIXES.length
  return `${ADJECTIVES[locale][a]} ${NOUNS[locale][n]}${SUFFIXES[s]}${i >= ADJECTIVES.en.length * NOUNS.en.length * SUFFIXES.length ? ` ${i}` : ''}`
}

async function fill(db: Kysely<DB>): Promise<void> {
  await db.insertInto('game_providers').values(PROVIDERS.map((p, i) => ({ sysname: p.sysname, name: p.name, descriptions: '{}', position: i, search: searchForm(`${p.name} ${p.sysname}`) }))).execute()
  const rnd = random(7)
  for (let start = 0; start < GAMES; start += 500) {
    const ids = Array.from({ length: Math.min(500, GAMES - start) }, (_, k) => start + k)
    const games = ids.map((i) => {
      const provider = PROVIDERS[i % 3]!
      return {
        sysname: `bench-${i}`,
        provider: provider.sysname,
        type: TYPES[i % TYPES.length]!,
        kind: 'dice',
        released: `2025-${String(1 + (i % 12)).padStart(2, '0')}-15`,
        fullscreen: 'product',
        demo: true,
        priority: i,
        plays_30d: Math.floor(rnd() * 10_000),
        plays_7d: Math.floor(rnd() * 2_000),
        rtp: (95 + rnd() * 4).toFixed(2),
        rtp_max: null,
        volatility: 'medium',
        search: searchText(
          LOCALES.map((l) => titleOf(i, l)),
          provider.name,
          provider.sysname,
        ),
      }
    })
    await db.insertInto('games').values(games).execute()
    await db
      .insertInto('game_texts')
      .values(ids.flatMap((i) => LOCALES.map((locale) => ({ sysname: `bench-${i}`, locale, title: titleOf(i, locale), description: '' }))))
      .execute()
    await db
      .insertInto('game_search_terms')
      .values(ids.flatMap((i) => searchTerms(LOCALES.map((l) => titleOf(i, l))).map((term) => ({ sysname: `bench-${i}`, term }))))
      .execute()
  }
  await sql`analyze`.execute(db)
}

/** One letter dropped, doubled, swapped with the next, or replaced. */
function typo(text: string, rnd: () => number): string {
  const at = 1 + Math.floor(rnd() * Math.max(1, text.length - 2))
  switch (Math.floor(rnd() * 4)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1)
    case 1:
      return text.slice(0, at) + text[at] + text.slice(at)
    case 2:
      return text.slice(0, at) + (text[at + 1] ?? '') + text[at] + text.slice(at + 2)
    default:
      return text.slice(0, at) + 'x' + text.slice(at + 1)
  }
}

type Search = { query: string; locale: Locale; kind: 'short' | 'provider' | 'word' | 'typo' }

function queries(): Search[] {
  const rnd = random(42)
  return Array.from({ length: SEARCHES }, (_, k) => {
    const locale = LOCALES[k % LOCALES.length]!
    const i = Math.floor(rnd() * GAMES)
    const kind = k % 10
    if (kind === 0) return { query: titleOf(i, locale).slice(0, 1 + (k % 2)), locale, kind: 'short' }
    if (kind === 1) return { query: typo(PROVIDERS[k % 3]!.name, rnd), locale, kind: 'provider' }
    if (kind === 2) return { query: titleOf(i, locale).split(' ')[1]!, locale, kind: 'word' }
    return { query: typo(titleOf(i, locale), rnd).slice(0, 100), locale, kind: 'typo' }
  })
}

async function measure(label: string, db: Kysely<DB>): Promise<void> {
  const started = performance.now()
  await fill(db)
  const filled = performance.now() - started
  const view = await catalogueView(db, new Date())
  const list = queries()
  // Warm-up: plans and caches, as a running server has them.
  for (const q of list.slice(0, 20)) await listGames(db, { locale: q.locale, offset: 0, count: 24, query: q.query, playerId: null }, view)
  const times: number[] = []
  const byKind = new Map<string, number[]>()
  let empty = 0
  for (const q of list) {
    const t0 = performance.now()
    const { total } = await listGames(db, { locale: q.locale, offset: 0, count: 24, query: q.query, playerId: null }, view)
    const took = performance.now() - t0
    times.push(took)
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), took])
    if (total === 0) empty++
  }
  times.sort((a, b) => a - b)
  const ms = (v: number | null) => (v === null ? '-' : v.toFixed(1))
  const kinds = [...byKind].map(([kind, xs]) => `${kind} p95 ${ms(quantile(xs.sort((a, b) => a - b), 0.95))}`).join(', ')
  console.log(
    `${label.padEnd(10)} ${GAMES} games (filled in ${(filled / 1000).toFixed(1)} s), ${times.length} searches: p50 ${ms(quantile(times, 0.5))} ms, p95 ${ms(quantile(times, 0.95))} ms, p99 ${ms(quantile(times, 0.99))} ms; ${empty} found nothing (${kinds})`,
  )
}

async function onPglite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-bench-search-'))
  const database = await openDatabase(makeTestConfig({ dataDir }))
  try {
    await migrateToLatest(database.db)
    await measure('PGlite', database.db)
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function onPostgres(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await probe.connect()
  } catch {
    console.log(`PostgreSQL not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: skipped`)
    return
  } finally {
    await probe.end().catch(() => {})
  }
  const schema = `bench_search_${process.pid}`
  const database = await openDatabase(makeTestConfig({ databaseUrl: url, databaseSchema: schema }))
  try {
    await migrateToLatest(database.db)
    await measure('PostgreSQL', database.db)
  } finally {
    if (!process.env.BENCH_KEEP) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => {})
    await database.close()
  }
}

if (!process.env.BENCH_KEEP) await onPglite()
await onPostgres(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
