/**
 * SPEC §2.5: errors for crawler user agents are logged, and no error page is shown to them (a
 * search engine would index a "not found" page's words). Known crawlers name themselves in the
 * User-Agent; this is the usual set of their words.
 */
const CRAWLER = /bot\b|bot\/|crawler|spider|slurp|crawling|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|google-inspectiontool|lighthouse-ci|mediapartners|adsbot|bingpreview|yandex|baiduspider|duckduckgo|petalsearch|semrush|ahrefs|mj12|dotbot|applebot|headlesschrome\/.*googlebot/i

export function isCrawler(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && userAgent !== '' && CRAWLER.test(userAgent)
}
