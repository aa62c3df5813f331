import { transformAsync, type ParserOptions } from '@babel/core'
import type { Plugin } from 'vite'

const macroImport = /@lingui\/(?:react|core)\/macro/

/**
 * Compiles Lingui's macros (`@lingui/react/macro`, `@lingui/core/macro`) with Babel before Vite's
 * React plugin strips types with oxc, which has no Babel hook. Ours rather than
 * @rolldown/plugin-babel, which declares Node 22 (docs/decisions/005-node-20-dependencies.md).
 */
export function linguiMacros(): Plugin {
  return {
    name: 'royal-ace:lingui-macros',
    enforce: 'pre',
    transform: {
      // Files without a macro import never cross into this hook.
      filter: { code: macroImport },
      async handler(code, id) {
        const path = id.split('?', 1)[0] ?? id
        if (path.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(path)) return null
        const typescript = /\.[cm]?tsx?$/.test(path)
        // A .ts file parsed with JSX on would misread generic arrows such as `<T,>(x: T) => x`.
        const jsx = path.endsWith('x') || !typescript
        const plugins: NonNullable<ParserOptions['plugins']> = []
        if (typescript) plugins.push('typescript')
        if (jsx) plugins.push('jsx')
        const result = await transformAsync(code, {
          filename: path,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        })
        return result?.code ? { code: result.code, map: result.map } : null
      },
    },
  }
}
