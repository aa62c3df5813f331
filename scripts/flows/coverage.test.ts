import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { defineEntry } from '../../src/machines/flow-entry'
import { describeChart } from '../../src/machines/testing/chart'
import type { CoverageFile } from '../../src/machines/testing/coverage'
import { runCli } from './cli'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flows-coverage-cli-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const doorMachine = setup({ types: { events: {} as { type: 'door.open' } | { type: 'door.close' } } }).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'open' } },
    open: { on: { 'door.close': 'closed' } },
  },
})
const door = defineEntry({
  name: 'door',
  area: 'test',
  spec: '§0 Fixture',
  description: 'Two states, two transitions',
  machine: doorMachine,
  events: { 'door.open': [{ type: 'door.open' }], 'door.close': [{ type: 'door.close' }] },
})
const [openKey, closeKey] = describeChart(doorMachine).transitions.map((t) => t.key) as [string, string]

function write(dir: string, name: string, machines: CoverageFile['machines']): void {
  writeFileSync(join(dir, name), JSON.stringify({ version: 1, machines } satisfies CoverageFile))
}

async function coverage(dir: string, registry = [door], cwd = dir) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(['coverage', '--dir', dir], {
    registry,
    io: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd },
  })
  return { code, stdout, stderr }
}

describe('flows coverage', () => {
  it('merges the workers’ files and passes at 100 % of states and transitions', async () => {
    const dir = tempDir()
    write(dir, 'worker-1.json', { door: { states: ['door.closed'], transitions: [openKey], events: [] } })
    write(dir, 'worker-2.json', { door: { states: ['door.open'], transitions: [closeKey], events: [] } })
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(0)
    expect(stdout).toContain('Flow coverage: 2 file(s)')
    expect(stdout).toMatch(/door\s+door\s+2\/2 100%\s+2\/2 100%\s+ok/)
    expect(stdout).toContain('PASS: every registered machine has 100 % state and transition coverage (1 machines)')
  })

  it('adds the e2e journeys’ files to the gate and shows each source on its own', async () => {
    const dir = tempDir()
    write(dir, 'worker-1.json', { door: { states: ['door.closed'], transitions: [], events: [] } })
    write(dir, 'worker-2.json', { door: { states: [], transitions: [closeKey], events: [] } })
    write(dir, 'e2e-desktop-w0-1.json', { door: { states: ['door.closed', 'door.open'], transitions: [openKey], events: ['door.open'] } })
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(0)
    expect(stdout).toContain('Flow coverage: 3 file(s) from .: 2 by the model-based machine tests, 1 by the e2e journeys')
    // together, then tests alone, then e2e alone: neither source takes both transitions, the union does
    expect(stdout).toMatch(/door\s+door\s+2\/2 100%\s+2\/2 100%\s+1\/2\s+50%\s+1\/2\s+50%\s+2\/2 100%\s+1\/2\s+50%\s+ok/)
    expect(stdout).toContain('PASS')
  })

  it('without e2e files the report keeps the tests-only layout, and the gate reads the tests alone', async () => {
    const dir = tempDir()
    write(dir, 'worker-1.json', { door: { states: ['door.closed'], transitions: [], events: [] } })
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(1)
    expect(stdout).not.toContain('e2e')
  })

  it('fails at 100 % of states with a transition no test took, naming it', async () => {
    const dir = tempDir()
    write(dir, 'w.json', { door: { states: ['door.closed', 'door.open'], transitions: [openKey], events: [] } })
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(1)
    expect(stdout).toMatch(/door\s+door\s+2\/2 100%\s+1\/2\s+50%\s+FAIL/)
    expect(stdout).toContain(`door: transitions no test took\n  - ${closeKey}`)
    expect(stdout).toContain('FAIL: below 100 % transition coverage (1 of 2 transitions not taken): door')
    expect(stdout).not.toContain('FAIL: below 100 % state coverage')
    expect(stdout).not.toContain('PASS')
  })

  it('counts every guarded branch, eventless and delayed transition as a transition of its own', async () => {
    const gate = setup({
      types: { events: {} as { type: 'gate.push'; force: number } },
      guards: { strong: ({ event }) => event.force > 5 },
      delays: { autoClose: 1000 },
    }).createMachine({
      id: 'gate',
      initial: 'shut',
      states: {
        shut: { on: { 'gate.push': [{ guard: 'strong', target: 'checking' }, { target: 'shut' }] } },
        checking: { always: 'open' },
        open: { after: { autoClose: 'shut' } },
      },
    })
    const entry = defineEntry({
      name: 'gate',
      area: 'test',
      spec: '§0',
      description: 'A guarded branch, an always and an after',
      machine: gate,
      events: { 'gate.push': [{ type: 'gate.push', force: 9 }, { type: 'gate.push', force: 1 }] },
    })
    const keys = describeChart(gate).transitions.map((t) => t.key)
    expect(keys).toEqual([
      'gate.shut -- gate.push [strong] --> gate.checking',
      'gate.shut -- gate.push --> gate.shut',
      'gate.checking -- always --> gate.open',
      'gate.open -- xstate.after.autoClose.gate.open --> gate.shut',
    ])
    const states = ['gate.shut', 'gate.checking', 'gate.open']
    const dir = tempDir()
    // Every state visited, but the unguarded fallback (a weak push) and the delay never happened.
    write(dir, 'w.json', { gate: { states, transitions: [keys[0]!, keys[2]!], events: [] } })
    const partial = await coverage(dir, [entry])
    expect(partial.code).toBe(1)
    expect(partial.stdout).toMatch(/gate\s+gate\s+3\/3 100%\s+2\/4\s+50%\s+FAIL/)
    expect(partial.stdout).toContain(`gate: transitions no test took\n  - ${keys[1]}\n  - ${keys[3]}`)
    expect(partial.stdout).toContain('FAIL: below 100 % transition coverage (2 of 4 transitions not taken): gate')

    write(dir, 'w2.json', { gate: { states: [], transitions: [keys[1]!, keys[3]!], events: [] } })
    const full = await coverage(dir, [entry])
    expect(full.code).toBe(0)
    expect(full.stdout).toMatch(/gate\s+gate\s+3\/3 100%\s+4\/4 100%\s+ok/)
    expect(full.stdout).not.toContain('transitions no test took')
  })

  it('names every machine below the gate and totals the transitions missing across them', async () => {
    const dir = tempDir()
    const other = setup({ types: { events: {} as { type: 'go' } } }).createMachine({
      id: 'other',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {} },
    })
    const otherEntry = defineEntry({ name: 'other', area: 'test', spec: '§0', description: 'One transition', machine: other, events: { go: [{ type: 'go' }] } })
    write(dir, 'w.json', {
      door: { states: ['door.closed', 'door.open'], transitions: [], events: [] },
      other: { states: ['other.a', 'other.b'], transitions: [], events: [] },
    })
    const { code, stdout } = await coverage(dir, [door, otherEntry])
    expect(code).toBe(1)
    expect(stdout).toContain('FAIL: below 100 % transition coverage (3 of 3 transitions not taken): door, other')
  })

  it('fails below 100 % of states, listing the missing ones', async () => {
    const dir = tempDir()
    write(dir, 'w.json', { door: { states: ['door.closed'], transitions: [], events: [] } })
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(1)
    expect(stdout).toMatch(/door\s+door\s+1\/2\s+50%\s+0\/2\s+0%\s+FAIL/)
    expect(stdout).toContain('door: states no test visited\n  - door.open')
    expect(stdout).toContain('FAIL: below 100 % state coverage: door')
    expect(stdout).toContain('FAIL: below 100 % transition coverage (2 of 2 transitions not taken): door')
  })

  it('fails a registered machine nothing recorded', async () => {
    const dir = tempDir()
    write(dir, 'w.json', { other: { states: ['other.x'], transitions: [], events: [] } })
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(1)
    expect(stdout).toMatch(/door\s+door\s+0\/2\s+0%/)
  })

  it('fails a machine with an unreachable state even if a test recorded it', async () => {
    const lonely = setup({ types: { events: {} as { type: 'go' } } }).createMachine({
      id: 'lonely',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {}, island: {} },
    })
    const entry = defineEntry({ name: 'lonely', area: 'test', spec: '§0', description: 'Has an island state', machine: lonely, events: { go: [{ type: 'go' }] } })
    const dir = tempDir()
    write(dir, 'w.json', { lonely: { states: ['lonely.a', 'lonely.b', 'lonely.island'], transitions: [], events: [] } })
    const { code, stdout } = await coverage(dir, [entry])
    expect(code).toBe(1)
    expect(stdout).toContain('lonely: unreachable states (no sample event sequence reaches them)\n  - lonely.island')
    expect(stdout).toContain('FAIL: states no sample event reaches: lonely')
    expect(stdout).not.toContain('PASS')
  })

  it('reports stale keys and skips files that are not coverage files', async () => {
    const dir = tempDir()
    write(dir, 'w.json', { door: { states: ['door.closed', 'door.open', 'door.ajar'], transitions: [openKey, closeKey], events: [] } })
    writeFileSync(join(dir, 'junk.json'), '{"hello":1}')
    const { code, stdout } = await coverage(dir)
    expect(code).toBe(0)
    expect(stdout).toContain('door: recorded but not in the chart any more')
    expect(stdout).toContain('  - door.ajar')
    expect(stdout).toMatch(/skipped .*junk\.json: not a flows coverage file/)
  })

  it('exits 1 and says how to record when nothing was recorded', async () => {
    const cwd = tempDir()
    const { code, stdout, stderr } = await coverage(join(cwd, 'missing'), [door], cwd)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain('no coverage recorded in missing; run the machine tests first (npx vitest run src/machines)')
  })
})
