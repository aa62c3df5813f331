// The games catalogue (docs/games.md#the-catalogue): the tables mirrored from the studio's code,
// the hall's reads (search, filters, orders, categories, providers) and players' likes. Tags are
// worked out when read, from the release day and the play counts the popularity job keeps.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { STUDIO_TITLES, STUDIOS, titleType, type Studio } from '../../../src/shared/games/catalogue'
import type { CatalogueGameType, FullscreenOption, GameOption, GameSort, GameTag, SortOrder } from '../../../src/services/api/contract/game-catalogue'
import { CATALOGUE_ERROR_CODE } from '../../../src/services/api/contract/game-catalogue'
import { LOCALES, type Locale } from '../../../src/shared/locales'
import type { DB } from '../../db/schema'
import { CATEGORIES, fullscreenOf, PROVIDER_DESCRIPTIONS, priorityOf } from './catalogue-data'

export type CatalogueErrorCode = (typeof CATALOGUE_ERROR_CODE)[keyof typeof CATALOGUE_ERROR_CODE]

/** A catalogue request the caller cannot have: the field it names and why. */
export class CatalogueError extends Error {
  override name = 'CatalogueError'
  constructor(
    readonly code: CatalogueErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/** Days a title counts as new after its release. */
export const NEW_DAYS = 30
/** How many titles carry `hot` (by plays in 7 days) and `popular` (by plays in 30 days). */
export const HOT_COUNT = 5
export const POPULAR_COUNT = 10
/** Trigrams need 3 characters: shorter queries match a substring instead. */
export const TRIGRAM_MIN_LENGTH = 3
/**
 * The least word similarity a search match needs. At 0.6 (pg_trgm's default) one swapped pair
 * of letters in a short word is lost ('lantrens' scores 0.44 against 'aurora lanterns'); at 0.3
 * unrelated titles sharing a syllable crept in. Measured on the studio's titles in four locales
 * (catalogue test, bench/games-search.ts).
 */
export const WORD_SIMILARITY_MIN = 0.4

/** Lowercase, accents dropped, anything but letters and digits one space: the form both the search column and queries take. */
export function searchForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The text a title is found by: its titles in every locale, its provider's name and sysname. */
export function searchText(titles: readonly string[], providerName: string, provider: string): string {
  const words = [...new Set([...titles, providerName, provider].map(searchForm))]
  return words.join(' | ')
}

/** A title's search terms: each locale's title in search form, once. */
export function searchTerms(titles: readonly string[]): string[] {
  return [...new Set(titles.map(searchForm))].filter((t) => t !== '')
}

const day = (d: Date) => d.toISOString().slice(0, 10)
const percent = (share: number) => (Math.floor(share * 10_000 + 1e-9) / 100).toFixed(2)

/**
 * Writes the studio's titles, providers and categories from the code into the tables and deletes
 * the rows of titles the code no longer has, so the catalogue never lists a game that does not
 * play. Run at every start (server/seed/seed.ts), several instances at once included.
 */
export async function syncCatalogue(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('casino:catalogue-sync'))`.execute(trx)
    const studios = Object.keys(STUDIOS) as Studio[]
    await trx
      .insertInto('game_providers')
      .values(studios.map((s, i) => ({ sysname: s, name: STUDIOS[s].name, descriptions: JSON.stringify(PROVIDER_DESCRIPTIONS[s]), position: i, search: searchForm(`${STUDIOS[s].name} ${s}`) })))
      .onConflict((oc) =>
        oc.column('sysname').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), descriptions: eb.ref('excluded.descriptions'), position: eb.ref('excluded.position'), search: eb.ref('excluded.search') })),
      )
      .execute()

    const rows = STUDIO_TITLES.map((t) => {
      const type = titleType(t)
      return {
        sysname: t.sysname,
        provider: t.studio,
        type,
        kind: t.kind,
        released: t.released,
        fullscreen: fullscreenOf(t, type),
        demo: t.demo,
        priority: priorityOf(t),
        rtp: percent(t.figures.rtp),
        rtp_max: t.figures.rtpMax === undefined ? null : percent(t.figures.rtpMax),
        volatility: t.figures.volatility,
        search: searchText(
          LOCALES.map((l) => t.text[l].title),
          STUDIOS[t.studio].name,
          t.studio,
        ),
      }
    })
    await trx
      .insertInto('games')
      .values(rows)
      .onConflict((oc) =>
        oc.column('sysname').doUpdateSet((eb) => ({
          provider: eb.ref('excluded.provider'),
          type: eb.ref('excluded.type'),
          kind: eb.ref('excluded.kind'),
          released: eb.ref('excluded.released'),
          fullscreen: eb.ref('excluded.fullscreen'),
          demo: eb.ref('excluded.demo'),
          priority: eb.ref('excluded.priority'),
          rtp: eb.ref('excluded.rtp'),
          rtp_max: eb.ref('excluded.rtp_max'),
          volatility: eb.ref('excluded.volatility'),
          search: eb.ref('excluded.search'),
        })),
      )
      .execute()
    const sysnames = STUDIO_TITLES.map((t) => t.sysname)
    // Likes, texts and category picks of a removed title go with it (on delete cascade).
    await trx.deleteFrom('games').where('sysname', 'not in', sysnames).execute()
    await trx.deleteFrom('game_providers').where('sysname', 'not in', studios).execute()
    await trx
      .insertInto('game_texts')
      .values(STUDIO_TITLES.flatMap((t) => LOCALES.map((locale) => ({ sysname: t.sysname, locale, title: t.text[locale].title, description: t.text[locale].description }))))
      .onConflict((oc) => oc.columns(['sysname', 'locale']).doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), description: eb.ref('excluded.description') })))
      .execute()
    await trx.deleteFrom('game_search_terms').execute()
    await trx
      .insertInto('game_search_terms')
      .values(STUDIO_TITLES.flatMap((t) => searchTerms(LOCALES.map((l) => t.text[l].title)).map((term) => ({ sysname: t.sysname, term }))))
      .execute()

    await trx
      .insertInto('game_categories')
      .values(
        CATEGORIES.map((c, position) => ({
          sysname: c.sysname,
          position,
          rule: c.rule.kind,
          rule_types: c.rule.kind === 'type' ? sql<string[]>`${sql.val([...c.rule.types])}::text[]` : null,
          rule_tag: c.rule.kind === 'tag' ? c.rule.tag : null,
        })),
      )
      .onConflict((oc) =>
        oc.column('sysname').doUpdateSet((eb) => ({ position: eb.ref('excluded.position'), rule: eb.ref('excluded.rule'), rule_types: eb.ref('excluded.rule_types'), rule_tag: eb.ref('excluded.rule_tag') })),
      )
      .execute()
    await trx.deleteFrom('game_categories').where('sysname', 'not in', CATEGORIES.map((c) => c.sysname)).execute()
    await trx
      .insertInto('category_texts')
      .values(CATEGORIES.flatMap((c) => LOCALES.map((locale) => ({ category: c.sysname, locale, name: c.names[locale] }))))
      .onConflict((oc) => oc.columns(['category', 'locale']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
      .execute()
    await trx.deleteFrom('game_category_members').execute()
    const members = CATEGORIES.flatMap((c) => (c.rule.kind === 'manual' ? c.rule.games.filter((g) => sysnames.includes(g)).map((sysname, position) => ({ category: c.sysname, sysname, position })) : []))
    if (members.length) await trx.insertInto('game_category_members').values(members).execute()
  })
}

/**
 * Recounts every game's settled rounds (all modes) of the last 30 and 7 days in one statement,
 * touching only rows whose counts changed. The popularity job runs it; a round's own transaction
 * never writes a games row (no shared hot row in a money transaction).
 */
export async function refreshPopularity(db: Kysely<DB>, now: Date): Promise<number> {
  const since30 = new Date(now.getTime() - 30 * 86_400_000)
  const since7 = new Date(now.getTime() - 7 * 86_400_000)
  const result = await sql`
    update games g set plays_30d = c.n30, plays_7d = c.n7
    from (
      select g2.sysname,
        count(r.id)::int as n30,
        (count(r.id) filter (where r.settled_at >= ${since7}))::int as n7
      from games g2
      left join game_rounds r on r.game = g2.sysname and r.status = 'settled' and r.settled_at >= ${since30} and r.settled_at <= ${now}
      group by g2.sysname
    ) c
    where c.sysname = g.sysname and (g.plays_30d <> c.n30 or g.plays_7d <> c.n7)`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

export interface CategoryRule {
  sysname: string
  position: number
  rule: 'type' | 'tag' | 'manual'
  types: readonly string[]
  tag: GameTag | null
  members: ReadonlySet<string>
}

/** What every read of one request shares: the tags' sets and the categories' rules. */
export interface CatalogueView {
  now: Date
  /** Released on or after this day (yyyy-mm-dd) is new. */
  newSince: string
  hot: ReadonlySet<string>
  popular: ReadonlySet<string>
  categories: readonly CategoryRule[]
}

export async function catalogueView(db: Kysely<DB>, now: Date): Promise<CatalogueView> {
  const [hot, popular, categories, members] = await Promise.all([
    db.selectFrom('games').select('sysname').where('plays_7d', '>', 0).orderBy('plays_7d', 'desc').orderBy('priority').orderBy('sysname').limit(HOT_COUNT).execute(),
    db.selectFrom('games').select('sysname').where('plays_30d', '>', 0).orderBy('plays_30d', 'desc').orderBy('priority').orderBy('sysname').limit(POPULAR_COUNT).execute(),
    db.selectFrom('game_categories').selectAll().orderBy('position').orderBy('sysname').execute(),
    db.selectFrom('game_category_members').select(['category', 'sysname']).orderBy('position').execute(),
  ])
  return {
    now,
    newSince: day(new Date(now.getTime() - NEW_DAYS * 86_400_000)),
    hot: new Set(hot.map((r) => r.sysname)),
    popular: new Set(popular.map((r) => r.sysname)),
    categories: categories.map((c) => ({
      sysname: c.sysname,
      position: c.position,
      rule: c.rule,
      types: c.rule_types ?? [],
      tag: (c.rule_tag as GameTag | null) ?? null,
      members: new Set(members.filter((m) => m.category === c.sysname).map((m) => m.sysname)),
    })),
  }
}

interface TagFacts {
  sysname: string
  released: string
}

export function tagsOf(game: TagFacts, view: CatalogueView): GameTag[] {
  const tags: GameTag[] = []
  if (game.released >= view.newSince && game.released <= day(view.now)) tags.push('new')
  if (view.hot.has(game.sysname)) tags.push('hot')
  if (view.popular.has(game.sysname)) tags.push('popular')
  // jackpot: the studio has no jackpots yet.
  return tags
}

export function inCategory(game: TagFacts & { type: string }, category: CategoryRule, view: CatalogueView): boolean {
  if (category.rule === 'type') return category.types.includes(game.type)
  if (category.rule === 'manual') return category.members.has(game.sysname)
  return category.tag !== null && tagsOf(game, view).includes(category.tag)
}

export function categoriesOf(game: TagFacts & { type: string }, view: CatalogueView): string[] {
  return view.categories.filter((c) => inCategory(game, c, view)).map((c) => c.sysname)
}

type GamesEb = ExpressionBuilder<DB & { g: DB['games'] }, 'g'>

function tagCondition(eb: GamesEb, tag: GameTag, view: CatalogueView): Expression<SqlBool> {
  const among = (set: ReadonlySet<string>) => (set.size ? eb('g.sysname', 'in', [...set]) : sql<SqlBool>`false`)
  switch (tag) {
    case 'new':
      return eb.and([eb(sql`g.released`, '>=', sql`${view.newSince}::date`), eb(sql`g.released`, '<=', sql`${day(view.now)}::date`)])
    case 'hot':
      return among(view.hot)
    case 'popular':
      return among(view.popular)
    case 'jackpot':
      return sql<SqlBool>`false`
  }
}

function categoryCondition(eb: GamesEb, category: CategoryRule, view: CatalogueView): Expression<SqlBool> {
  if (category.rule === 'type') return category.types.length ? eb('g.type', 'in', [...category.types]) : sql<SqlBool>`false`
  if (category.rule === 'manual') return category.members.size ? eb('g.sysname', 'in', [...category.members]) : sql<SqlBool>`false`
  return category.tag ? tagCondition(eb, category.tag, view) : sql<SqlBool>`false`
}

export interface GameQuery {
  locale: Locale
  offset: number
  count: number
  sort?: GameSort
  order?: SortOrder
  query?: string
  types?: readonly CatalogueGameType[]
  tags?: readonly GameTag[]
  providers?: readonly string[]
  options?: readonly GameOption[]
  sysname?: string
  category?: string
  /** The caller, for `options=favourites`; null for a visitor. */
  playerId: bigint | null
}

export interface GameRow {
  sysname: string
  provider: string
  providerName: string
  type: CatalogueGameType
  kind: string
  released: string
  fullscreen: FullscreenOption
  demo: boolean
  priority: number
  plays30d: number
  rtp: string
  rtpMax: string | null
  volatility: string
  title: string
  description: string
}

/** Default direction of each order: the operator's order and names ascending, the rest best or newest first. */
const DEFAULT_ORDER: Record<GameSort, SortOrder> = { priority: 'asc', popularity: 'desc', name: 'asc', released: 'desc', rtp: 'desc' }

/** LIKE's wildcards taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One page of the catalogue and how many games match in all. A query of 3 or more characters
 * matches by trigram word similarity over every locale's title and the provider's name, ranked by
 * the best similarity, ties by plays; a shorter one matches a substring, word starts first. Runs
 * in one transaction for the settings of the trigram look-up (`set_config(..., true)` is local to it).
 */
export async function listGames(db: Kysely<DB>, q: GameQuery, view: CatalogueView): Promise<{ rows: GameRow[]; total: number }> {
  if (q.options?.includes('favourites') && q.playerId === null) return { rows: [], total: 0 }
  const category = q.category === undefined ? undefined : view.categories.find((c) => c.sysname === q.category)
  if (q.category !== undefined && !category) throw new CatalogueError(CATALOGUE_ERROR_CODE.unknownCategory, 'category', `No category ${JSON.stringify(q.category)}`)
  const text = q.query === undefined ? '' : searchForm(q.query)
  // Punctuation alone is a search for nothing, not for everything.
  if (q.query !== undefined && q.query.trim() !== '' && text === '') return { rows: [], total: 0 }
  const trigram = text.length >= TRIGRAM_MIN_LENGTH

  return db.transaction().execute(async (trx) => {
    let titleHits: { sysname: string; score: number }[] = []
    let providerHits: { provider: string; score: number }[] = []
    if (trigram) {
      // The planner prices word_similarity as cheap and scans every term; the trigram index is ten
      // times quicker (docs/decisions/009-game-search-trigrams.md), so the look-up is steered to it.
      await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_MIN)}, true), set_config('enable_seqscan', 'off', true)`.execute(trx)
      const titles = await sql<{ sysname: string; score: number }>`
        select sysname, max(word_similarity(${text}, term))::float8 as score from game_search_terms where ${text} <% term group by sysname`.execute(trx)
      await sql`select set_config('enable_seqscan', 'on', true)`.execute(trx)
      const providers = await sql<{ provider: string; score: number }>`
        select sysname as provider, word_similarity(${text}, search)::float8 as score from game_providers where ${text} <% search`.execute(trx)
      if (!titles.rows.length && !providers.rows.length) return { rows: [], total: 0 }
      titleHits = titles.rows
      providerHits = providers.rows
    }
    // Each hit once, with its best score: a title's, or its provider's name's.
    const hits = sql<{ sysname: string; score: number }>`(
      select g3.sysname, greatest(coalesce(x.score, 0), coalesce(y.score, 0))::float8 as score
      from games g3
      left join unnest(${titleHits.map((r) => r.sysname)}::text[], ${titleHits.map((r) => r.score)}::float8[]) as x(sysname, score) on x.sysname = g3.sysname
      left join unnest(${providerHits.map((r) => r.provider)}::text[], ${providerHits.map((r) => r.score)}::float8[]) as y(provider, score) on y.provider = g3.provider
      where x.sysname is not null or y.provider is not null
    )`.as('h')
    const score = text === '' ? sql<number>`0` : trigram ? sql<number>`h.score` : sql<number>`case when (' ' || g.search) like ${`% ${likeEscape(text)}%`} then 1 else 0.5 end`
    const title = sql<string>`coalesce(t.title, e.title, g.sysname)`
    // The page's sysnames first (the texts joined only when they order it: PostgreSQL drops an
    // unused left join on a unique key), then the page's rows in full: joining every match's texts
    // before the limit cost most of a search's time.
    let qb = trx
      .selectFrom('games as g')
      .leftJoin('game_texts as t', (j) => j.onRef('t.sysname', '=', 'g.sysname').on('t.locale', '=', q.locale))
      .leftJoin('game_texts as e', (j) => j.onRef('e.sysname', '=', 'g.sysname').on('e.locale', '=', 'en'))
      .select(['g.sysname', sql<bigint>`count(*) over ()`.as('total')])
    if (trigram) {
      qb = qb.innerJoin(hits, 'h.sysname', 'g.sysname')
    } else if (text !== '') qb = qb.where(sql<SqlBool>`g.search like ${`%${likeEscape(text)}%`}`)
    if (q.sysname !== undefined) qb = qb.where('g.sysname', '=', q.sysname)
    if (q.types?.length) qb = qb.where('g.type', 'in', [...q.types])
    if (q.providers?.length) qb = qb.where('g.provider', 'in', [...q.providers])
    if (q.options?.includes('demo')) qb = qb.where('g.demo', '=', true)
    if (q.options?.includes('favourites')) {
      qb = qb.where('g.sysname', 'in', (eb) => eb.selectFrom('game_likes').select('sysname').where('user_id', '=', q.playerId!))
    }
    if (q.tags?.length) {
      const tags = q.tags
      qb = qb.where((eb) => eb.or(tags.map((tag) => tagCondition(eb as unknown as GamesEb, tag, view))))
    }
    if (category) qb = qb.where((eb) => categoryCondition(eb as unknown as GamesEb, category, view))

    const sort = q.sort ?? (text !== '' ? undefined : 'priority')
    if (sort === undefined) {
      qb = qb.orderBy(score, 'desc').orderBy('g.plays_30d', 'desc').orderBy('g.priority', 'asc')
    } else {
      const direction = q.order ?? DEFAULT_ORDER[sort]
      switch (sort) {
        case 'priority':
          qb = qb.orderBy('g.priority', direction)
          break
        case 'popularity':
          qb = qb.orderBy('g.plays_30d', direction).orderBy('g.priority', 'asc')
          break
        case 'name':
          qb = qb.orderBy(sql`lower(${title})`, direction)
          break
        case 'released':
          qb = qb.orderBy('g.released', direction).orderBy('g.priority', 'asc')
          break
        case 'rtp':
          qb = qb.orderBy('g.rtp', direction).orderBy('g.priority', 'asc')
          break
      }
    }
    const page = await qb.orderBy('g.sysname').offset(q.offset).limit(q.count).execute()
    let total = page.length ? Number(page[0]!.total) : 0
    if (!page.length && q.offset > 0) {
      // A page past the end: count without it.
      const counted = await qb.clearSelect().clearOrderBy().select(sql<bigint>`count(*)`.as('n')).offset(0).limit(1).executeTakeFirst()
      total = Number(counted?.n ?? 0n)
    }
    if (!page.length) return { rows: [], total }
    const full = await trx
      .selectFrom('games as g')
      .innerJoin('game_providers as p', 'p.sysname', 'g.provider')
      .leftJoin('game_texts as t', (j) => j.onRef('t.sysname', '=', 'g.sysname').on('t.locale', '=', q.locale))
      .leftJoin('game_texts as e', (j) => j.onRef('e.sysname', '=', 'g.sysname').on('e.locale', '=', 'en'))
      .select([
        'g.sysname',
        'g.provider',
        'p.name as providerName',
        'g.type',
        'g.kind',
        sql<string>`to_char(g.released, 'YYYY-MM-DD')`.as('released'),
        'g.fullscreen',
        'g.demo',
        'g.priority',
        'g.plays_30d as plays30d',
        sql<string>`g.rtp::text`.as('rtp'),
        sql<string | null>`g.rtp_max::text`.as('rtpMax'),
        'g.volatility',
        title.as('title'),
        sql<string>`coalesce(t.description, e.description, '')`.as('description'),
      ])
      .where(
        'g.sysname',
        'in',
        page.map((r) => r.sysname),
      )
      .execute()
    const bySysname = new Map(full.map((r) => [r.sysname, r]))
    const rows = page.flatMap((r) => {
      const row = bySysname.get(r.sysname)
      return row ? [{ ...row, type: row.type as CatalogueGameType, fullscreen: row.fullscreen as FullscreenOption }] : []
    })
    return { rows, total }
  })
}

export interface CategoryView {
  sysname: string
  name: string
  position: number
  games: number
  rule: { type?: CatalogueGameType; tag?: GameTag }
}

/** The hall's categories in order, named in `locale` (English where it has none), with their live counts. */
export async function listCategories(db: Kysely<DB>, locale: Locale, view: CatalogueView): Promise<CategoryView[]> {
  const [games, names] = await Promise.all([
    db.selectFrom('games').select(['sysname', 'type', sql<string>`to_char(released, 'YYYY-MM-DD')`.as('released')]).execute(),
    db.selectFrom('category_texts').select(['category', 'locale', 'name']).where('locale', 'in', [locale, 'en']).execute(),
  ])
  const nameOf = (c: string) => names.find((n) => n.category === c && n.locale === locale)?.name ?? names.find((n) => n.category === c && n.locale === 'en')?.name ?? c
  return view.categories.map((c, position) => ({
    sysname: c.sysname,
    name: nameOf(c.sysname),
    position,
    games: games.filter((g) => inCategory(g, c, view)).length,
    rule: c.rule === 'type' ? { type: c.types[0] as CatalogueGameType } : c.rule === 'tag' && c.tag ? { tag: c.tag } : {},
  }))
}

export interface ProviderView {
  sysname: string
  name: string
  description: string
  games: number
  types: CatalogueGameType[]
  demo: boolean
  fullscreen: FullscreenOption
}

/** The studios in order, with their games' count and types; `types` keeps those making any of them. */
export async function listProviders(db: Kysely<DB>, locale: Locale, types?: readonly string[]): Promise<ProviderView[]> {
  const rows = await db
    .selectFrom('game_providers as p')
    .leftJoin('games as g', 'g.provider', 'p.sysname')
    .select([
      'p.sysname',
      'p.name',
      'p.descriptions',
      sql<bigint>`count(g.sysname)`.as('games'),
      sql<string[]>`coalesce(array_agg(distinct g.type) filter (where g.type is not null), '{}')`.as('types'),
      sql<boolean>`coalesce(bool_and(g.demo), false)`.as('demo'),
      sql<boolean>`coalesce(bool_and(g.fullscreen = 'all'), false)`.as('allFullscreen'),
    ])
    .groupBy(['p.sysname', 'p.name', 'p.descriptions', 'p.position'])
    .orderBy('p.position')
    .orderBy('p.sysname')
    .execute()
  return rows
    .map((r) => ({
      sysname: r.sysname,
      name: r.name,
      description: r.descriptions[locale] ?? r.descriptions.en ?? '',
      games: Number(r.games),
      types: [...r.types].sort() as CatalogueGameType[],
      demo: r.demo,
      // Where the studio's games open full screen: everywhere only when all of them do.
      fullscreen: (r.allFullscreen ? 'all' : 'product') as FullscreenOption,
    }))
    .filter((p) => !types?.length || p.types.some((t) => types.includes(t)))
}

/** The player's favourites, newest first. */
export async function likesOf(db: Kysely<DB>, playerId: bigint): Promise<string[]> {
  const rows = await db.selectFrom('game_likes').select('sysname').where('user_id', '=', playerId).orderBy('created_at', 'desc').orderBy('sysname').execute()
  return rows.map((r) => r.sysname)
}

async function requireGame(db: Kysely<DB>, sysname: string): Promise<void> {
  const row = await db.selectFrom('games').select('sysname').where('sysname', '=', sysname).executeTakeFirst()
  if (!row) throw new CatalogueError(CATALOGUE_ERROR_CODE.unknownGame, 'sysname', `No game ${JSON.stringify(sysname)}`)
}

/** Adds a favourite; a second time changes nothing. Answers the player's favourites. */
export async function addLike(db: Kysely<DB>, playerId: bigint, sysname: string, now: Date): Promise<string[]> {
  await requireGame(db, sysname)
  await db.insertInto('game_likes').values({ user_id: playerId, sysname, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'sysname']).doNothing()).execute()
  return likesOf(db, playerId)
}

/** Removes a favourite; one that is not there is no error. An unknown game is. */
export async function removeLike(db: Kysely<DB>, playerId: bigint, sysname: string): Promise<string[]> {
  await requireGame(db, sysname)
  await db.deleteFrom('game_likes').where('user_id', '=', playerId).where('sysname', '=', sysname).execute()
  return likesOf(db, playerId)
}
