import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { ContentPage } from '../../services/api/contract/content'
import { selectCmsSection, selectLocale } from '../../machines/app/app/app.selectors'
import { HOME_CRUMB } from '../layout/home-crumb'
import { useAppSelector } from './AppProviders'

// The address whose head is in the document (the server's, at first).
let headFor: string | undefined
// The rules and JSON-LD builders are loaded on the first move, not with every page's first load;
// a move overtaken by the next one while they load writes nothing.
let moves = 0

/**
 * The server writes a page's head; after a client-side move this writes what it would have written
 * for the new address (title, description, canonical and alternate links, robots, cards, JSON-LD),
 * from the same rules (src/services/seo/page-seo.ts) and the content's SEO settings. The address
 * the page was loaded at keeps the server's head untouched, whichever layout mounts first.
 */
export function usePageHead({ routeName, title, noindex, page, skip = false }: { routeName: string | null; title: string; noindex: boolean; page: ContentPage | null; skip?: boolean }) {
  const { i18n } = useLingui()
  const { pathname, search } = useLocation()
  const locale = useAppSelector(selectLocale)
  const seo = useAppSelector(selectCmsSection('seo'))
  useEffect(() => {
    if (skip) return
    const key = `${locale} ${pathname}${search} ${title}`
    if (headFor === undefined || headFor === key) {
      headFor = key
      return
    }
    headFor = key
    if (!seo) return
    const move = ++moves
    const input = {
      publicUrl: window.location.origin,
      path: pathname,
      search,
      locale,
      routeName,
      title,
      status: 200,
      noindex,
      settings: seo.page,
      page,
      homeName: i18n._(HOME_CRUMB),
    }
    void import('../../services/seo/client-head').then(({ writeHead }) => {
      if (move === moves) writeHead(document, input)
    })
  }, [pathname, search, locale, routeName, title, noindex, page, seo, i18n, skip])
}
