import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setupI18n, type Messages } from '@lingui/core'
import type { Plugin } from 'vite'
import { buildInfoOf } from '../server/build-manifest.ts'
import { DEFAULT_LOCALE, LOCALES } from '../src/shared/locales.ts'
import { LOCALE_COOKIE, THEME_COOKIE } from '../src/shared/cookies.ts'
import { offlinePageHtml, offlineScript, type OfflinePageText } from './service-worker/offline-page.ts'
import { serviceWorkerSource } from './service-worker/sw-source.ts'

export const OFFLINE_PREFIX = '/offline/'
export const OFFLINE_SCRIPT = '/offline.js'

/** A compiled catalog (`lingui compile --typescript`): its messages are one JSON string literal. */
export function readCompiledCatalog(file: string): Messages {
  const source = readFileSync(file, 'utf8')
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1]
  if (!literal) throw new Error(`${file}: no compiled messages found; run \`npx lingui compile --typescript\``)
  return JSON.parse(JSON.parse(literal) as string) as Messages
}

/** The offline page's words in one locale, from its catalog by the explicit ids of src/ui/offline/offline.messages.ts. */
export function offlineText(root: string, locale: string): OfflinePageText {
  const i18n = setupI18n({ locale, messages: { [locale]: readCompiledCatalog(join(root, 'locales', locale, 'messages.ts')) } })
  const text = (id: string) => {
    const value = i18n._(id)
    if (value === id) throw new Error(`locales/${locale}: the message ${id} is missing; run \`npx lingui extract\` and compile`)
    return value
  }
  return { title: text('offline.title'), heading: text('offline.heading'), body: text('offline.body'), retry: text('offline.retry') }
}

/**
 * After the client build is written: the offline page of every locale, its script, and sw.js with
 * this build's id and precache list (the app shell and every hashed asset). It runs before the
 * precompress plugin (sequential), so these files get their .br and .gz copies too.
 */
export function serviceWorker(): Plugin {
  let root = process.cwd()
  return {
    name: 'casino:service-worker',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root
    },
    writeBundle: {
      sequential: true,
      async handler(options) {
        const dir = options.dir
        if (!dir) return
        const build = buildInfoOf(dir)
        if (!build) throw new Error(`service worker: no assets in ${dir}`)
        await mkdir(join(dir, 'offline'), { recursive: true })
        for (const locale of LOCALES) {
          await writeFile(join(dir, 'offline', `${locale}.html`), offlinePageHtml(locale, offlineText(root, locale), OFFLINE_SCRIPT))
        }
        await writeFile(join(dir, OFFLINE_SCRIPT.slice(1)), offlineScript(THEME_COOKIE))
        const shell = [...LOCALES.map((locale) => `${OFFLINE_PREFIX}${locale}.html`), OFFLINE_SCRIPT, '/favicon.svg']
        const source = serviceWorkerSource({
          buildId: build.buildId,
          precache: [...shell, ...build.assets],
          locales: LOCALES,
          defaultLocale: DEFAULT_LOCALE,
          offlinePrefix: OFFLINE_PREFIX,
          localeCookie: LOCALE_COOKIE,
        })
        await writeFile(join(dir, 'sw.js'), source)
        this.info(`service worker: build ${build.buildId}, ${shell.length + build.assets.length} files precached`)
      },
    },
  }
}
