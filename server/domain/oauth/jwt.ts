import type { KeyObject } from 'node:crypto'
import { SignJWT } from 'jose'

/**
 * ID tokens (OpenID Connect Core §2). The relying party's checks live in openid-client
 * (oidc-client.ts); this module only signs, with jose, the tokens of the development provider.
 */

export interface IdTokenClaims {
  iss: string
  sub: string
  aud: string | string[]
  exp: number
  iat: number
  nonce?: string
  azp?: string
  email?: string
  email_verified?: boolean
  name?: string
  [claim: string]: unknown
}

/** Signs `claims` with an RSA private key as a compact RS256 JWS. */
export function signRs256(claims: Record<string, unknown>, privateKey: KeyObject, kid: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(privateKey)
}
