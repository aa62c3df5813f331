// Downloads of the /_flows page: the same files as `npm run flows -- export <machine> --format ...`
// (src/machines/testing/export-format.ts, secrets redacted), made in the browser on demand. Its own
// chunk: walking a graph for its unreachable states takes the registry and xstate/graph.
import { findMachineEntry } from '../../machines/registry'
import { EXPORT_FORMATS, exportChart, type ExportFormat } from '../../machines/testing/export-format'
import { initialSnapshot, unreachableStates } from '../../machines/testing/graph'

export { EXPORT_FORMATS, type ExportFormat }

const FILES: Record<ExportFormat, { extension: string; type: string }> = {
  json: { extension: 'json', type: 'application/json' },
  mermaid: { extension: 'mmd', type: 'text/plain' },
  scxml: { extension: 'scxml', type: 'application/scxml+xml' },
}

export function exportFlow(name: string, format: ExportFormat): { fileName: string; type: string; text: string } {
  const entry = findMachineEntry(name)
  if (!entry) throw new Error(`unknown machine '${name}'`)
  const text = exportChart({ entry, initial: initialSnapshot(entry), unreachable: unreachableStates(entry) }, format)
  return { fileName: `${name}.${FILES[format].extension}`, type: FILES[format].type, text }
}
