import type { FastifyInstance } from 'fastify'
import { cashOutSportsBet, getCashOutOffer, getSportsBets, getSportsEvent, getSportsEvents, getSportsSettings, getSlipOutcomes, getSportsTree, placeSportsBet, saveSportsSettings } from '../../src/services/api/contract/sportsbook'
import { toMinor } from '../../src/shared/money'
import type { BetKind } from '../../src/shared/sportsbook/bets'
import { clock } from '../config'
import { walletOptions } from '../domain/wallet/seamless'
import { SportsbookError } from '../domain/sportsbook/errors'
import { placeBet } from '../domain/sportsbook/placement'
import { listBets } from '../domain/sportsbook/bets-read'
import { cashOut, cashOutOffer } from '../domain/sportsbook/cashout'
import { readPlayerSettings, savePlayerSettings } from '../domain/sportsbook/player-settings'
import { settleEndedEvents, settleOpenBets } from '../domain/sportsbook/settle-bets'
import { feedNow } from '../domain/sportsbook/clock'
import { applyFeedUpdates, type OddsFeed } from '../domain/sportsbook/feed'
import { readMargins } from '../domain/sportsbook/rules'
import { listEvents, readEvent, slipOutcomes, sportsTree } from '../domain/sportsbook/read'
import { simulatorFeed } from '../domain/sportsbook/simulator'
import { requireFeature } from './features'
import { playerCalls, registerCall } from './registrar'

/** A stake in major units as the player's currency counts it; more decimals than it has is refused. */
function stakeOf(amount: string, currency: string, field = 'stake'): bigint {
  try {
    return toMinor(amount, currency)
  } catch {
    throw new SportsbookError(field === 'stake' ? 'sportsbook_bad_bet' : 'sportsbook_cashout_amount', `The amount has more decimals than ${currency} allows`, field)
  }
}

/** How often results are settled and bets paid. */
export const SETTLE_EVERY_MS = 2000

/** How often the feed is polled: a price or a score reaches the sockets within about this long. */
export const FEED_POLL_MS = 1000

/** Sportsbook area (docs/sportsbook.md): the board, readable by anyone, over server/domain/sportsbook. */
export function sportsbookCalls(app: FastifyInstance): void {
  registerCall(app, getSportsTree, ({ db, locale, now }) => sportsTree(db, locale, now))
  registerCall(app, getSportsEvents, async ({ db, params, locale, now }) => listEvents(db, params, locale, await feedNow(db, now)))
  registerCall(app, getSportsEvent, ({ db, params, locale }) => readEvent(db, params.id, locale))
  registerCall(app, getSlipOutcomes, ({ db, params, locale }) => slipOutcomes(db, params.ids.split(','), locale))

  playerCalls(app, (players) => {
    registerCall(players, getSportsSettings, ({ db, playerId }) => readPlayerSettings(db, playerId))
    registerCall(players, saveSportsSettings, ({ db, playerId, params }) => savePlayerSettings(db, playerId, params))
    registerCall(players, getSportsBets, async ({ db, params, playerId, locale }) => {
      await requireFeature(app, locale, 'betHistory')
      return listBets(db, playerId, params, locale)
    })
    registerCall(players, getCashOutOffer, ({ db, params, playerId }) => cashOutOffer(db, playerId, BigInt(params.bet)))
    registerCall(players, cashOutSportsBet, async ({ db, params, playerId, locale, now }) => {
      const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
      return cashOut(
        db,
        {
          playerId,
          betId: BigInt(params.bet),
          key: params.key,
          seen: stakeOf(params.seen, account.currency, 'seen'),
          amount: params.amount === undefined ? undefined : stakeOf(params.amount, account.currency, 'amount'),
          locale,
          now,
        },
        () => walletOptions(app.config),
      )
    })
    registerCall(players, placeSportsBet, async ({ db, request, params, playerId, locale, now }) => {
      const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
      return placeBet(
        db,
        {
          playerId,
          sessionId: request.session!.id,
          key: params.key,
          kind: params.kind as BetKind,
          system: params.system,
          stakePerLine: stakeOf(params.stake, account.currency),
          policy: params.odds_policy,
          selections: params.selections.map((s) => ({ outcomeId: s.outcome_id, price: s.price })),
          locale,
          currency: account.currency,
          freeBet: params.free_bet,
          balance: params.balance,
          now,
        },
        () => walletOptions(app.config),
      )
    })
  })

  // Whatever the feed, results are settled and bets paid on one instance.
  app.jobs.register({
    name: 'sportsbook-settlement',
    everyMs: SETTLE_EVERY_MS,
    run: async () => {
      await settleEndedEvents(app.db)
      await settleOpenBets(app.db, () => walletOptions(app.config))
    },
  })

  if (app.config.sportsbookFeed === 'simulator') {
    const feed: OddsFeed = simulatorFeed(app.db, { margins: () => readMargins(app.db) })
    app.jobs.register({
      name: 'sportsbook-feed',
      everyMs: FEED_POLL_MS,
      run: async () => {
        const now = await feedNow(app.db, clock(app.config)())
        await applyFeedUpdates(app.db, await feed.poll(now), (topic, data) => app.live.publish(topic, data))
      },
    })
  }
}
