/**
 * JSON-LD builders (SPEC §3 'SEO data'): pure functions from page data to schema.org documents.
 * Every document they make passes validateJsonLd (schema-types.ts) with no error; a test holds them to it.
 */

export type JsonLd = Record<string, unknown> & { '@context': 'https://schema.org'; '@type': string }

const ld = (type: string, props: Record<string, unknown>): JsonLd => ({ '@context': 'https://schema.org', '@type': type, ...dropEmpty(props) })

function dropEmpty(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)))
}

export function organizationLd(org: { name: string; url: string; logo?: string | null; sameAs?: readonly string[] }): JsonLd {
  return ld('Organization', { name: org.name, url: org.url, logo: org.logo, sameAs: org.sameAs })
}

export function breadcrumbListLd(steps: readonly { name: string; url: string }[]): JsonLd {
  return ld('BreadcrumbList', {
    itemListElement: steps.map((s, i) => ({ '@type': 'ListItem', position: i + 1, name: s.name, item: s.url })),
  })
}

export function faqPageLd(entries: readonly { question: string; answer: string }[]): JsonLd {
  return ld('FAQPage', {
    mainEntity: entries.map((e) => ({ '@type': 'Question', name: e.question, acceptedAnswer: { '@type': 'Answer', text: e.answer } })),
  })
}

export function articleLd(a: {
  headline: string
  description?: string
  url: string
  inLanguage: string
  datePublished: string
  dateModified?: string | null
  author: string
  publisher: { name: string; url: string; logo?: string | null }
  image?: string | null
}): JsonLd {
  return ld('Article', {
    headline: a.headline,
    description: a.description,
    url: a.url,
    mainEntityOfPage: a.url,
    inLanguage: a.inLanguage,
    datePublished: a.datePublished,
    dateModified: a.dateModified ?? a.datePublished,
    author: { '@type': 'Organization', name: a.author, url: a.publisher.url },
    publisher: dropEmpty({ '@type': 'Organization', name: a.publisher.name, url: a.publisher.url, logo: a.publisher.logo }),
    image: a.image,
  })
}

/** A product with its offer; amounts are decimal strings in major units (SPEC §7 convention). */
export function productLd(p: {
  name: string
  description?: string
  url: string
  image?: string | null
  brand: string
  offer: { price: string; currency: string; availability?: 'InStock' | 'OutOfStock' }
}): JsonLd {
  return ld('Product', {
    name: p.name,
    description: p.description,
    image: p.image,
    url: p.url,
    brand: { '@type': 'Brand', name: p.brand },
    offers: dropEmpty({
      '@type': 'Offer',
      price: p.offer.price,
      priceCurrency: p.offer.currency,
      availability: `https://schema.org/${p.offer.availability ?? 'InStock'}`,
      url: p.url,
    }),
  })
}

export function videoGameLd(g: { name: string; description?: string; url: string; image?: string | null; genre?: string; publisher: string }): JsonLd {
  return ld('VideoGame', {
    name: g.name,
    description: g.description,
    url: g.url,
    image: g.image,
    genre: g.genre,
    gamePlatform: 'Web browser',
    publisher: { '@type': 'Organization', name: g.publisher },
  })
}

export function sportsEventLd(e: {
  name: string
  description?: string
  url: string
  startDate: string
  endDate?: string | null
  venue: string
  home: string
  away: string
  organizer: string
  image?: string | null
  status?: 'EventScheduled' | 'EventPostponed' | 'EventCancelled'
}): JsonLd {
  return ld('SportsEvent', {
    name: e.name,
    description: e.description,
    url: e.url,
    startDate: e.startDate,
    endDate: e.endDate,
    eventStatus: `https://schema.org/${e.status ?? 'EventScheduled'}`,
    location: { '@type': 'Place', name: e.venue },
    competitor: [
      { '@type': 'SportsTeam', name: e.home },
      { '@type': 'SportsTeam', name: e.away },
    ],
    organizer: { '@type': 'Organization', name: e.organizer },
    image: e.image,
  })
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the tag or open a comment. */
export function jsonLdScriptText(doc: JsonLd): string {
  return JSON.stringify(doc).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
