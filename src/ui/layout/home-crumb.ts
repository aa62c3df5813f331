import { msg } from '@lingui/core/macro'

/** The first step of every content page's breadcrumb trail, on the page and in its JSON-LD alike. */
export const HOME_CRUMB = msg`Home`
