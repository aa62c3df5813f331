import type { Kysely } from 'kysely'
import { calculatePKCECodeChallenge, randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client'
import type { DB } from '../../db/schema'
import { OAuthError } from './errors'
import type { IdTokenClaims } from './jwt'
import type { OidcClient } from './oidc-client'
import { sha256Hex } from './pkce'

/**
 * The two halves of a social login on our side (SPEC §7: the window opens /oauth/init).
 *
 * start: a fresh state, nonce and PKCE verifier are stored server-side (the browser only ever
 * sees the state and the S256 challenge) with the hash of the browser-binding cookie, and the
 * browser is sent to the provider.
 *
 * finish: the state is consumed (once, within ten minutes, only by the browser that started it),
 * the code is exchanged with the stored verifier and the ID token is verified against the stored
 * nonce. What happens next (which player, the session) is the caller's.
 */

export const STATE_TTL_MS = 600_000
export type TypeAuth = 'login' | 'registration'

export interface StartInput {
  client: OidcClient
  redirectUri: string
  /** A checked same-origin or allowlisted address, or null. */
  returnTo: string | null
  typeAuth: TypeAuth
  /** The browser-binding cookie's value. */
  binding: string
  now: Date
}

export async function startLogin(db: Kysely<DB>, input: StartInput): Promise<string> {
  const state = randomState()
  const nonce = randomNonce()
  const verifier = randomPKCECodeVerifier()
  // Discovery first: if the provider is down, nothing is stored.
  const codeChallenge = await calculatePKCECodeChallenge(verifier)
  const url = await input.client.authorizationUrl({ state, nonce, codeChallenge, redirectUri: input.redirectUri, now: input.now })
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: sha256Hex(state),
      provider: input.client.settings.id,
      issuer: input.client.settings.issuer,
      code_verifier: verifier,
      nonce,
      binding_hash: sha256Hex(input.binding),
      redirect_uri: input.redirectUri,
      return_to: input.returnTo,
      type_auth: input.typeAuth,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + STATE_TTL_MS),
    })
    .execute()
  return url
}

export interface PendingLogin {
  provider: string
  issuer: string
  codeVerifier: string
  nonce: string
  redirectUri: string
  returnTo: string | null
  typeAuth: TypeAuth
}

/**
 * Takes the stored half of a login for a callback: the state must be known, unused, unexpired and
 * started by this browser. Consumed whatever happens next, so a state works once.
 */
export async function consumeState(db: Kysely<DB>, input: { state: string | undefined; binding: string | undefined; now: Date }): Promise<PendingLogin> {
  if (!input.state || input.state.length > 256) throw new OAuthError('invalid_state', 'no state')
  const row = await db
    .updateTable('oauth_states')
    .set({ used_at: input.now })
    .where('state_hash', '=', sha256Hex(input.state))
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new OAuthError('invalid_state', 'unknown or used state')
  if (row.expires_at.getTime() <= input.now.getTime()) throw new OAuthError('invalid_state', 'state expired')
  if (!input.binding || sha256Hex(input.binding) !== row.binding_hash) throw new OAuthError('invalid_state', 'started in another browser')
  return {
    provider: row.provider,
    issuer: row.issuer,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    redirectUri: row.redirect_uri,
    returnTo: row.return_to,
    typeAuth: row.type_auth === 'registration' ? 'registration' : 'login',
  }
}

/** Exchanges the code and verifies the ID token of a consumed login. */
export function exchange(client: OidcClient, pending: PendingLogin, code: string | undefined, now: Date): Promise<IdTokenClaims> {
  if (!code || code.length > 2048) throw new OAuthError('access_denied', 'no code in the callback')
  return client.exchangeCode({ code, codeVerifier: pending.codeVerifier, redirectUri: pending.redirectUri, nonce: pending.nonce, now })
}

/** States older than `before` (used or not) are of no use to anyone. */
export async function purgeStates(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', before).execute()
  await db.deleteFrom('dev_idp_codes').where('expires_at', '<', before).execute()
}
