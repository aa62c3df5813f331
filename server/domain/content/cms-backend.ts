import { LOCALES, type Locale } from '../../../src/shared/locales'
import { ContentError, type ContentBackend } from './section'

export interface ContentApiConfig {
  /** CONTENT_API_URL, without a trailing slash. */
  url: string
  /** CONTENT_API_IDENTIFIER and CONTENT_API_PASSWORD: the account the server signs in with (/auth/local). */
  identifier: string
  password: string
}

/**
 * A headless CMS shaped like SPEC §7's content API as the content backend: the server signs in
 * with POST /auth/local ({ identifier, password } → { jwt }) and reads with the JWT:
 * GET /content (→ { locales }), /content/{section} for site sections, /content/{locale}/{section},
 * and /content/{locale}/pages (→ [{ slug, title, body }]); each answers { data }, 404 when missing.
 * An expired token (401) signs in again once. The store checks every entry as it checks files.
 */
export function cmsBackend(api: ContentApiConfig, fetchImpl: typeof fetch = fetch): ContentBackend {
  let jwt: string | null = null
  const signIn = async (): Promise<string> => {
    const res = await fetchImpl(`${api.url}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: api.identifier, password: api.password }),
    }).catch((error: Error) => {
      throw new ContentError(`${api.url}/auth/local`, '', `the content API cannot be reached (${error.message})`)
    })
    const body = (await res.json().catch(() => null)) as { jwt?: unknown } | null
    if (!res.ok || typeof body?.jwt !== 'string') throw new ContentError(`${api.url}/auth/local`, '', `sign-in refused (HTTP ${res.status}): check CONTENT_API_IDENTIFIER and CONTENT_API_PASSWORD`)
    return body.jwt
  }
  /** GET with the JWT; undefined for 404. */
  const get = async (path: string): Promise<unknown> => {
    const where = `${api.url}${path}`
    for (let attempt = 0; attempt < 2; attempt++) {
      jwt ??= await signIn()
      const res = await fetchImpl(where, { headers: { authorization: `Bearer ${jwt}`, accept: 'application/json' } }).catch((error: Error) => {
        throw new ContentError(where, '', `the content API cannot be reached (${error.message})`)
      })
      if (res.status === 401 && attempt === 0) {
        jwt = null
        continue
      }
      if (res.status === 404) return undefined
      if (!res.ok) throw new ContentError(where, '', `the content API answered HTTP ${res.status}`)
      const body = (await res.json().catch(() => null)) as { data?: unknown } | null
      if (!body || !('data' in body)) throw new ContentError(where, '', 'the answer is not { "data": ... } JSON')
      return body.data
    }
    throw new ContentError(where, '', 'the content API refused the new token')
  }
  return {
    origin: api.url,
    localesPresent: async () => {
      const data = (await get('/content')) as { locales?: unknown } | undefined
      const locales = Array.isArray(data?.locales) ? data.locales.map(String) : [...LOCALES]
      return locales.map((locale) => ({ locale, where: `${api.url}/content/${locale}` }))
    },
    read: async (section, locale: Locale) => {
      const path = section.scope === 'site' ? `/content/${section.name}` : `/content/${locale}/${section.name}`
      const value = await get(path)
      return value === undefined ? { where: `${api.url}${path}`, found: false } : { where: `${api.url}${path}`, found: true, value }
    },
    pages: async (locale) => {
      const data = await get(`/content/${locale}/pages`)
      if (data === undefined) return []
      if (!Array.isArray(data)) throw new ContentError(`${api.url}/content/${locale}/pages`, '', 'must be a list of pages')
      return data.map((entry: unknown, i) => {
        const slug = typeof (entry as { slug?: unknown })?.slug === 'string' ? (entry as { slug: string }).slug : ''
        const { slug: _slug, ...page } = (entry ?? {}) as Record<string, unknown>
        return { slug, where: `${api.url}/content/${locale}/pages[${i}]`, value: page }
      })
    },
    // The CMS tells of no changes: content changes on the operator's reload call.
    version: async () => null,
  }
}
