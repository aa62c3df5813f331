import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  actOnRound,
  getOpenRound,
  getPurse,
  getRound,
  getRounds,
  getSeeds,
  getSessionPlay,
  getCrashState,
  placeCrashBet,
  cashOutCrash,
  playRound,
  rotateSeeds,
  type PlayMode,
} from '../../src/services/api/contract/games'
import { betLimits, studioTitle } from '../../src/shared/games/catalogue'
import { isHttps } from '../http/https'
import { toMajor, toMinor } from '../../src/shared/money'
import { clock, type Config } from '../config'
import { GameError } from '../domain/games/errors'
import { packOnTable } from '../domain/games/free-spins'
import { demoOwner, playerOwner, type Owner } from '../domain/games/owner'
import { demoPurse, findDemoPurse, openDemoPurse, walletPurse, type Purse } from '../domain/games/purse'
import { actOnRound as act, DEFAULT_ROUND_RULES, findRound, openRound, playRound as play, recentRounds, recoverRounds, requireTitle, sessionPlay, type RoundRules } from '../domain/games/rounds'
import { readSeeds, rotateSeeds as rotate } from '../domain/games/seeds'
import { cashOutCrash as cashOut, crashRules, crashState, placeCrashBet as placeBet, recoverCrashBets, tickCrash } from '../domain/games/crash'
import { STUDIO_TITLES } from '../../src/shared/games/catalogue'
import { walletOptions } from '../domain/wallet/seamless'
import { playerCalls, registerCall } from './registrar'

/** The signed cookie naming a visitor's demo purse. */
export const DEMO_COOKIE = 'demo_purse'
const DEMO_COOKIE_DAYS = 30

/** Settings rows for responsible play (the operator edits them; docs/games.md#responsible-play). */
export const MIN_ROUND_MS_SETTING = 'games.min_round_ms'
export const AUTOPLAY_MAX_SETTING = 'games.autoplay_max_rounds'
export const DEFAULT_AUTOPLAY_MAX = 100

async function roundRules(app: FastifyInstance): Promise<RoundRules & { autoplayMaxRounds: number }> {
  const settings = await app.settings.read()
  const minRound = Number(settings[MIN_ROUND_MS_SETTING] ?? 0)
  const autoplay = Number(settings[AUTOPLAY_MAX_SETTING] ?? DEFAULT_AUTOPLAY_MAX)
  return {
    ...DEFAULT_ROUND_RULES,
    minRoundMs: Number.isInteger(minRound) && minRound >= 0 ? minRound : 0,
    autoplayMaxRounds: Number.isInteger(autoplay) && autoplay >= 1 ? autoplay : DEFAULT_AUTOPLAY_MAX,
  }
}

/** A visitor's demo purse from the signed cookie; with `create`, a new one (and its cookie) when there is none. */
async function visitorPurseId(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, create: boolean, now: Date): Promise<string | null> {
  const raw = request.cookies[DEMO_COOKIE]
  if (raw) {
    const unsigned = request.unsignCookie(raw)
    if (unsigned.valid && unsigned.value && /^[0-9a-f-]{36}$/.test(unsigned.value) && (await findDemoPurse(app.db, unsigned.value))) return unsigned.value
  }
  if (!create) return null
  const id = await openDemoPurse(app.db, demoCurrency(request), now)
  reply.setCookie(DEMO_COOKIE, id, { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(request, app.config), maxAge: DEMO_COOKIE_DAYS * 86_400 })
  return id
}

/** A visitor plays in the currency of their locale's market (the site's seed: server/seed/data.ts). */
function demoCurrency(request: FastifyRequest): string {
  const locale = String(request.cookies.locale ?? '')
  const byLocale: Record<string, string> = { es: 'MXN', pt: 'BRL', de: 'EUR' }
  return byLocale[locale] ?? 'USD'
}

async function purseOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, mode: PlayMode | undefined, now: Date): Promise<Purse> {
  const config: Config = app.config
  if (request.playerId !== null) {
    const account = await app.db.selectFrom('accounts').select('currency').where('id', '=', request.playerId).executeTakeFirstOrThrow()
    return walletPurse({ db: app.db, options: () => walletOptions(config), sessionId: request.session?.id ?? null }, request.playerId, account.currency, mode ?? 'real')
  }
  const id = (await visitorPurseId(app, request, reply, true, now))!
  const purse = (await findDemoPurse(app.db, id))!
  return demoPurse(app.db, id, purse.currency, () => new Date())
}

/** The caller's owner for reads: a player, a visitor's existing demo purse, or (visitors without one) null. */
async function ownerOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now: Date, create: boolean): Promise<Owner | null> {
  if (request.playerId !== null) return playerOwner(request.playerId)
  const id = await visitorPurseId(app, request, reply, create, now)
  return id ? demoOwner(id) : null
}

function toMinorAmount(amount: string, currency: string): bigint {
  try {
    return toMinor(amount, currency)
  } catch {
    throw new GameError('bad_bet', `The bet has more decimals than ${currency} allows`, { reason: 'bad-amount' })
  }
}

/** Games area: rounds of the studio's titles and their provably fair seeds (docs/games.md). */
export function gamesCalls(app: FastifyInstance): void {
  registerCall(app, getSeeds, async ({ db, request, reply, now }) => readSeeds(db, (await ownerOf(app, request, reply, now, true))!))
  registerCall(app, rotateSeeds, async ({ db, request, reply, params, now }) => rotate(db, (await ownerOf(app, request, reply, now, true))!, params.client_seed ?? null, now))

  registerCall(app, playRound, async ({ db, request, reply, params, now }) => {
    requireTitle(params.game)
    const purse = await purseOf(app, request, reply, params.mode, now)
    const rules = await roundRules(app)
    const freeSpinPack = params.free_spin === undefined ? null : BigInt(params.free_spin)
    return play(db, purse, { game: params.game, stake: toMinorAmount(params.amount, purse.currency), bet: params.bet, clientKey: params.key, sessionId: request.session?.id ?? null, now, freeSpinPack }, rules)
  })

  registerCall(app, actOnRound, async ({ db, request, reply, params, now }) => {
    const owner = await ownerOf(app, request, reply, now, false)
    if (!owner) throw new GameError('round_not_found', 'No such round')
    const row = await db.selectFrom('game_rounds').select(['mode']).where('id', '=', BigInt(params.round)).executeTakeFirst()
    const purse = await purseOf(app, request, reply, row?.mode === 'fun' ? 'fun' : 'real', now)
    return act(db, purse, { roundId: BigInt(params.round), step: params.step, action: params.action, now })
  })

  registerCall(app, getOpenRound, async ({ db, request, reply, params, now }) => {
    requireTitle(params.game)
    const owner = await ownerOf(app, request, reply, now, false)
    return owner ? openRound(db, owner, params.game) : null
  })

  registerCall(app, getRounds, async ({ db, request, reply, params, now }) => {
    const owner = await ownerOf(app, request, reply, now, false)
    if (!owner) return []
    return recentRounds(db, owner, { game: params.game, limit: params.limit ?? 20, before: params.before ? BigInt(params.before) : undefined })
  })

  registerCall(app, getRound, async ({ db, request, reply, params, now }) => {
    const owner = await ownerOf(app, request, reply, now, false)
    if (!owner) throw new GameError('round_not_found', 'No such round')
    return findRound(db, owner, BigInt(params.round))
  })

  registerCall(app, getPurse, async ({ db, request, reply, params, now }) => {
    // Any title of the studio, crash included: the purse and its limits are the same for all.
    const title = params.game ? (studioTitle(params.game) ?? null) : null
    if (params.game && !title) throw new GameError('unknown_game', `No game ${JSON.stringify(params.game)}`)
    const purse = await purseOf(app, request, reply, params.mode, now)
    const rules = await roundRules(app)
    const limits = title ? betLimits(title, purse.currency) : null
    return {
      mode: purse.mode,
      currency: purse.currency,
      balance: toMajor(await purse.balance(), purse.currency),
      limits: limits ? { min: toMajor(BigInt(limits.min), purse.currency), max: toMajor(BigInt(limits.max), purse.currency) } : null,
      minRoundMs: rules.minRoundMs,
      autoplayMaxRounds: rules.autoplayMaxRounds,
      freeSpins: title && purse.mode === 'real' && request.playerId !== null ? await packOnTable(db, request.playerId, title.sysname, purse.currency, now) : null,
    }
  })

  registerCall(app, getCrashState, async ({ db, request, reply, params, now }) => crashState(db, params.game, await ownerOf(app, request, reply, now, false), now))

  registerCall(app, placeCrashBet, async ({ db, request, reply, params, now }) => {
    crashRules(params.game)
    const purse = await purseOf(app, request, reply, params.mode, now)
    const auto = params.auto_cash_out === undefined ? null : Number(params.auto_cash_out)
    const bet = await placeBet(db, purse, { game: params.game, stake: toMinorAmount(params.amount, purse.currency), autoCashOut: auto, clientKey: params.key, now })
    publishCrash(app, params.game, now)
    return bet
  })

  registerCall(app, cashOutCrash, async ({ db, request, reply, params, now }) => {
    crashRules(params.game)
    const mode = await db.selectFrom('crash_bets').select('mode').where('id', '=', BigInt(params.bet)).executeTakeFirst()
    const purse = await purseOf(app, request, reply, mode?.mode === 'fun' ? 'fun' : 'real', now)
    const bet = await cashOut(db, purse, params.game, BigInt(params.bet), now)
    publishCrash(app, params.game, now)
    return bet
  })

  playerCalls(app, (players) => {
    registerCall(players, getSessionPlay, ({ db, request, now }) => sessionPlay(db, request.session!.id, now))
  })

  app.jobs.register({
    name: 'game-rounds-recovery',
    everyMs: 30_000,
    run: async () => {
      const config = app.config
      const rules = await roundRules(app)
      await recoverRounds(app.db, (row) => purseForRow(app, config, row), clock(config)(), rules)
      await recoverCrashBets(app.db, (bet) => purseForRow(app, config, bet), clock(config)(), rules.stuckAfterMs)
    },
  })

  // The shared crash rounds: one loop per crash title, on the one instance holding the job's lock;
  // every change goes to the live topic `crash.{game}`, which every instance's sockets relay.
  const crashGames = STUDIO_TITLES.filter((t) => t.kind === 'crash').map((t) => t.sysname)
  if (crashGames.length > 0) {
    // When each game's loop next has work: a hint only (a restart or another instance starts from 0).
    const due = new Map<string, number>()
    app.jobs.register({
      name: 'crash-loop',
      everyMs: CRASH_TICK_MS,
      run: async () => {
        const config = app.config
        const now = clock(config)()
        for (const game of crashGames) {
          if (now.getTime() < (due.get(game) ?? 0)) continue
          const { view, next } = await tickCrash(app.db, game, (bet) => purseForRow(app, config, bet), now)
          due.set(game, next.getTime())
          if (view) await app.live.publish(crashTopic(game), JSON.stringify(view))
        }
      },
    })
  }
}

/** How often the crash loop looks at its rounds: the latest a phase change or a crash is seen. */
export const CRASH_TICK_MS = 100

export const crashTopic = (game: string): string => `crash.${game}`

/** Tells every instance's watchers the round as it stands after a bet or a cash-out. */
function publishCrash(app: FastifyInstance, game: string, now: Date): void {
  crashState(app.db, game, null, now)
    .then((state) => (state.round ? app.live.publish(crashTopic(game), JSON.stringify(state.round)) : null))
    .catch((err: unknown) => app.log.warn({ err }, 'crash: publish failed'))
}

/** The purse a stored round played from, for the recovery job (no request, no session: it only pays and returns). */
function purseForRow(app: FastifyInstance, config: Config, row: { player_id: bigint | null; demo_id: string | null; currency: string; mode: string }): Purse {
  if (row.player_id !== null) return walletPurse({ db: app.db, options: () => walletOptions(config), sessionId: null }, row.player_id, row.currency, row.mode === 'fun' ? 'fun' : 'real')
  return demoPurse(app.db, row.demo_id!, row.currency, () => new Date())
}
