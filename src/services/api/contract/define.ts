import type { Struct } from 'superstruct'

export type HttpMethod = 'GET' | 'POST'

/**
 * Who may make a call (SPEC §6): anyone (a visitor gets an answer, perhaps an empty one), a
 * logged-in player only, or the operator's staff tools only (a bearer token). The server mounts a
 * call only in a scope that enforces its access, so a call cannot be left open by forgetting a check.
 */
export type CallAccess = 'anyone' | 'player' | 'operator'

/** What a player-only call answers a visitor (SPEC §8): HTTP 401 with this type and code. */
export const PLAYER_REQUIRED = { type: 'AuthorizationException', code: 'not_logged_in' } as const

/** One call of SPEC §7: where it lives, how it is sent, who may make it, and the shapes it takes and returns. */
export interface CallDef<Req, Res, A extends CallAccess = CallAccess> {
  area: string
  name: string
  method: HttpMethod
  access: A
  /**
   * The call's own parameters, as the caller passes them. The wire carries strings (params.ts), so
   * a request schema uses the `wire*` coercions and the server decodes with superstruct `create`.
   * It never mentions RESERVED_QUERY_PARAMS: the client adds those and the server strips them first.
   */
  request: Struct<Req, unknown>
  /** The `data` of a successful response. */
  response: Struct<Res, unknown>
}

export function defineCall<Req, Res, A extends CallAccess>(def: CallDef<Req, Res, A>): CallDef<Req, Res, A> {
  return def
}

export function callPath(def: { area: string; name: string }): string {
  return `/api/${def.area}/${def.name}`
}

/** Query parameters the client adds to every call (SPEC §7): the UI locale and the API version. */
export const LOCALE_PARAM = 'locale'
export const VERSION_PARAM = 'v'
export const RESERVED_QUERY_PARAMS: readonly string[] = [LOCALE_PARAM, VERSION_PARAM]

export type CallRequest<C> = C extends CallDef<infer Req, unknown> ? Req : never
export type CallResponse<C> = C extends CallDef<unknown, infer Res> ? Res : never
