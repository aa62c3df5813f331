import type { FastifyInstance } from 'fastify'
import { getSportsEvent, getSportsEvents, getSportsTree } from '../../src/services/api/contract/sportsbook'
import { clock } from '../config'
import { feedNow } from '../domain/sportsbook/clock'
import { applyFeedUpdates, type OddsFeed } from '../domain/sportsbook/feed'
import { readMargins } from '../domain/sportsbook/rules'
import { listEvents, readEvent, sportsTree } from '../domain/sportsbook/read'
import { simulatorFeed } from '../domain/sportsbook/simulator'
import { registerCall } from './registrar'

/** How often the feed is polled: a price or a score reaches the sockets within about this long. */
export const FEED_POLL_MS = 1000

/** Sportsbook area (docs/sportsbook.md): the board, readable by anyone, over server/domain/sportsbook. */
export function sportsbookCalls(app: FastifyInstance): void {
  registerCall(app, getSportsTree, ({ db, locale, now }) => sportsTree(db, locale, now))
  registerCall(app, getSportsEvents, async ({ db, params, locale, now }) => listEvents(db, params, locale, await feedNow(db, now)))
  registerCall(app, getSportsEvent, ({ db, params, locale }) => readEvent(db, params.id, locale))

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
