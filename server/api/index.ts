import type { FastifyInstance } from 'fastify'
import { registerAccountCalls } from './account'
import { registerContentCalls } from './content'
import { registerMetadataCalls } from './metadata'
import { registerApiFraming } from './registrar'

/** Every /api area. A new area adds its `register<Area>Calls` here. */
export function registerApi(app: FastifyInstance): void {
  registerApiFraming(app)
  registerAccountCalls(app)
  registerMetadataCalls(app)
  registerContentCalls(app)
}
