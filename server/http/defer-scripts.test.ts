import { describe, expect, it } from 'vitest'
import { deferScripts, IMAGE_WAIT_MS } from './defer-scripts'

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="modulepreload" href="/assets/chunks/catalog.en-abc.js" />
    <link rel="modulepreload" href="/assets/chunks/page-def.js" />
    <style nonce="N">body{}</style>
  </head>
  <body>
    <div id="root"><img src="/hero.webp" fetchpriority="high"></div>
    <script type="application/json" id="__APP_STATE__" nonce="N">{}</script>
    <script src="/assets/entries/entry-server-routing.B8T.js" type="module" async nonce="N"></script>
    <link rel="modulepreload" href="/assets/entries/src_renderer.x1.js" as="script" type="text/javascript">
    <link rel="modulepreload" href="/assets/chunks/page-def.js" as="script" type="text/javascript">
  </body>
</html>`

interface Appended {
  tag: string
  rel?: string
  href?: string
  type?: string
  src?: string
}

/** Runs the starter against a stand-in document whose priority images load when the test says. */
function runStarter(html: string, images: { complete: boolean }[]) {
  const script = /<script nonce="N">([^<]+)<\/script>/.exec(html)?.[1]
  if (!script) throw new Error('no starter in the page')
  const appended: Appended[] = []
  const listeners: (() => void)[] = []
  const timers: { ms: number; fn: () => void }[] = []
  const frames: (() => void)[] = []
  const element = (tag: string) => ({ tag }) as Appended
  const append = (e: Appended) => appended.push(e)
  const document = {
    head: { appendChild: append },
    body: { appendChild: append },
    createElement: element,
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('img[fetchpriority=high]')
      return images.map((image) => ({
        ...image,
        addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
      }))
    },
  }
  new Function('document', 'requestAnimationFrame', 'setTimeout', script)(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  )
  return { appended, listeners, timers, frames }
}

describe('scripts start after the first paint', () => {
  it('takes every module preload and the entry script out of the markup, into one starter with the nonce', () => {
    const html = deferScripts(page)
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toContain('<script src=')
    expect(html.match(/<script nonce="N">/g)).toHaveLength(1)
    // The rest of the page is untouched, the starter where the entry script was.
    expect(html).toContain('<style nonce="N">body{}</style>')
    expect(html.indexOf('__APP_STATE__')).toBeLessThan(html.indexOf('<script nonce="N">'))
  })

  it('with no priority image, loads the preloads (once each, in order) and then the entry after a frame', () => {
    const { appended, frames, timers } = runStarter(deferScripts(page), [])
    expect(appended).toEqual([])
    frames.shift()!()
    timers.find((t) => t.ms === 0)!.fn()
    expect(appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/chunks/catalog.en-abc.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/chunks/page-def.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/entries/src_renderer.x1.js' },
      { tag: 'script', type: 'module', src: '/assets/entries/entry-server-routing.B8T.js' },
    ])
    // The timer beside the frame (a hidden tab has no frames) finds the work done.
    timers.find((t) => t.ms === 100)!.fn()
    expect(appended).toHaveLength(4)
  })

  it('waits for the priority images that are still loading, or gives up waiting after a second', () => {
    const waiting = runStarter(deferScripts(page), [{ complete: false }, { complete: true }])
    expect(waiting.listeners).toHaveLength(2) // load and error of the one image still loading
    expect(waiting.frames).toEqual([])
    waiting.listeners[0]!()
    waiting.frames[0]!()
    waiting.timers.find((t) => t.ms === 0)!.fn()
    expect(waiting.appended.at(-1)).toMatchObject({ tag: 'script', src: '/assets/entries/entry-server-routing.B8T.js' })

    const stuck = runStarter(deferScripts(page), [{ complete: false }])
    expect(stuck.appended).toEqual([])
    stuck.timers.find((t) => t.ms === IMAGE_WAIT_MS)!.fn()
    expect(stuck.appended).toHaveLength(4)
  })

  it('leaves a page without the entry script as it was', () => {
    const bare = '<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js" /></head><body></body></html>'
    expect(deferScripts(bare)).toBe(bare)
  })
})
