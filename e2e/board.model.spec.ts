// Model-based journeys of the sportsbook board: one per state a visitor can reach on the real
// /betting, and per query the board answers differently (upcoming only, a sport, a league of it, a
// search no team matches), each the machine's shortest path (e2e/models/board.paths.ts) played
// with the model's events as gestures and its states as checks after every step
// (e2e/models/board.journey.ts). Each world opens its page as the server renders it, first lists
// included: /betting, /betting?sport=football, and /betting?query=zzqxw (a search link that finds nothing).
//
// The simulator's clock is the whole run's: the journeys never move it nor set a price, and check
// the board against what the server answered at that moment (the lists rendered into the page,
// then each read the board makes).
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/board.paths.ts, printed by the
// first test below; a typo the search still finds, an event's page, a live change arriving and a
// bad address are e2e/betting.spec.ts.
import { expect, gotoHydrated } from './fixtures'
import { BoardModel, checkState, countReads, installServer, perform, renderedLists, STATE_CHECKS, type JourneyContext } from './models/board.journey'
import { boardAddress, boardJourneys, describeEvent, inputOf, SKIPPED, START_QUERY } from './models/board.paths'
import { PageClock } from './models/journeys'
import { describeModelJourneys } from './models/model-spec'
import { boardMachine } from '../src/machines/sportsbook/board/board.machine'
import { listsEmpty } from '../src/machines/sportsbook/board/board.rules'

describeModelJourneys({
  name: 'sportsbook board model',
  everyProject: 'e2e/betting.spec.ts',
  who: 'the visitor',
  machine: boardMachine,
  journeys: boardJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the page',
  titlePrefix: (journey) => `[${journey.world}] `,
  setUp: async (journey, { page }) => {
    const query = START_QUERY[journey.world]
    const clock = await PageClock.install(page)
    const server = await installServer(page)
    const context: JourneyContext = { see: new BoardModel(page), server, clock, reads: countReads(page), lists: { live: null, upcoming: null }, answered: 0, query }
    return {
      start: async () => {
        await gotoHydrated(page, boardAddress(query))
        // The first lists are the server's answer of the moment, rendered with the page.
        context.lists = await renderedLists(page, query)
        expect(listsEmpty(context.lists), `whether ${boardAddress(query)} finds events, as the oracle says`).toBe(listsEmpty(inputOf(journey.world).initial!.lists))
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(context, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
