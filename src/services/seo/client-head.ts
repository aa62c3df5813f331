import { applyPageSeo } from './apply-head'
import { pageSeo, type PageSeoInput } from './page-seo'

/** The head of a page reached by a client-side move; a chunk of its own, loaded on the first move. */
export function writeHead(doc: Document, input: PageSeoInput): void {
  applyPageSeo(doc, pageSeo(input))
}
