// After `vite build`: each page's first-load JS (gzip) against budget.config.json; exits 1 when a
// page is over its budget. Usage: node --import tsx scripts/check-budget.ts [config path]
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { measurePages, report, type BudgetConfig, type CatalogManifest, type Manifest } from './budget/budget.ts'

const configPath = resolve(process.argv[2] ?? 'budget.config.json')
const config = JSON.parse(readFileSync(configPath, 'utf8')) as BudgetConfig
const root = dirname(configPath)
let manifest: Manifest
try {
  manifest = JSON.parse(readFileSync(join(root, config.manifest), 'utf8')) as Manifest
} catch (error) {
  console.error(`budget: cannot read the build manifest ${config.manifest} (${(error as Error).message}); run \`npx vite build\` first`)
  process.exit(1)
}
const clientDir = join(root, config.clientDir ?? 'dist/client')
// Written beside the manifest by scripts/vite-split-catalogs.ts; without it the whole catalog is counted.
let catalogs: CatalogManifest | null = null
try {
  catalogs = JSON.parse(readFileSync(join(dirname(join(root, config.manifest)), 'catalogs.json'), 'utf8')) as CatalogManifest
} catch {
  catalogs = null
}
try {
  const { lines, failures } = report(measurePages(config, manifest, (file) => readFileSync(join(clientDir, file)), catalogs))
  console.log('first-load JS per page (entries + route modules + their static imports, gzip level 6; the budget is on the JS),')
  console.log(`plus the message catalogs it loads before hydrating (${catalogs ? 'core + its chunks\' own' : 'the whole catalog'}):`)
  for (const line of lines) console.log(`  ${line}`)
  if (failures.length > 0) {
    console.error('\nbudget exceeded:')
    for (const failure of failures) console.error(`  ${failure}`)
    console.error('Move what the page does not draw into a lazy chunk, or raise the budget in budget.config.json and say why in the commit.')
    process.exit(1)
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
