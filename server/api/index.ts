import type { FastifyInstance } from 'fastify'
import { accountCalls } from './account'
import { supportCalls } from './support'
import { authCalls } from './auth'
import { bettingBonusesPlayerCalls } from './betting-bonuses'
import { campaignsCalls } from './campaigns'
import { cashbacksPlayerCalls } from './cashbacks'
import { cashierCalls, depositLimitCalls } from './cashier'
import { chatCalls } from './chat'
import { contentCalls } from './content'
import { freeSpinsPlayerCalls } from './free-spins'
import { gamesCalls } from './games'
import { gameCatalogueCalls } from './game-catalogue'
import { loyaltyCalls } from './loyalty'
import { metadataCalls } from './metadata'
import { registrationCalls } from './registration'
import { oauthCalls } from './oauth'
import { operatorCalls } from './operator'
import { playerCalls, registerApiFraming } from './registrar'
import { pushCalls } from './push'
import { registerWalletEndpoint } from './wallet'
import { sessionCalls } from './session'
import { sportsbookCalls } from './sportsbook'
import { registerKycEndpoints, verificationAccountCalls, verificationCalls } from './verification'

/** What an area's plugin mounts: its calls, on the area's encapsulated instance. */
type AreaPart = (area: FastifyInstance) => void

/**
 * Every /api area (ARCHITECTURE §4), each a Fastify plugin under `/api/<area>`. An area may be
 * written in several files (parts); a part mounts its player-only calls through `playerCalls`,
 * whose encapsulated preHandler refuses visitors, or is wrapped in it here when all its calls are.
 * A new area adds its row.
 */
const AREAS: Record<string, readonly AreaPart[]> = {
  account: [accountCalls, registrationCalls, (area) => playerCalls(area, depositLimitCalls), (area) => playerCalls(area, pushCalls), verificationAccountCalls],
  auth: [authCalls],
  bettingbonuses: [(area) => playerCalls(area, bettingBonusesPlayerCalls)],
  campaigns: [campaignsCalls],
  cashbacks: [(area) => playerCalls(area, cashbacksPlayerCalls)],
  cashier: [cashierCalls],
  chat: [chatCalls],
  content: [contentCalls],
  freespins: [(area) => playerCalls(area, freeSpinsPlayerCalls)],
  games: [gamesCalls, gameCatalogueCalls],
  loyalty: [loyaltyCalls],
  metadata: [metadataCalls],
  oauth: [oauthCalls],
  operator: [operatorCalls],
  session: [sessionCalls],
  support: [supportCalls],
  sportsbook: [sportsbookCalls],
  verification: [verificationCalls],
}

export function registerApi(app: FastifyInstance): void {
  registerApiFraming(app)
  for (const [name, parts] of Object.entries(AREAS)) {
    void app.register(
      async (area) => {
        for (const part of parts) part(area)
      },
      { prefix: `/api/${name}` },
    )
  }
  registerWalletEndpoint(app)
  registerKycEndpoints(app)
}
