import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import type { KycProvider } from './provider'
import { SANDBOX_KYC, SandboxKycProvider } from './sandbox/provider'
import { SUMSUB_KYC, SumsubKycProvider } from './sumsub/provider'

/** The configured KYC provider (KYC_PROVIDER: sandbox, demo's default, or sumsub), or null. */
export function kycProvider(config: Pick<Config, 'providers' | 'sessionSecret' | 'sumsub'>, db: Kysely<DB>): KycProvider | null {
  if (config.providers.kyc === SANDBOX_KYC) return new SandboxKycProvider(config, db)
  if (config.providers.kyc === SUMSUB_KYC && config.sumsub) return new SumsubKycProvider(config.sumsub)
  return null
}
