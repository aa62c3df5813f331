import type { ApiClient } from '../../services/api/client'
import type { ContentPage, PathRedirect } from '../../services/api/contract/content'

// The content contract (every content schema) loads with the first content page or 404, not with every page.
const contract = () => import('../../services/api/contract/content')

/** Loader dependency for /{slug}: a slug that cannot exist is a 404 without asking the server. */
export function loadContentPageWith(api: ApiClient) {
  return async (slug: string): Promise<ContentPage | null> => {
    const { getPage, SLUG_PATTERN } = await contract()
    if (!SLUG_PATTERN.test(slug)) return null
    return api.call(getPage, { slug })
  }
}

/** Loader dependency before a 404 in the browser: where the CMS redirect table sends the path. */
export function checkPathWith(api: ApiClient) {
  return async (path: string): Promise<PathRedirect | null> => {
    const { checkPath } = await contract()
    return api.call(checkPath, { path })
  }
}
