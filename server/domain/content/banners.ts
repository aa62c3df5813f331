import type { BannersContent } from '../../../src/services/api/contract/content'

/**
 * The banners a page may show at `now`: those without an end, or whose end is still ahead. Done
 * on the server, when the config is served, so the HTML and the hydrating browser see one list.
 */
export function activeBanners(content: BannersContent, now: number): BannersContent {
  const banners = content.banners.filter((banner) => !banner.finishedAt || Date.parse(banner.finishedAt) > now)
  return banners.length === content.banners.length ? content : { ...content, banners }
}
