import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { assign, createMachine, setup } from 'xstate'
import { defineEntry, type MachineEntry } from '../../src/machines/flow-entry'
import { machineRegistry } from '../../src/machines/registry'
import { describeChart } from '../../src/machines/testing/chart'
import { runCli } from './cli'

interface Run {
  code: number
  stdout: string
  stderr: string
}

async function run(argv: string[], registry?: readonly MachineEntry[], cwd = process.cwd()): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    ...(registry ? { registry } : {}),
    io: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd },
  })
  return { code, stdout, stderr }
}

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flows-cli-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

// A machine with secrets in context and payloads, and a state nothing reaches.
const SECRET = 'hunter2-SECRET'
type VaultEvent = { type: 'vault.unlock'; password: string; code: string } | { type: 'vault.lock' }
const vaultMachine = setup({
  types: {
    context: {} as { login: string; password: string; credentials: { token: string } | null },
    events: {} as VaultEvent,
  },
}).createMachine({
  id: 'vault',
  context: { login: 'ace', password: SECRET, credentials: { token: SECRET } },
  initial: 'locked',
  states: {
    locked: {
      on: {
        'vault.unlock': {
          target: 'open',
          actions: assign(({ event }) => ({ password: event.password, credentials: { token: event.code } })),
        },
      },
    },
    open: { on: { 'vault.lock': 'locked' } },
    orphan: { type: 'final' },
  },
})
const vault = defineEntry({
  name: 'vault',
  area: 'test',
  spec: '§0 Fixture',
  description: 'A fixture with secrets and an unreachable state',
  machine: vaultMachine,
  redact: ['password', 'code', 'token'],
  events: {
    'vault.unlock': [{ type: 'vault.unlock', password: SECRET, code: SECRET }],
    'vault.lock': [{ type: 'vault.lock' }],
  },
})

// ── list ─────────────────────────────────────────────────────────────────────

describe('flows list', () => {
  it('prints a table of every registered machine with its area, SPEC section and counts', async () => {
    const { code, stdout } = await run(['list'])
    expect(code).toBe(0)
    const [header, , ...rows] = stdout.trimEnd().split('\n')
    expect(header).toMatch(/^name\s+area\s+SPEC §\s+states\s+events\s+description$/)
    expect(rows).toHaveLength(machineRegistry.length)
    for (const entry of machineRegistry) {
      const row = rows.find((r) => r.startsWith(`${entry.name} `))
      expect(row, entry.name).toBeDefined()
      expect(row).toContain(entry.spec)
      expect(row).toMatch(new RegExp(`\\s${describeChart(entry.machine).states.length}\\s+${entry.machine.events.length}\\s`))
    }
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(expect.arrayContaining(['app', 'dialog-stack', 'toasts']))
  })
})

// ── paths ────────────────────────────────────────────────────────────────────

interface JsonPaths {
  summary: string
  total: number
  shown: number
  truncated: boolean
  cap?: number
  unreachable: string[]
  paths: { target: string; start: string; steps: { event: string; payload?: unknown; state: string; context: unknown }[] }[]
}

const jsonPaths = async (argv: string[], registry?: readonly MachineEntry[]) => {
  const result = await run([...argv, '--format', 'json'], registry)
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout) as JsonPaths
}

describe('flows paths', () => {
  it('dialog-stack --shortest: one path per reachable state, each ending where it says', async () => {
    const report = await jsonPaths(['paths', 'dialog-stack', '--shortest'])
    expect(report.paths.map((p) => p.target).sort()).toEqual(['idle', 'open'])
    expect(report.total).toBe(2)
    const open = report.paths.find((p) => p.target === 'open')!
    expect(open.start).toBe('idle')
    expect(open.steps.map((s) => [s.event, s.state])).toEqual([['dialog.open', 'open']])
    expect(open.steps[0]!.payload).toEqual({ dialog: { id: 'promo', kind: 'promo-activated' } })
  })

  it('app: one shortest path for each of visitor, player, each refreshing and logging out, before and after hydration, and saving a locale', async () => {
    const report = await jsonPaths(['paths', 'app'])
    const sessions = [
      'session.player.idle',
      'session.player.refreshing',
      'session.player.loggingOut.calling',
      'session.player.loggingOut.ending',
      'session.visitor.idle',
      'session.visitor.refreshing',
    ]
    const live = ['live.dormant', 'live.running.awaitingPlayer', 'live.running.loadingSettings', 'live.running.settled']
    // A logged-in player never waits for one: General info is read as soon as the page runs.
    // A player's locale change saves it first (locale.saving), whatever the session does meanwhile.
    const expected = sessions.flatMap((s) =>
      live
        .filter((l) => !(s.startsWith('session.player') && l.endsWith('awaitingPlayer')))
        .flatMap((l) => [`${s}, ${l}, theme.ready, locale.ready`, `${s}, ${l}, theme.ready, locale.saving`]),
    )
    expect(report.paths.map((p) => p.target).sort()).toEqual(expected.sort())
  })

  it.each(machineRegistry.map((e) => [e.name] as const))('%s: every state is reachable from the sample events', async (name) => {
    const result = await run(['paths', name])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
  })

  it('prints text with the events, their payloads and each state reached', async () => {
    const { code, stdout } = await run(['paths', 'dialog-stack'])
    expect(code).toBe(0)
    expect(stdout).toContain('dialog-stack: 2 shortest paths, one per reachable state')
    expect(stdout).toContain('Path 2: open (1 step)')
    expect(stdout).toContain('1.     dialog.open {"dialog":{"id":"promo","kind":"promo-activated"}}  ->  open')
  })

  it('caps simple paths and says so', async () => {
    const all = await jsonPaths(['paths', 'header-menus', '--simple'])
    expect(all.truncated).toBe(false)
    expect(all.cap).toBe(200)
    expect(all.total).toBeGreaterThan(2)

    const capped = await jsonPaths(['paths', 'header-menus', '--simple', '--limit', '2'])
    expect(capped.shown).toBe(2)
    expect(capped.total).toBe(all.total)
    expect(capped.truncated).toBe(true)
    const text = await run(['paths', 'header-menus', '--simple', '--limit=2'])
    expect(text.stdout).toContain(`header-menus: showing 2 of ${all.total} simple paths, shortest first (capped at 2; change with --limit N)`)
    // Shortest first, so the cap keeps the paths a tester would start with.
    expect(capped.paths.map((p) => p.steps.length)).toEqual([0, 1])
  })

  it('does not enumerate an exponential number of simple paths: counts to a budget, then takes the shortest', async () => {
    // Eight independent switches: 256 states and far more simple paths than anyone could read.
    const switches = Array.from({ length: 8 }, (_, i) => `s${i}`)
    const panel = setup({ types: { events: {} as { type: 'flip'; which: string } } }).createMachine({
      id: 'panel',
      type: 'parallel',
      states: Object.fromEntries(
        switches.map((name) => [
          name,
          {
            initial: 'off',
            states: {
              off: { on: { flip: { guard: ({ event }) => event.which === name, target: 'on' } } },
              on: { on: { flip: { guard: ({ event }) => event.which === name, target: 'off' } } },
            },
          },
        ]),
      ),
    })
    const entry = defineEntry({
      name: 'panel',
      area: 'test',
      spec: '§0 Fixture',
      description: 'Eight independent switches',
      machine: panel,
      events: { flip: switches.map((which) => ({ type: 'flip' as const, which })) },
    })
    const started = Date.now()
    const report = await jsonPaths(['paths', 'panel', '--simple', '--limit', '50'], [entry])
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(report.shown).toBe(50)
    expect(report.truncated).toBe(true)
    expect(report.summary).toBe('panel: showing 50 of more than 20000 simple paths, shortest first (capped at 50; change with --limit N)')
    const lengths = report.paths.map((p) => p.steps.length)
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b))
    expect(lengths.slice(0, 9)).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1])
  })

  it('gherkin: a Feature, then per path a Scenario of Given, When and Then steps', async () => {
    const { code, stdout } = await run(['paths', 'dialog-stack', '--format', 'gherkin'])
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))
    expect(lines[0]).toBe('Feature: dialog-stack')
    const scenarios = stdout.split('\n  Scenario: ').slice(1)
    expect(scenarios).toHaveLength(2)
    for (const scenario of scenarios) {
      const steps = scenario.trimEnd().split('\n').slice(1).map((l) => l.trim())
      expect(steps[0]).toMatch(/^Given the dialog-stack flow is in "[^"]+"$/)
      expect(steps.at(-1)).toMatch(/^Then the dialog-stack flow is in "[^"]+"$/)
      for (const step of steps) expect(step).toMatch(/^(Given|When|Then) /)
    }
    expect(stdout).toContain(
      '    When "dialog.open" happens with {"dialog":{"id":"promo","kind":"promo-activated"}}\n    Then the dialog-stack flow is in "open"',
    )
  })

  it('csv: a header, then one row per step with a JSON payload cell', async () => {
    const { code, stdout } = await run(['paths', 'dialog-stack', '--format', 'csv'])
    expect(code).toBe(0)
    const [header, ...rows] = stdout.trimEnd().split('\n')
    expect(header).toBe('path,target,step,from,event,payload,to')
    expect(rows).toEqual(['1,idle,0,,,,idle', '2,open,1,idle,dialog.open,"{""dialog"":{""id"":""promo"",""kind"":""promo-activated""}}",open'])
  })

  it('csv of capped simple paths states the cap on stderr, keeping the CSV clean', async () => {
    const { stdout, stderr } = await run(['paths', 'app', '--simple', '--limit', '1', '--format', 'csv'])
    expect(stdout.split('\n')[0]).toBe('path,target,step,from,event,payload,to')
    expect(stderr).toMatch(/^app: showing 1 of (?:more than )?\d+ simple paths, shortest first \(capped at 1;/)
  })
})

// ── export ───────────────────────────────────────────────────────────────────

/** Enough of XML to know a file parses: one root, balanced tags, quoted attributes, known entities. */
function checkWellFormed(xml: string): string[] {
  const errors: string[] = []
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  const stack: string[] = []
  let roots = 0
  const token = /<!--([\s\S]*?)-->|<([/]?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/g
  for (const m of body.matchAll(token)) {
    const [, comment, close, name, , selfClose, text, stray] = m
    if (comment !== undefined) {
      if (comment.includes('--') || comment.endsWith('-')) errors.push(`bad comment: ${comment}`)
    } else if (stray !== undefined) errors.push(`stray '<' at ${m.index}: ${body.slice(m.index, m.index + 40)}`)
    else if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') errors.push(`text outside the root: ${text.trim()}`)
      for (const ref of text.match(/&[^;\s]*;?/g) ?? []) if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);$/i.test(ref)) errors.push(`bad entity ${ref}`)
    } else if (close) {
      if (stack.pop() !== name) errors.push(`unbalanced </${name}>`)
    } else {
      if (stack.length === 0) roots++
      if (!selfClose) stack.push(name!)
    }
    for (const ref of (m[4] ?? '').match(/&[^;\s"]*;?/g) ?? []) if (!/^&(amp|lt|gt|quot|apos|#\d+);$/.test(ref)) errors.push(`bad entity ${ref}`)
  }
  if (stack.length > 0) errors.push(`unclosed: ${stack.join(' > ')}`)
  if (roots !== 1) errors.push(`${roots} root elements`)
  return errors
}

describe('flows export', () => {
  it('mermaid: a stateDiagram-v2 with every state, composites for nested and parallel states', async () => {
    const { code, stdout } = await run(['export', 'app', '--format', 'mermaid'])
    expect(code).toBe(0)
    expect(stdout.startsWith('stateDiagram-v2\n')).toBe(true)
    for (const state of describeChart(machineRegistry.find((e) => e.name === 'app')!.machine).states) {
      expect(stdout).toContain(` as ${state.id.replace(/\./g, '_')}\n`)
    }
    expect(stdout).toContain('  state app {\n')
    expect(stdout).toMatch(/\n {4}--\n/) // parallel regions
    expect(stdout).toContain('app_session_deciding --> app_session_player : always [hasPlayerAccount]')
    expect(stdout).toContain('app_session_visitor_refreshing --> app_session_deciding : done fetchAccount [fetchSucceeded] / assignAccount')
  })

  it('scxml: well-formed, with nested states, a parallel root and every transition target defined', async () => {
    for (const entry of machineRegistry) {
      const { code, stdout } = await run(['export', entry.name, '--format', 'scxml'])
      expect(code).toBe(0)
      expect(checkWellFormed(stdout), entry.name).toEqual([])
      expect(stdout).toContain('<scxml xmlns="http://www.w3.org/2005/07/scxml"')
      const ids = new Set([...stdout.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))
      const targets = [...stdout.matchAll(/<transition[^>]* target="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '))
      expect(targets.filter((t) => !ids.has(t)), entry.name).toEqual([])
    }
    const app = await run(['export', 'app', '--format', 'scxml'])
    expect(app.stdout).toContain('<parallel id="app">')
    expect(app.stdout).toMatch(/<state id="app.session.visitor" initial="app.session.visitor.idle">\s+<onentry>[\s\S]*?<\/onentry>\s+<state id="app.session.visitor.idle">/)
    expect(app.stdout).toContain('<transition cond="hasPlayerAccount" target="app.session.player"/>')
  })

  it('the well-formedness check catches broken XML', () => {
    expect(checkWellFormed('<a><b></a>')).not.toEqual([])
    expect(checkWellFormed('<a x="1"/><b/>')).toEqual(['2 root elements'])
    expect(checkWellFormed('<a>&nbsp;</a>')).toEqual(['bad entity &nbsp;'])
    expect(checkWellFormed('<a><!-- x -- y --></a>')).not.toEqual([])
  })

  it('json: states, transitions with event, guard, targets and actions, and an XState config', async () => {
    const { code, stdout } = await run(['export', 'dialog-stack'])
    expect(code).toBe(0)
    const data = JSON.parse(stdout)
    expect(data.states.map((s: { id: string }) => s.id)).toEqual(['dialogStack', 'dialogStack.idle', 'dialogStack.open'])
    expect(data.transitions).toContainEqual(
      expect.objectContaining({
        source: 'dialogStack.open',
        event: 'dialog.close',
        guard: 'closesLast',
        targets: ['dialogStack.idle'],
        actions: ['enqueueActions'],
      }),
    )
    expect(data.config.states.open.entry).toEqual(['lockScroll'])
    expect(data.config.states.idle.on['dialog.open']).toEqual([{ target: ['#dialogStack.open'], actions: ['pushDialog'] }])
    expect(data.initial).toEqual({ value: 'idle', context: { stack: [], queue: [] } })
  })

  it('json config maps invoke outcomes and delays back to onDone, onError and after', async () => {
    const app = JSON.parse((await run(['export', 'app'])).stdout)
    const refreshing = app.config.states.session.states.visitor.states.refreshing
    expect(refreshing.invoke[0].id).toBe('fetchAccount')
    expect(refreshing.invoke[0].onDone).toHaveLength(2)
    expect(refreshing.invoke[0].onError).toEqual([{ target: ['#app.session.visitor.idle'], actions: ['reportError'] }])
    const timer = JSON.parse((await run(['export', 'toast-timer'])).stdout)
    expect(timer.config.states.counting.after).toEqual({ toastDuration: [{ target: ['#toastTimer.expired'] }] })
  })

  it.each(machineRegistry.map((e) => [e.name, e] as const))(
    '%s: the json config builds a machine with the same states and transitions',
    async (name, entry) => {
      const { config } = JSON.parse((await run(['export', name])).stdout)
      const rebuilt = describeChart(createMachine(config))
      const original = describeChart(entry.machine)
      expect(rebuilt.states.map((s) => [s.id, s.type, s.initial])).toEqual(original.states.map((s) => [s.id, s.type, s.initial]))
      expect(rebuilt.transitions.map((t) => t.key).sort()).toEqual(original.transitions.map((t) => t.key).sort())
    },
  )

  it('--out writes the file and says where', async () => {
    const dir = tempDir()
    const { code, stdout } = await run(['export', 'toasts', '--format', 'mermaid', '--out', 'docs/toasts.mmd'], undefined, dir)
    expect(code).toBe(0)
    expect(stdout).toMatch(/^wrote docs\/toasts\.mmd \(mermaid: 4 states, \d+ transitions\)\n$/)
    expect(readFileSync(join(dir, 'docs', 'toasts.mmd'), 'utf8').startsWith('stateDiagram-v2')).toBe(true)
  })
})

// ── redaction and unreachable states ─────────────────────────────────────────

describe('secrets and chart problems', () => {
  it('redacts the entry’s secret fields in every path format and export, context and payloads alike', async () => {
    const outputs = await Promise.all([
      ...['text', 'json', 'gherkin', 'csv'].map((f) => run(['paths', 'vault', '--format', f], [vault])),
      run(['paths', 'vault', '--simple', '--format', 'json'], [vault]),
      ...['json', 'mermaid', 'scxml'].map((f) => run(['export', 'vault', '--format', f], [vault])),
    ])
    for (const out of outputs) {
      expect(out.code).toBe(0)
      expect(out.stdout).not.toContain(SECRET)
    }
    const json = JSON.parse(outputs[1]!.stdout) as JsonPaths
    const step = json.paths.find((p) => p.target === 'open')!.steps[0]!
    expect(step.payload).toEqual({ password: '[redacted]', code: '[redacted]' })
    expect(step.context).toEqual({ login: 'ace', password: '[redacted]', credentials: { token: '[redacted]' } })
    expect(outputs[0]!.stdout).toContain('vault.unlock {"password":"[redacted]","code":"[redacted]"}')
    const exported = JSON.parse(outputs[5]!.stdout)
    expect(exported.initial.context).toEqual({ login: 'ace', password: '[redacted]', credentials: { token: '[redacted]' } })
    expect(outputs[7]!.stdout).toContain('<data id="password" expr="&quot;[redacted]&quot;"/>')
  })

  it('a graph that does not end within its limit is an error naming the machine and the fix', async () => {
    const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'inc' } } }).createMachine({
      id: 'counter',
      context: { n: 0 },
      on: { inc: { actions: assign(({ context }) => ({ n: context.n + 1 })) } },
    })
    const entry = defineEntry({
      name: 'counter',
      area: 'test',
      spec: '§0 Fixture',
      description: 'Context grows without bound',
      machine: counter,
      serializeState: (s) => JSON.stringify(s.context),
      graphLimit: 50,
      events: { inc: [{ type: 'inc' }] },
    })
    await expect(run(['paths', 'counter'], [entry])).rejects.toThrow(
      "machine 'counter': its graph did not end within 50 traversal steps; give its registry entry a coarser serializeState or fewer sample events",
    )
  })

  it('paths and export warn, naming the machine and its unreachable states', async () => {
    for (const argv of [['paths', 'vault'], ['export', 'vault', '--format', 'mermaid']]) {
      const { code, stderr } = await run(argv, [vault])
      expect(code).toBe(0)
      expect(stderr).toContain("warning: machine 'vault' has unreachable states: vault.orphan")
    }
    const json = await jsonPaths(['paths', 'vault'], [vault])
    expect(json.unreachable).toEqual(['vault.orphan'])
  })
})

// ── bad input ────────────────────────────────────────────────────────────────

describe('bad input exits 2 with a message that says what to do', () => {
  const known = machineRegistry.map((e) => e.name).join(', ')

  it.each([
    [['paths', 'nope'], `flows: unknown machine 'nope'; known: ${known}\n`],
    [['export', 'nope', '--format', 'mermaid'], `flows: unknown machine 'nope'; known: ${known}\n`],
    [['paths', 'app', '--format', 'yaml'], "flows: unsupported format 'yaml' for paths; allowed: text, json, gherkin, csv\n"],
    [['export', 'app', '--format', 'png'], "flows: unsupported format 'png' for export; allowed: json, mermaid, scxml\n"],
    [['paths'], `flows: paths needs a machine name; known: ${known}\n`],
    [['paths', 'app', '--shortest', '--simple'], 'flows: choose --shortest or --simple, not both\n'],
    [['paths', 'app', '--simple', '--limit', '0'], "flows: --limit must be a whole number above 0, not '0'\n"],
    [['paths', 'app', '--limit', '5'], 'flows: --limit caps simple paths; use it with --simple\n'],
    [['paths', 'app', '--format'], 'flows: --format needs a value\n'],
    [['paths', 'app', '--verbose'], "flows: unknown option '--verbose'; this command takes --format, --limit, --shortest, --simple\n"],
    [['frobnicate'], "flows: unknown command 'frobnicate'; commands: list, paths, export, coverage\n"],
  ])('%j', async (argv, message) => {
    const { code, stdout, stderr } = await run(argv)
    expect(code).toBe(2)
    expect(stderr).toBe(message)
    expect(stdout).toBe('')
  })

  it('no command prints the usage and exits 2; help exits 0', async () => {
    const none = await run([])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('Usage: npm run flows -- <command>')
    expect((await run(['help'])).code).toBe(0)
  })
})
