import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  addLike,
  CATALOGUE_ERROR_CODE,
  createHistoryExport,
  GAME_FIELDS,
  getGameCategories,
  getGameHistory,
  getGameProviders,
  getGames,
  getHistoryExport,
  getLikes,
  removeLike,
  type Game,
  type GamePart,
  type GameProvider,
} from '../../src/services/api/contract/game-catalogue'
import { gameImage, providerImage } from '../../src/shared/games/art'
import { betLimits, studioTitle } from '../../src/shared/games/catalogue'
import { ApiError } from '../../src/shared/errors'
import { toMajor } from '../../src/shared/money'
import { clock } from '../config'
import { addLike as like, catalogueView, categoriesOf, CatalogueError, likesOf, listCategories, listGames, listProviders, refreshPopularity, removeLike as unlike, tagsOf, type GameRow } from '../domain/games/catalogue'
import { exportFile, findExport, gameHistory, requestExport, runPendingExports } from '../domain/games/history'
import { findDemoPurse } from '../domain/games/purse'
import { DEMO_COOKIE } from './games'
import { generalInfoFrom } from './metadata'
import { playerCalls, registerCall } from './registrar'

/** How often play counts are recounted from the rounds (tags and the popularity order follow). */
export const POPULARITY_EVERY_MS = 60_000
/** How often pending history exports are looked for. */
export const EXPORTS_EVERY_MS = 5_000

/** The currency limits are shown in: the player's account's, a visitor's demo purse's, else USD. */
async function callerCurrency(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  if (request.playerId !== null) {
    const account = await app.db.selectFrom('accounts').select('currency').where('id', '=', request.playerId).executeTakeFirst()
    return account?.currency ?? 'USD'
  }
  const raw = request.cookies[DEMO_COOKIE]
  if (raw) {
    const unsigned = request.unsignCookie(raw)
    if (unsigned.valid && unsigned.value && /^[0-9a-f-]{36}$/.test(unsigned.value)) {
      const purse = await findDemoPurse(app.db, unsigned.value)
      if (purse) return purse.currency
    }
  }
  return 'USD'
}

function limitsOf(sysname: string, currency: string): Game['limits'] {
  const title = studioTitle(sysname)
  const limits = title ? betLimits(title, currency) : null
  return limits ? { currency, min: toMajor(BigInt(limits.min), currency), max: toMajor(BigInt(limits.max), currency) } : null
}

function pick<T extends { sysname: string }>(full: T, fields: readonly string[] | undefined): Partial<T> & { sysname: string } {
  if (!fields?.length) return full
  const out: Record<string, unknown> = { sysname: full.sysname }
  for (const f of fields) if (f in full) out[f] = (full as Record<string, unknown>)[f]
  return out as Partial<T> & { sysname: string }
}

async function exportEnabled(app: FastifyInstance): Promise<boolean> {
  // The same reading general info gives the client (server/api/metadata.ts).
  return generalInfoFrom(await app.settings.read(), app.config.session.idleTimeoutMs).is_game_history_export_enabled
}

/** Games area, the catalogue (SPEC §7 Games; docs/games.md#the-catalogue). */
export function gameCatalogueCalls(app: FastifyInstance): void {
  registerCall(app, getGames, async ({ db, request, params, now, locale, playerId }) => {
    const view = await catalogueView(db, now)
    const { rows, total } = await listGames(
      db,
      {
        locale,
        offset: params.offset ?? 0,
        count: params.count ?? 24,
        sort: params.sort,
        order: params.order,
        query: params.query,
        types: params.types,
        tags: params.tags,
        providers: params.providers,
        options: params.options,
        sysname: params.sysname,
        category: params.category,
        playerId,
      },
      view,
    )
    const wantsLimits = !params.fields?.length || params.fields.includes('limits')
    const currency = wantsLimits && rows.length ? await callerCurrency(app, request) : 'USD'
    const game = (row: GameRow): Game => ({
      sysname: row.sysname,
      title: row.title,
      description: row.description,
      provider: { sysname: row.provider, name: row.providerName },
      type: row.type,
      kind: row.kind,
      tags: tagsOf(row, view),
      categories: categoriesOf(row, view),
      image: gameImage(row.sysname),
      rtp: row.rtp,
      rtpMax: row.rtpMax,
      volatility: row.volatility as Game['volatility'],
      limits: wantsLimits ? limitsOf(row.sysname, currency) : null,
      fullscreen: row.fullscreen,
      demo: row.demo,
      released: row.released,
      plays: row.plays30d,
      url: `/platform/game/${row.sysname}/play`,
    })
    const fields = params.fields?.filter((f) => (GAME_FIELDS as readonly string[]).includes(f))
    return {
      items: rows.map((row) => pick(game(row), fields) as GamePart),
      total,
      offset: params.offset ?? 0,
      count: params.count ?? 24,
    }
  })

  registerCall(app, getGameCategories, async ({ db, now, locale }) => listCategories(db, locale, await catalogueView(db, now)))

  registerCall(app, getGameProviders, async ({ db, params, locale }) => {
    const providers = await listProviders(db, locale, params.types)
    return providers.map((p) => {
      const full: GameProvider = {
        sysname: p.sysname,
        name: p.name,
        description: p.description,
        image: providerImage(p.sysname),
        games: p.games,
        types: p.types,
        game_params: { demo: p.demo, fullscreen: p.fullscreen },
      }
      return pick(full, params.fields)
    })
  })

  registerCall(app, getLikes, async ({ db, playerId }) => (playerId === null ? [] : likesOf(db, playerId)))

  playerCalls(app, (players) => {
    registerCall(players, addLike, ({ db, playerId, params, now }) => like(db, playerId, params.sysname, now))
    registerCall(players, removeLike, ({ db, playerId, params }) => unlike(db, playerId, params.sysname))

    registerCall(players, getGameHistory, ({ db, playerId, params, locale }) =>
      gameHistory(db, playerId, { game: params.game, mode: params.mode, date_from: params.date_from, date_to: params.date_to }, { offset: params.offset ?? 0, count: params.count ?? 20 }, locale),
    )

    registerCall(players, createHistoryExport, async ({ db, playerId, params, now }) => {
      if (!(await exportEnabled(app))) throw new CatalogueError(CATALOGUE_ERROR_CODE.exportDisabled, '_', 'Game history export is switched off')
      return requestExport(db, playerId, { game: params.game, mode: params.mode, date_from: params.date_from, date_to: params.date_to }, now)
    })

    registerCall(players, getHistoryExport, ({ db, playerId, params }) => findExport(db, playerId, params.id === undefined ? undefined : BigInt(params.id)))

    // The file itself: the owner's only, behind their session; anyone else finds nothing there.
    players.get<{ Params: { file: string } }>('/historyexport/:file', async (request, reply) => {
      const match = /^([1-9]\d{0,17})\.csv$/.exec(request.params.file)
      const csv = match ? await exportFile(app.db, request.playerId!, BigInt(match[1]!)) : null
      if (csv === null) throw new ApiError({ type: 'MethodNotFoundException', code: 'not_found', message: 'No such export' })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="game-history-${match![1]}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv)
    })
  })

  app.jobs.register({
    name: 'game-popularity',
    everyMs: POPULARITY_EVERY_MS,
    run: async () => {
      await refreshPopularity(app.db, clock(app.config)())
    },
  })
  app.jobs.register({
    name: 'game-history-exports',
    everyMs: EXPORTS_EVERY_MS,
    run: async () => {
      await runPendingExports(app.db, clock(app.config))
    },
  })
}
