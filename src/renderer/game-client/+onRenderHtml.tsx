import '../../ui/index.css'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import type { SsrOutcome, SsrRequestContext } from '../../shared/ssr-context'
import { renderGamePage } from './render-game-page'

export async function onRenderHtml(pageContext: PageContextServer) {
  const ssr = (pageContext as unknown as { ssr?: SsrRequestContext }).ssr
  if (!ssr || pageContext.errorWhileRendering) return bareError()
  const result = await renderGamePage({
    urlOriginal: pageContext.urlOriginal,
    sysname: pageContext.routeParams?.sysname ?? '',
    headers: (pageContext.headersOriginal ?? {}) as Record<string, string | undefined>,
    ssr,
    nonce: pageContext.cspNonce ?? '',
  })
  if (result.kind === 'crawler-error') return outcome(escapeInject``, result)
  // No locale in the outcome: the operator's custom code (analytics, chat) is for the site's pages, not a game's frame.
  return outcome(escapeInject`${dangerouslySkipEscape(result.html)}`, { kind: 'html', status: result.status })
}

function outcome(documentHtml: ReturnType<typeof escapeInject>, ssrOutcome: SsrOutcome) {
  return { documentHtml, pageContext: { ssrOutcome } }
}

/** Last resort when the page itself cannot render: a plain page, never a stack trace. */
function bareError() {
  const documentHtml = escapeInject`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body style="font-family:system-ui;background:#0f1218;color:#eef1f6;display:grid;place-items:center;min-height:100vh;margin:0"><main style="text-align:center;padding:16px"><h1>Something went wrong</h1><p>Please reload the game in a moment.</p></main></body></html>`
  return outcome(documentHtml, { kind: 'html', status: 500 })
}
