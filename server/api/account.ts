import type { FastifyInstance } from 'fastify'
import { getInfo, getprofileinfo, PROFILE_FIELDS, VISITOR, type AccountInfo } from '../../src/services/api/contract/account'
import { ApiError } from '../../src/shared/errors'
import { readProfile } from '../domain/account/profile'
import type { Money } from '../../src/shared/money'
import { toMajor } from '../../src/shared/money'
import type { WalletKind } from '../db/schema'
import { getAccountSnapshot, type AccountSnapshot } from '../domain/account/info'
import { registerCall } from './registrar'

/** Account area (SPEC §7 'Account'): thin handlers over server/domain/account. */
export function registerAccountCalls(app: FastifyInstance): void {
  registerCall(app, getInfo, async ({ request, db }) => {
    if (request.playerId === null) return { ...VISITOR }
    const snapshot = await getAccountSnapshot(db, request.playerId)
    return snapshot ? toAccountInfo(snapshot) : { ...VISITOR }
  })

  registerCall(app, getprofileinfo, async ({ request, db, params }) => {
    if (request.playerId === null) throw new ApiError({ type: 'AuthorizationException', code: 'not_logged_in', message: 'Log in to see your profile.' })
    const asked = new Set((params.fields ?? '').split(',').map((f) => f.trim()).filter((f) => (PROFILE_FIELDS as readonly string[]).includes(f)))
    const profile = await readProfile(db, request.playerId, asked)
    if (!profile) throw new ApiError({ type: 'AuthorizationException', code: 'not_logged_in', message: 'Log in to see your profile.' })
    return profile
  })
}

export function toAccountInfo({ account, balances }: AccountSnapshot): AccountInfo {
  const money = (kind: WalletKind): Money | null => {
    const minor = balances[kind]
    return minor === undefined ? null : { amount: toMajor(minor, account.currency), currency: account.currency }
  }
  return {
    uid: Number(account.id),
    reg_time: account.created_at.toISOString(),
    login: account.login,
    fakename: account.fakename,
    is_subscribed: account.is_subscribed,
    // The main balance always exists for a player (SPEC §3: it carries the player's currency).
    balance_main: money('main') ?? { amount: toMajor(0n, account.currency), currency: account.currency },
    balance_bonus: money('bonus'),
    balance_betting_bonus: money('betting_bonus'),
    balance_fun: money('fun'),
    is_on_verification: account.is_on_verification,
    is_verified: account.is_verified,
    is_kyc_block_enabled: account.is_kyc_block_enabled,
    is_registration_completed: account.is_registration_completed,
    country_code: account.country_code,
    locale: account.locale,
    two_factor_auth: account.two_factor_secret !== null,
  }
}
