import type { Struct } from 'superstruct'

export type HttpMethod = 'GET' | 'POST'

/** One call of SPEC §7: where it lives, how it is sent, and the shapes it takes and returns. */
export interface CallDef<Req, Res> {
  area: string
  name: string
  method: HttpMethod
  /**
   * The call's own parameters, as the caller passes them. The wire carries strings (params.ts), so
   * a request schema uses the `wire*` coercions and the server decodes with superstruct `create`.
   * It never mentions RESERVED_QUERY_PARAMS: the client adds those and the server strips them first.
   */
  request: Struct<Req, unknown>
  /** The `data` of a successful response. */
  response: Struct<Res, unknown>
}

export function defineCall<Req, Res>(def: CallDef<Req, Res>): CallDef<Req, Res> {
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
