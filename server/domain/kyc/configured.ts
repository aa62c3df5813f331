import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import type { KycProvider } from './provider'
import { SANDBOX_KYC, SandboxKycProvider } from './sandbox/provider'

/** The configured KYC provider (KYC_PROVIDER; demo's default is the sandbox), or null. */
export function kycProvider(config: Pick<Config, 'providers' | 'sessionSecret'>, db: Kysely<DB>): KycProvider | null {
  if (config.providers.kyc === SANDBOX_KYC) return new SandboxKycProvider(config, db)
  return null
}
