import type { ApiClient } from '../../services/api/client'
import { checkPath, getPage, SLUG_PATTERN, type ContentPage, type PathRedirect } from '../../services/api/contract/content'

/** Loader dependency for /{slug}: a slug that cannot exist is a 404 without asking the server. */
export function loadContentPageWith(api: ApiClient) {
  return async (slug: string): Promise<ContentPage | null> => {
    if (!SLUG_PATTERN.test(slug)) return null
    return api.call(getPage, { slug })
  }
}

/** Loader dependency before a 404 in the browser: where the CMS redirect table sends the path. */
export function checkPathWith(api: ApiClient) {
  return (path: string): Promise<PathRedirect | null> => api.call(checkPath, { path })
}
