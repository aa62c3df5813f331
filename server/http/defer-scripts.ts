/**
 * The page is painted from its HTML; its scripts only hydrate what is already drawn. On a phone's
 * narrow link the bundle (about 190 KiB) competed with the hero image for bandwidth, and its
 * evaluation (hundreds of milliseconds of main thread) could hold back the frame that showed it.
 * So the page's script loading waits for its first paint: the module preloads and the entry
 * script leave the markup for a small inline starter, which adds them once the images marked
 * fetchpriority="high" have loaded and a frame has shown them (a second at most, and at once
 * when the page has none).
 */
const ENTRY_SCRIPT = /<script src="(\/assets\/entries\/[^"]+\.js)" type="module" async nonce="([^"]*)"><\/script>/
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"[^>]*>\s*/g

/** How long script loading waits for the page's priority images before it starts anyway. */
export const IMAGE_WAIT_MS = 1000

/** Module preloads added in one task (see starter). */
export const PRELOADS_PER_TASK = 4

export function deferScripts(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)
  if (!entry) return html
  const [tag, src, nonce] = entry
  const preloads: string[] = []
  const collect = (_link: string, href: string) => {
    if (!preloads.includes(href)) preloads.push(href)
    return ''
  }
  const before = html.slice(0, entry.index).replace(MODULE_PRELOAD, collect)
  const after = html.slice(entry.index + tag.length).replace(MODULE_PRELOAD, collect)
  return `${before}<script nonce="${nonce}">${starter(src!, preloads)}</script>\n${after}`
}

/**
 * A frame must have shown the page before the scripts load: the second requestAnimationFrame
 * comes after the first frame was drawn. A hidden tab gets no frames, hence the timer beside it,
 * at once when hidden and otherwise as long as the image wait: a short one ran the scripts before
 * a slow phone had finished its first layout, and the first paint then waited for them. The hrefs
 * are the build's own asset paths (the patterns above admit nothing else), written as JSON inside
 * the script.
 *
 * The entry goes first so its fetch starts at once; the preloads follow PRELOADS_PER_TASK to a
 * task, because adding some forty links in one task held the main thread for 100 ms on a slow
 * machine (each starts a request), long enough to delay a tap.
 */
function starter(entry: string, preloads: readonly string[]): string {
  const list = JSON.stringify(preloads).replace(/</g, '\\u003c')
  return `(function(){var d=0;function run(){if(d)return;d=1;var h=document.head,u=${list},i=0,s=document.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};document.body.appendChild(s);(function more(){for(var k=0;${PRELOADS_PER_TASK}>k&&u.length>i;k++,i++){var l=document.createElement('link');l.rel='modulepreload';l.href=u[i];h.appendChild(l)}if(u.length>i)setTimeout(more,0)})()}function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(run,0)})});setTimeout(run,document.hidden?0:${IMAGE_WAIT_MS})}var w=[].filter.call(document.querySelectorAll('img[fetchpriority=high]'),function(i){return!i.complete}),n=w.length;if(!n)return painted();setTimeout(run,${IMAGE_WAIT_MS});w.forEach(function(i){function one(){if(--n===0)painted()}i.addEventListener('load',one,{once:true});i.addEventListener('error',one,{once:true})})})()`
}
