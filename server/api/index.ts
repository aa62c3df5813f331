import type { FastifyInstance } from 'fastify'
import { registerAccountCalls } from './account'
import { registerAuthCalls } from './auth'
import { registerCampaignsCalls } from './campaigns'
import { registerCashbacksCalls } from './cashbacks'
import { registerCashierCalls } from './cashier'
import { registerContentCalls } from './content'
import { registerLoyaltyCalls } from './loyalty'
import { registerMetadataCalls } from './metadata'
import { registerRegistrationCalls } from './registration'
import { registerOAuthCalls } from './oauth'
import { registerOperatorCalls } from './operator'
import { registerApiFraming } from './registrar'
import { registerWalletEndpoint } from './wallet'
import { registerSessionCalls } from './session'

/** Every /api area. A new area adds its `register<Area>Calls` here. */
export function registerApi(app: FastifyInstance): void {
  registerApiFraming(app)
  registerAccountCalls(app)
  registerAuthCalls(app)
  registerLoyaltyCalls(app)
  registerMetadataCalls(app)
  registerContentCalls(app)
  registerRegistrationCalls(app)
  registerCampaignsCalls(app)
  registerWalletEndpoint(app)
  registerSessionCalls(app)
  registerOAuthCalls(app)
  registerOperatorCalls(app)
  registerCashierCalls(app)
  registerCashbacksCalls(app)
}
