import { describe, expect, it } from 'vitest'
import { articleLd, breadcrumbListLd, faqPageLd, jsonLdScriptText, organizationLd, productLd, sportsEventLd, videoGameLd } from './json-ld'
import { SCHEMA_TYPES, validateJsonLd } from './schema-types'

const org = { name: 'Royal Ace', url: 'https://casino.test/', logo: 'https://casino.test/favicon.svg' }

/** One document of every type the site emits, built as the pages build them. */
const DOCS = {
  Organization: organizationLd({ ...org, sameAs: ['https://social.example/royalace'] }),
  BreadcrumbList: breadcrumbListLd([
    { name: 'Home', url: 'https://casino.test/' },
    { name: 'Guide', url: 'https://casino.test/guide' },
  ]),
  FAQPage: faqPageLd([{ question: 'Why?', answer: 'Because.' }]),
  Article: articleLd({
    headline: 'Guide',
    description: 'd',
    url: 'https://casino.test/guide',
    inLanguage: 'en',
    datePublished: '2026-11-01',
    author: 'Team',
    publisher: org,
    image: 'https://casino.test/og.png',
  }),
  Product: productLd({ name: 'Welcome pack', url: 'https://casino.test/promotions/welcome', brand: 'Royal Ace', description: 'd', image: 'https://casino.test/p.png', offer: { price: '0.00', currency: 'USD' } }),
  VideoGame: videoGameLd({ name: 'Lucky Sevens', url: 'https://casino.test/game/lucky-sevens', publisher: 'Royal Ace Studio', description: 'd', image: 'https://casino.test/g.svg', genre: 'Slot' }),
  SportsEvent: sportsEventLd({
    name: 'A v B',
    url: 'https://casino.test/betting',
    startDate: '2026-12-01T18:00:00Z',
    endDate: '2026-12-01T20:00:00Z',
    venue: 'Stadium',
    home: 'A',
    away: 'B',
    organizer: 'League',
    description: 'd',
    image: 'https://casino.test/e.svg',
  }),
}

describe('JSON-LD against the schema.org table', () => {
  it.each(Object.entries(DOCS))('%s has every required and recommended property', (type, doc) => {
    expect(doc['@type']).toBe(type)
    const problems = validateJsonLd(doc)
    expect(problems.filter((p) => p.level === 'error')).toEqual([])
    // The top-level node carries the recommended ones too (nested organisations may lack a logo).
    expect(problems.filter((p) => p.path === '')).toEqual([])
  })

  it('finds what a document lacks', () => {
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'q' }] })).toContainEqual(
      expect.objectContaining({ path: 'mainEntity.0', level: 'error', message: 'missing required acceptedAnswer' }),
    )
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: 'x' })).toContainEqual(expect.objectContaining({ level: 'error', message: 'needs one of offers, review, aggregateRating' }))
    expect(validateJsonLd({ '@type': 'Organization', name: 'x', url: 'u' })).toContainEqual(expect.objectContaining({ path: '@context', level: 'error' }))
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'Casino' })).toContainEqual(expect.objectContaining({ message: 'unknown type Casino' }))
    expect(Object.keys(SCHEMA_TYPES)).toEqual(expect.arrayContaining(Object.keys(DOCS)))
  })

  it('script text cannot close its tag', () => {
    const text = jsonLdScriptText(faqPageLd([{ question: '</script><script>alert(1)</script>', answer: '<!-- & -->' }]))
    expect(text).not.toMatch(/<|>/)
    expect(JSON.parse(text).mainEntity[0].name).toBe('</script><script>alert(1)</script>')
  })
})
