import '../ui/index.css'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import type { SsrOutcome, SsrRequestContext } from '../shared/ssr-context'
import { serializeState, STATE_SCRIPT_ID } from './dehydrated'
import { renderPageRequest } from './render-page'

export async function onRenderHtml(pageContext: PageContextServer) {
  const ssr = (pageContext as unknown as { ssr?: SsrRequestContext }).ssr
  if (!ssr || pageContext.is404 || pageContext.errorWhileRendering) return bareError(500)
  const nonce = pageContext.cspNonce ?? undefined
  const result = await renderPageRequest({
    urlOriginal: pageContext.urlOriginal,
    headers: (pageContext.headersOriginal ?? {}) as Record<string, string | undefined>,
    ssr,
    nonce,
  })
  if (result.kind === 'redirect') return outcome(escapeInject``, { kind: 'redirect', status: result.status, location: result.location })
  if (result.kind === 'error') return bareError(result.status)
  if (result.kind === 'crawler-error') return outcome(escapeInject``, { kind: 'crawler-error', status: result.status, path: result.path })

  const documentHtml = escapeInject`<!doctype html>
<html lang="${result.locale}" data-theme="${result.theme}" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="dark light" />
    <title>${result.title}</title>
    ${dangerouslySkipEscape(result.head)}
  </head>
  <body>
    <div id="root">${dangerouslySkipEscape(result.appHtml)}</div>
    <script type="application/json" id="${STATE_SCRIPT_ID}" nonce="${nonce ?? ''}">${dangerouslySkipEscape(serializeState(result.state))}</script>
  </body>
</html>`
  return outcome(documentHtml, { kind: 'html', status: result.status, locale: result.locale })
}

function outcome(documentHtml: ReturnType<typeof escapeInject>, ssrOutcome: SsrOutcome) {
  return { documentHtml, pageContext: { ssrOutcome } }
}

/** Last resort when the app itself cannot render: a plain page, never a stack trace or a blank screen. */
function bareError(status: number) {
  const documentHtml = escapeInject`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body style="font-family:system-ui;background:#0f1218;color:#eef1f6;display:grid;place-items:center;min-height:100vh;margin:0"><main style="text-align:center;padding:16px"><h1>${status === 414 ? 'This address is too long' : 'Something went wrong'}</h1><p>${status === 414 ? 'Please check the link you followed.' : 'Please reload the page in a moment.'}</p><p><a href="/" style="color:#7cc4ff">Go to the home page</a></p></main></body></html>`
  return outcome(documentHtml, { kind: 'html', status })
}
