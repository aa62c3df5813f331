import { array, nullable, object, pattern, string, type Infer } from 'superstruct'
import { defineCall } from './define'

// Content pages (SPEC §2.1 /{slug}) are files an operator edits in content/<locale>/pages.
// The SPEC shows no call for them, so they get their own area in the §7 form (ARCHITECTURE §4).

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

export const ContentPageSchema = object({
  slug: string(),
  title: string(),
  body: array(string()),
})
export type ContentPage = Infer<typeof ContentPageSchema>

/** Answers null when the locale has no page of that slug: the route then shows the 404 page. */
export const getPage = defineCall({
  area: 'content',
  name: 'getPage',
  method: 'GET',
  access: 'anyone',
  request: object({ slug: pattern(string(), SLUG_PATTERN) }),
  response: nullable(ContentPageSchema),
})
