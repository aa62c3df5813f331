import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { linguiMacros } from './scripts/vite-lingui-macros.ts'
import { lingui } from '@lingui/vite-plugin'
import vike from 'vike/plugin'
import { precompress } from './scripts/vite-precompress.ts'
import { serviceWorker } from './scripts/vite-service-worker.ts'
import { splitCatalogs } from './scripts/vite-split-catalogs.ts'
import { fileURLToPath } from 'node:url'
import { SPRITE_HASH } from './src/shared/icon-sprite.ts'

// Vite 8's React plugin compiles with oxc and has no babel option, so the Lingui macros
// go through our own Babel pass first (scripts/vite-lingui-macros.ts).
export default defineConfig(({ command }) => ({
  plugins: [
    linguiMacros(),
    react(),
    lingui(),
    vike(),
    // The client's messages split by chunk: a core catalog per locale, and each lazy chunk's own
    // loaded with it (docs/performance.md 'Message catalogs'). SSR keeps whole catalogs.
    splitCatalogs(),
    // sw.js, the offline pages and their script, written beside the client build (SPEC §4 'Service worker').
    serviceWorker(),
    // .br and .gz beside each built text file, served by server/http/static.ts.
    precompress(),
  ],
  // Panda writes styled-system/ at the root; the kit imports it by that name.
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The libraries every page's start-up imports (React, the router, XState, Lingui...) in one
            // chunk: left to the automatic splitting they came in a dozen files, each a request.
            codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }] },
          },
        },
      },
    },
  },
  server: { port: 3000 },
  // The built pages get the icon sprite's name written in, so they do not carry every icon's
  // drawing to work it out. Development works it out at run time, so an edited icon shows at once.
  define: command === 'build' ? { __ICON_SPRITE_HASH__: JSON.stringify(SPRITE_HASH) } : {},
}))
