import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import vike from 'vike/plugin'
import { fileURLToPath } from 'node:url'

// Vite 8's React plugin compiles with oxc and has no babel option, so the Lingui macros
// go through @rolldown/plugin-babel first (see ../shared/STACK.md).
export default defineConfig({
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    vike(),
  ],
  // Panda writes styled-system/ at the root; the kit imports it by that name.
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  build: { target: 'es2022' },
  server: { port: 3000 },
})
