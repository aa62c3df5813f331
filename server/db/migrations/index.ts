import type { Migration } from 'kysely'
import * as m001 from './001_init'
import * as m002 from './002_auth'

/**
 * Every migration, in order. A static list rather than a folder scan: it bundles, and a file
 * cannot be skipped because of how a directory happened to be read. Add new files here.
 */
export const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_auth': m002,
}
