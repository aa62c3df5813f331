import { describe, expect, it } from 'vitest'
import { deferScripts, IMAGE_WAIT_MS, PRELOADS_PER_TASK } from './defer-scripts'

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
function runStarter(html: string, images: { complete: boolean }[], hidden = false) {
  const script = /<script nonce="N">([^<]+)<\/script>/.exec(html)?.[1]
  if (!script) throw new Error('no starter in the page')
  const appended: Appended[] = []
  const listeners: (() => void)[] = []
  const timers: { ms: number; fn: () => void }[] = []
  const frames: (() => void)[] = []
  const element = (tag: string) => ({ tag }) as Appended
  const append = (e: Appended) => appended.push(e)
  const document = {
    hidden,
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

  it('with no priority image, loads the entry and then the preloads (once each, in order) after a frame', () => {
    const { appended, frames, timers } = runStarter(deferScripts(page), [])
    expect(appended).toEqual([])
    frames.shift()!()
    // One frame is not enough: the first runs before the page is drawn, the second after.
    expect(timers.find((t) => t.ms === 0)).toBeUndefined()
    frames.shift()!()
    timers.find((t) => t.ms === 0)!.fn()
    expect(appended).toEqual([
      { tag: 'script', type: 'module', src: '/assets/entries/entry-server-routing.B8T.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/chunks/catalog.en-abc.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/chunks/page-def.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/entries/src_renderer.x1.js' },
    ])
    // The timer beside the frames (a hidden tab has none) finds the work done.
    timers.find((t) => t.ms === IMAGE_WAIT_MS)!.fn()
    expect(appended).toHaveLength(4)
  })

  it('waits for the priority images that are still loading, or gives up waiting after a second', () => {
    const waiting = runStarter(deferScripts(page), [{ complete: false }, { complete: true }])
    expect(waiting.listeners).toHaveLength(2) // load and error of the one image still loading
    expect(waiting.frames).toEqual([])
    waiting.listeners[0]!()
    waiting.frames.shift()!()
    waiting.frames.shift()!()
    waiting.timers.find((t) => t.ms === 0)!.fn()
    expect(waiting.appended[0]).toMatchObject({ tag: 'script', src: '/assets/entries/entry-server-routing.B8T.js' })

    const stuck = runStarter(deferScripts(page), [{ complete: false }])
    expect(stuck.appended).toEqual([])
    stuck.timers.find((t) => t.ms === IMAGE_WAIT_MS)!.fn()
    expect(stuck.appended).toHaveLength(4)
  })

  it('in a hidden tab, which draws no frames, starts at once', () => {
    const { appended, frames, timers } = runStarter(deferScripts(page), [], true)
    timers.find((t) => t.ms === 0)!.fn()
    expect(appended[0]).toMatchObject({ tag: 'script', src: '/assets/entries/entry-server-routing.B8T.js' })
    // A frame that comes later (the tab shown again) finds the work done.
    frames.shift()!()
    frames.shift()!()
    for (const t of timers.filter((t) => t.ms === 0).slice(1)) t.fn()
    expect(appended.filter((a) => a.tag === 'script')).toHaveLength(1)
  })

  it('adds the preloads a few to a task, so no one task holds the main thread for all of them', () => {
    const many = page.replace(
      '<style nonce="N">',
      Array.from({ length: 10 }, (_, i) => `<link rel="modulepreload" href="/assets/chunks/more-${i}.js" />`).join('') + '<style nonce="N">',
    )
    const { appended, frames, timers } = runStarter(deferScripts(many), [])
    frames.shift()!()
    frames.shift()!()
    timers.find((t) => t.ms === 0)!.fn()
    const links = () => appended.filter((a) => a.tag === 'link').length
    expect(appended[0]).toMatchObject({ tag: 'script' })
    expect(links()).toBe(PRELOADS_PER_TASK)
    // Each later batch is a task of its own (a zero timer), until all 13 are in.
    let batches = 1
    for (let t = timers.at(-1); links() < 13; t = timers.at(-1), batches++) {
      expect(t!.ms).toBe(0)
      t!.fn()
    }
    expect(batches).toBe(Math.ceil(13 / PRELOADS_PER_TASK))
    expect(new Set(appended.map((a) => a.href ?? a.src)).size).toBe(appended.length)
  })

  it('leaves a page without the entry script as it was', () => {
    const bare = '<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js" /></head><body></body></html>'
    expect(deferScripts(bare)).toBe(bare)
  })
})
