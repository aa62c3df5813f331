/**
 * The one way third-party code gets into the page: every entry names its consent category and
 * loads only once that category is granted (at once if it already is, else when the visitor
 * grants it; never if they do not). Tag managers, marketing pixels, the fingerprint script,
 * custom code entries and chat vendors all go through here, so no vendor can forget consent.
 * Scripts carry the page's CSP nonce; their hosts must be in the CSP (server/http/security.ts).
 */
import { isGranted, type ConsentCategory, type ConsentChoice } from '../../shared/consent'

export type ScriptEntry =
  | { readonly id: string; readonly category: ConsentCategory; readonly src: string }
  /** Inline code (a custom code entry): runs as a nonce'd script element. */
  | { readonly id: string; readonly category: ConsentCategory; readonly code: string }

export interface ScriptLoader {
  /**
   * Resolves when the script has loaded (inline code: when inserted), rejects when it fails.
   * Stays pending while its category is not granted. Asking twice for one id loads once.
   */
  load(entry: ScriptEntry): Promise<void>
  /** The visitor's choice now: entries waiting for a category it grants start loading. */
  setConsent(choice: ConsentChoice | null): void
  isGranted(category: ConsentCategory): boolean
  /** Ids of the entries inserted into the page so far, in order. */
  loaded(): readonly string[]
}

export interface ScriptLoaderHost {
  readonly document: Pick<Document, 'createElement' | 'head' | 'querySelector'>
}

/** The nonce the server put on the page's own scripts (the nonce attribute reads empty; the property does not). */
export function pageNonce(doc: Pick<Document, 'querySelector'>): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]')
  return script?.nonce || script?.getAttribute('nonce') || undefined
}

export function createScriptLoader(host: ScriptLoaderHost, initial: ConsentChoice | null = null): ScriptLoader {
  let choice = initial
  const entries = new Map<string, { entry: ScriptEntry; promise: Promise<void>; start: () => void; started: boolean }>()
  const order: string[] = []

  const insert = (entry: ScriptEntry): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const doc = host.document
      const script = doc.createElement('script')
      const nonce = pageNonce(doc)
      if (nonce) script.nonce = nonce
      script.dataset.consent = entry.category
      script.dataset.scriptId = entry.id
      order.push(entry.id)
      if ('src' in entry) {
        script.async = true
        script.src = entry.src
        script.onload = () => resolve()
        script.onerror = () => reject(new Error(`script ${entry.id} failed to load from ${entry.src}`))
        doc.head.appendChild(script)
      } else {
        script.textContent = entry.code
        doc.head.appendChild(script)
        resolve()
      }
    })

  const startGranted = () => {
    for (const item of entries.values()) {
      if (!item.started && isGranted(choice, item.entry.category)) item.start()
    }
  }

  return {
    load(entry) {
      const known = entries.get(entry.id)
      if (known) return known.promise
      let start!: () => void
      const promise = new Promise<void>((resolve, reject) => {
        start = () => {
          item.started = true
          insert(entry).then(resolve, reject)
        }
      })
      const item = { entry, promise, start: () => start(), started: false }
      entries.set(entry.id, item)
      if (isGranted(choice, entry.category)) item.start()
      return promise
    },
    setConsent(next) {
      choice = next
      startGranted()
    },
    isGranted: (category) => isGranted(choice, category),
    loaded: () => [...order],
  }
}

let pageLoader: ScriptLoader | null = null

/** This browser page's loader (one page, one set of scripts); never on the server. */
export function pageScripts(): ScriptLoader {
  if (typeof document === 'undefined') throw new Error('pageScripts: the script loader runs in the browser only')
  pageLoader ??= createScriptLoader({ document })
  return pageLoader
}
