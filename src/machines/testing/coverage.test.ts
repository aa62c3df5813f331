import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup } from 'xstate'
import { appMachine } from '../app/app/app.machine'
import { dialogStackMachine } from '../app/dialog-stack/dialog-stack.machine'
import type { AccountInfo, FetchAccountInput, FetchAccountResult } from '../app/app/app.types'
import { describeChart } from './chart'
import { CoverageRecorder, findActor, mergeCoverage, parseCoverageFile } from './coverage'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flows-coverage-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const visitor = { uid: 0, locale: 'en' } as AccountInfo
const player = { uid: 7, locale: 'en', balance_main: { amount: '1.00', currency: 'EUR' } } as AccountInfo

describe('CoverageRecorder', () => {
  it('records visited states and taken transitions under the chart keys, from the inspect option', () => {
    const recorder = new CoverageRecorder({ dir: tempDir(), fileName: 'a.json' })
    const actor = createActor(dialogStackMachine, { inspect: recorder.inspect }).start()
    actor.send({ type: 'dialog.open', dialog: { id: 'promo', kind: 'promo-activated' } })
    actor.send({ type: 'dialog.closeTop' })

    const recorded = recorder.toJSON().machines.dialogStack!
    expect(recorded.states).toEqual(['dialogStack.idle', 'dialogStack.open'])
    const chart = describeChart(dialogStackMachine)
    const keys = new Set(chart.transitions.map((t) => t.key))
    expect(recorded.transitions.every((key) => keys.has(key))).toBe(true)
    expect(recorded.transitions).toEqual([
      'dialogStack.idle -- dialog.open --> dialogStack.open',
      'dialogStack.open -- dialog.closeTop [closesLast] --> dialogStack.idle',
    ])
    expect(recorded.events).toEqual(expect.arrayContaining(['dialog.open', 'dialog.closeTop']))
  })

  it('attaches to a running actor and records its children and transient states per machine id', () => {
    const recorder = new CoverageRecorder({ dir: tempDir(), fileName: 'a.json' })
    const actor = createActor(
      appMachine.provide({
        actions: { persistTheme: () => {}, switchLocale: () => {} },
        actors: { fetchAccount: fromPromise<FetchAccountResult, FetchAccountInput>(() => new Promise(() => {})) },
      }),
      { input: { account: visitor, locale: 'en', theme: 'dark' } },
    ).start()
    recorder.attach(actor)
    actor.send({ type: 'session.set', account: player })
    actor.send({ type: 'dialog.open', dialog: { id: 'promo', kind: 'promo-activated' } })

    const { machines } = recorder.toJSON()
    // `deciding` is left by `always` in the same macrostep: only a microstep shows it.
    expect(machines.app!.states).toEqual(expect.arrayContaining(['app.session.deciding', 'app.session.player.idle']))
    expect(machines.app!.transitions).toContain('app.session.deciding -- always [hasPlayerAccount] --> app.session.player')
    expect(machines.dialogStack!.states).toContain('dialogStack.open')
    expect(machines.toasts!.states).toEqual(['toasts.idle'])
  })

  it('replays the start of an actor attached after it started: initial transient states count', () => {
    const gate = setup({ types: { input: {} as { open: boolean }, context: {} as { open: boolean } } }).createMachine({
      id: 'gate',
      context: ({ input }) => ({ open: input.open }),
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: ({ context }) => context.open, target: 'open' }, { target: 'closed' }] },
        open: {},
        closed: {},
      },
    })
    const recorder = new CoverageRecorder({ dir: tempDir(), fileName: 'a.json' })
    recorder.attach(createActor(gate, { input: { open: false } }).start())
    expect(recorder.toJSON().machines.gate).toEqual({
      states: ['gate.closed', 'gate.deciding'],
      transitions: ['gate.deciding -- always --> gate.closed'],
      events: [],
    })
  })

  it('does not replay an actor restored from a snapshot', () => {
    const source = createActor(dialogStackMachine).start()
    source.send({ type: 'dialog.open', dialog: { id: 'promo', kind: 'promo-activated' } })
    const restored = createActor(dialogStackMachine, { snapshot: source.getPersistedSnapshot() }).start()
    const recorder = new CoverageRecorder({ dir: tempDir(), fileName: 'a.json' })
    recorder.attach(restored)
    expect(recorder.toJSON().machines.dialogStack!.states).toEqual(['dialogStack.open'])
  })

  it('finds the actor of a system under test', () => {
    const actor = createActor(dialogStackMachine)
    expect(findActor(actor)).toBe(actor)
    expect(findActor({ page: {}, actor })).toBe(actor)
    expect(findActor({ page: {} })).toBeUndefined()
  })

  it('writes one file and merges with what it already holds', () => {
    const dir = tempDir()
    const first = new CoverageRecorder({ dir, fileName: 'worker.json' })
    createActor(dialogStackMachine, { inspect: first.inspect }).start()
    first.flush()
    // A second test file in the same worker evaluates the module again: a new recorder, same file.
    const second = new CoverageRecorder({ dir, fileName: 'worker.json' })
    createActor(dialogStackMachine, { inspect: second.inspect })
      .start()
      .send({ type: 'dialog.open', dialog: { id: 'promo', kind: 'promo-activated' } })
    second.flush()

    const file = parseCoverageFile(readFileSync(join(dir, 'worker.json'), 'utf8'))
    expect(file.machines.dialogStack!.states).toEqual(['dialogStack.idle', 'dialogStack.open'])
  })

  it('merges files as a union', () => {
    const merged = mergeCoverage([
      { version: 1, machines: { m: { states: ['m.a'], transitions: ['t1'], events: [] } } },
      { version: 1, machines: { m: { states: ['m.b', 'm.a'], transitions: [], events: ['e'] }, n: { states: ['n.x'], transitions: [], events: [] } } },
    ])
    expect(merged.machines).toEqual({
      m: { states: ['m.a', 'm.b'], transitions: ['t1'], events: ['e'] },
      n: { states: ['n.x'], transitions: [], events: [] },
    })
  })

  it('rejects a file that is not a coverage file', () => {
    expect(() => parseCoverageFile('{"version":2,"machines":{}}')).toThrow(/not a flows coverage file/)
  })
})
