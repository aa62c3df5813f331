import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { checkEmail } from '../../../src/shared/validation/rules'
import { signRs256 } from './jwt'
import { randomToken, sha256Hex, verifierMatches } from './pkce'

/**
 * The development identity provider (ARCHITECTURE §5: demo switches it on; production refuses
 * it). A small but real OpenID Connect provider: discovery, JWKS, an authorization endpoint with a
 * login page where the tester types any name and e-mail, and a token endpoint that checks the
 * client, the redirect URI and the PKCE verifier and answers an RS256-signed ID token. Nothing is
 * faked on the relying-party side: the site logs in with it exactly as with Google.
 *
 * Its signing key is generated on first use and kept in dev_idp_keys, so every instance signs
 * with the same key and tokens survive a restart.
 */

export const DEV_IDP_PATH = '/dev/idp'
export const DEV_IDP_CLIENT_ID = 'casino-dev'
/** Codes live a minute (RFC 6749 §4.1.2 recommends at most ten); ID tokens five. */
const CODE_TTL_MS = 60_000
const ID_TOKEN_TTL_SEC = 300

export function devIdpIssuer(origin: string): string {
  return `${origin}${DEV_IDP_PATH}`
}

/** The only redirect URI the development client registered: the site's own callback. */
export function devIdpRedirectUri(origin: string): string {
  return `${origin}/oauth/callback`
}

/** The client secret, derived from the session secret so no setting is needed and none leaks. */
export function devIdpClientSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('dev-idp-client-secret').digest('base64url')
}

export interface SigningKey {
  kid: string
  privateKey: KeyObject
  publicJwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' }
}

function toSigningKey(kid: string, privateJwk: JsonWebKey): SigningKey {
  const privateKey = createPrivateKey({ key: privateJwk, format: 'jwk' })
  const { n, e } = createPublicKey(privateKey).export({ format: 'jwk' })
  return { kid, privateKey, publicJwk: { kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' } }
}

/** The provider's key: the stored one, or a new RSA-2048 key stored now (a race keeps the first). */
export async function loadSigningKey(db: Kysely<DB>, now: Date): Promise<SigningKey> {
  const existing = await db.selectFrom('dev_idp_keys').select(['kid', 'private_jwk']).orderBy('created_at').limit(1).executeTakeFirst()
  if (existing) return toSigningKey(existing.kid, existing.private_jwk as JsonWebKey)
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const kid = randomBytes(8).toString('hex')
  await db
    .insertInto('dev_idp_keys')
    .values({ kid, private_jwk: JSON.stringify(privateKey.export({ format: 'jwk' })), created_at: now })
    .execute()
  const first = await db.selectFrom('dev_idp_keys').select(['kid', 'private_jwk']).orderBy('created_at').orderBy('kid').limit(1).executeTakeFirstOrThrow()
  return toSigningKey(first.kid, first.private_jwk as JsonWebKey)
}

export function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
  }
}

/** An authorization request as the client sent it; checked by `checkAuthorizationRequest`. */
export interface AuthorizationRequest {
  response_type?: string
  client_id?: string
  redirect_uri?: string
  scope?: string
  state?: string
  nonce?: string
  code_challenge?: string
  code_challenge_method?: string
}

export type AuthorizationCheck =
  /** The request cannot be trusted to redirect anywhere: show the error (RFC 6749 §4.1.2.1). */
  | { ok: false; redirect: false; error: string }
  /** The redirect URI is fine; the rest is not: send the error back to it. */
  | { ok: false; redirect: true; error: string }
  | { ok: true }

export function checkAuthorizationRequest(req: AuthorizationRequest, origin: string): AuthorizationCheck {
  if (req.client_id !== DEV_IDP_CLIENT_ID) return { ok: false, redirect: false, error: 'unknown client_id' }
  if (req.redirect_uri !== devIdpRedirectUri(origin)) return { ok: false, redirect: false, error: 'redirect_uri is not registered' }
  if (req.response_type !== 'code') return { ok: false, redirect: true, error: 'unsupported_response_type' }
  if (!(req.scope ?? '').split(' ').includes('openid')) return { ok: false, redirect: true, error: 'invalid_scope' }
  // PKCE is required, and only S256.
  if (req.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(req.code_challenge ?? '')) {
    return { ok: false, redirect: true, error: 'invalid_request' }
  }
  return { ok: true }
}

/** The tester's identity as typed on the login page. */
export interface DevIdentity {
  name: string
  email: string
}

/** Checks the login page's fields; null means fine, else which field is wrong. */
export function checkDevIdentity(input: { name?: unknown; email?: unknown }): { name?: string; email?: string } | null {
  const problems: { name?: string; email?: string } = {}
  const name = typeof input.name === 'string' ? input.name.trim() : ''
  const email = typeof input.email === 'string' ? input.email.trim() : ''
  if (name === '' || name.length > 80) problems.name = 'Enter a name of 1 to 80 characters.'
  if (email === '' || email.length > 254 || checkEmail(email)) problems.email = 'Enter an e-mail address like tester@example.com.'
  return Object.keys(problems).length ? problems : null
}

/** The same e-mail is always the same person: the subject is derived from it. */
export function devSubject(email: string): string {
  return `dev-${sha256Hex(email.trim().toLowerCase()).slice(0, 32)}`
}

/** Issues a one-minute, single-use authorization code bound to the client, redirect URI and challenge. */
export async function issueCode(
  db: Kysely<DB>,
  input: { request: Required<Pick<AuthorizationRequest, 'client_id' | 'redirect_uri' | 'code_challenge'>> & { nonce?: string }; identity: DevIdentity; now: Date },
): Promise<string> {
  const code = randomToken()
  const email = input.identity.email.trim()
  await db
    .insertInto('dev_idp_codes')
    .values({
      code_hash: sha256Hex(code),
      client_id: input.request.client_id,
      redirect_uri: input.request.redirect_uri,
      code_challenge: input.request.code_challenge,
      nonce: input.request.nonce ?? null,
      subject: devSubject(email),
      email,
      name: input.identity.name.trim(),
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + CODE_TTL_MS),
    })
    .execute()
  return code
}

export type TokenResult =
  | { ok: true; body: { access_token: string; token_type: 'Bearer'; expires_in: number; id_token: string } }
  | { ok: false; status: 400 | 401; body: { error: string; error_description: string } }

/**
 * The token endpoint (RFC 6749 §4.1.3, RFC 7636 §4.6): the client authenticates, the code is
 * used once (a second try is refused even if the first failed), it must be fresh, for this client
 * and redirect URI, and the verifier must hash to its challenge.
 */
export async function redeemCode(
  db: Kysely<DB>,
  input: {
    grantType?: string
    code?: string
    redirectUri?: string
    codeVerifier?: string
    clientId?: string
    clientSecret?: string
    expectedSecret: string
    issuer: string
    now: Date
  },
): Promise<TokenResult> {
  const fail = (status: 400 | 401, error: string, description: string): TokenResult => ({ ok: false, status, body: { error, error_description: description } })
  if (input.clientId !== DEV_IDP_CLIENT_ID || input.clientSecret !== input.expectedSecret) return fail(401, 'invalid_client', 'client authentication failed')
  if (input.grantType !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'only authorization_code')
  if (!input.code) return fail(400, 'invalid_request', 'code is missing')
  const row = await db
    .updateTable('dev_idp_codes')
    .set({ used_at: input.now })
    .where('code_hash', '=', sha256Hex(input.code))
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  if (!row) return fail(400, 'invalid_grant', 'unknown or already used code')
  if (row.expires_at.getTime() <= input.now.getTime()) return fail(400, 'invalid_grant', 'code expired')
  if (row.client_id !== input.clientId || row.redirect_uri !== input.redirectUri) return fail(400, 'invalid_grant', 'code was issued to another client or redirect_uri')
  if (!verifierMatches(input.codeVerifier, row.code_challenge)) return fail(400, 'invalid_grant', 'PKCE verification failed')

  const key = await loadSigningKey(db, input.now)
  const iat = Math.floor(input.now.getTime() / 1000)
  const idToken = await signRs256(
    {
      iss: input.issuer,
      sub: row.subject,
      aud: row.client_id,
      iat,
      exp: iat + ID_TOKEN_TTL_SEC,
      ...(row.nonce ? { nonce: row.nonce } : {}),
      email: row.email,
      email_verified: true,
      name: row.name,
    },
    key.privateKey,
    key.kid,
  )
  return { ok: true, body: { access_token: randomToken(), token_type: 'Bearer', expires_in: ID_TOKEN_TTL_SEC, id_token: idToken } }
}
