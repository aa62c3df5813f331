import { readdirSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import { adjacencyMapToArray, getAdjacencyMap, type AdjacencyMap } from 'xstate/graph'
import { machineRegistry } from './registry'

const machinesDir = dirname(fileURLToPath(import.meta.url))
const root = join(machinesDir, '..', '..')

/** Every src/machines/**\/*.machine.ts; readdirSync recursion because Node 20 has no globSync. */
function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return machineFiles(path)
    return entry.isFile() && entry.name.endsWith('.machine.ts') ? [path] : []
  })
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    typeof (value as { transition?: unknown }).transition === 'function' &&
    typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function'
  )
}

interface ExportedMachine {
  readonly file: string
  readonly exportName: string
  readonly machine: AnyStateMachine
}

async function exportedMachines(): Promise<ExportedMachine[]> {
  const found: ExportedMachine[] = []
  for (const path of machineFiles(machinesDir)) {
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>
    const file = relative(root, path).split(sep).join('/')
    for (const [exportName, value] of Object.entries(module)) {
      if (isMachine(value)) found.push({ file, exportName, machine: value })
    }
  }
  return found
}

describe('machine registry', () => {
  it('registers every machine exported by a src/machines/**/*.machine.ts file', async () => {
    const exported = await exportedMachines()
    expect(exported.length).toBeGreaterThan(0)
    const registered = new Set(machineRegistry.map((entry) => entry.machine))
    const missing = exported
      .filter(({ machine }) => !registered.has(machine))
      .map(({ file, exportName, machine }) => `${file}: ${exportName} (machine id '${machine.id}')`)
    expect(missing, `add these to src/machines/registry.ts:\n${missing.join('\n')}`).toEqual([])
  })

  it('lists each machine under the folder (area) its file is in', async () => {
    const byMachine = new Map(machineRegistry.map((entry) => [entry.machine, entry]))
    const wrong = (await exportedMachines()).flatMap(({ file, exportName, machine }) => {
      const area = byMachine.get(machine)?.area
      const folder = file.split('/')[2] // src/machines/<area>/<flow>/<flow>.machine.ts
      return area === undefined || area === folder ? [] : [`${file}: ${exportName} is registered with area '${area}'`]
    })
    expect(wrong).toEqual([])
  })

  it('has unique names, unique machine ids and the fields QA reads', () => {
    const names = machineRegistry.map((e) => e.name)
    const ids = machineRegistry.map((e) => e.machine.id)
    expect(new Set(names).size).toBe(names.length)
    expect(new Set(ids).size, 'coverage is recorded per machine id').toBe(ids.length)
    for (const entry of machineRegistry) {
      expect(entry.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
      expect(entry.spec).toMatch(/§\d/)
      expect(entry.description.length).toBeGreaterThan(10)
      expect(entry.description).not.toContain('\n')
    }
  })

  it.each(machineRegistry.map((e) => [e.name, e] as const))(
    '%s: its sample events are ones the machine declares, and its graph is finite',
    (_, entry) => {
      const declared = new Set(entry.machine.events as string[])
      const logic = entry.graphMachine?.() ?? entry.machine
      const adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject> = getAdjacencyMap(logic, {
        events: (snapshot) => entry.events(snapshot).filter((event) => entry.filterEvents?.(snapshot, event) ?? true),
        serializeState: (snapshot) => (entry.serializeState ?? ((s) => JSON.stringify(s.value)))(snapshot),
        limit: entry.graphLimit ?? 10_000,
        ...(entry.input === undefined ? {} : { input: entry.input }),
      })
      const sampled = new Set(adjacencyMapToArray(adjacency).map(({ event }) => event.type))
      const matches = (type: string) =>
        declared.has(type) || [...declared].some((d) => d.endsWith('.*') && type.startsWith(d.slice(0, -1)))
      expect([...sampled].filter((type) => !matches(type))).toEqual([])
      expect(Object.keys(adjacency).length).toBeGreaterThan(1)
    },
  )
})
