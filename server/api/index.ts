import type { FastifyInstance } from 'fastify'
import { registerAccountCalls } from './account'
import { registerAuthCalls } from './auth'
import { registerContentCalls } from './content'
import { registerLoyaltyCalls } from './loyalty'
import { registerMetadataCalls } from './metadata'
import { registerApiFraming } from './registrar'

/** Every /api area. A new area adds its `register<Area>Calls` here. */
export function registerApi(app: FastifyInstance): void {
  registerApiFraming(app)
  registerAccountCalls(app)
  registerAuthCalls(app)
  registerLoyaltyCalls(app)
  registerMetadataCalls(app)
  registerContentCalls(app)
}
