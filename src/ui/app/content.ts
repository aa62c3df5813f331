import type { ApiClient } from '../../services/api/client'
import { getPage, SLUG_PATTERN, type ContentPage } from '../../services/api/contract/content'

/** Loader dependency for /{slug}: a slug that cannot exist is a 404 without asking the server. */
export function loadContentPageWith(api: ApiClient) {
  return async (slug: string): Promise<ContentPage | null> => {
    if (!SLUG_PATTERN.test(slug)) return null
    return api.call(getPage, { slug })
  }
}
