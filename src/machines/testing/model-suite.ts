// The three model tests every machine test runs (ARCHITECTURE §7), as one call:
//   describeModel('loginMachine', harness, { minShortestPaths: 20 })
// A machine walked from several inputs (set-ups) names each one; each set-up walks its own paths
// and edges:
//   describeModel('historyMachine', { 'the first page': first, 'a later page': later }, { minShortestPaths: 30 })
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, EventObject } from 'xstate'
import type { ModelHarness } from './model'

export interface ModelSuiteOptions {
  /**
   * Each walk of shortest paths must take more than this many paths (a floor that catches a graph
   * that collapsed); with several set-ups, one floor for all or one per set-up.
   */
  readonly minShortestPaths: number | Readonly<Record<string, number>>
  /** A time budget for each walk, the shortest paths and the remaining edges, for large graphs (ms). */
  readonly timeoutMs?: number
  /** A time budget for the all-edges walk alone (ms); defaults to `timeoutMs`. */
  readonly edgesTimeoutMs?: number
  /**
   * With several set-ups, which must reach every resting state of the chart: each set-up (the
   * default), the set-ups together (what one cannot reach, another does), or one named set-up
   * alone (the others start where only part of the chart is open to them).
   */
  readonly reach?: 'each' | 'together' | { readonly alone: string }
}

type AnyHarness = ModelHarness<AnyStateMachine, unknown, EventObject>

export function describeModel<TMachine extends AnyStateMachine, TSut, TOutcome extends EventObject>(
  name: string,
  harnesses: ModelHarness<TMachine, TSut, TOutcome> | Readonly<Record<string, ModelHarness<TMachine, TSut, TOutcome>>>,
  { minShortestPaths, timeoutMs, edgesTimeoutMs = timeoutMs, reach = 'each' }: ModelSuiteOptions,
): void {
  const setUps = Object.entries(isHarness(harnesses) ? { '': harnesses } : harnesses) as [string, AnyHarness][]
  if (setUps.length === 0) throw new Error(`describeModel(${name}): no set-up to walk`)
  const floor = (setUp: string): number => {
    if (typeof minShortestPaths === 'number') return minShortestPaths
    const value = minShortestPaths[setUp]
    if (value === undefined) throw new Error(`describeModel(${name}): no minShortestPaths for the set-up ${JSON.stringify(setUp)}`)
    return value
  }
  const named = (setUp: string, test: string) => (setUp === '' ? test : `${setUp}: ${test}`)

  describe(`${name} (model)`, () => {
    if (reach === 'together') {
      it('reaches every state of the chart across the set-ups', () => {
        const unreached = setUps.map(([, harness]) => harness.unreachedStates())
        expect(unreached[0]!.filter((id) => unreached.every((ids) => ids.includes(id)))).toEqual([])
      })
    } else {
      const reaching = reach === 'each' ? setUps : setUps.filter(([setUp]) => setUp === reach.alone)
      if (reaching.length === 0) throw new Error(`describeModel(${name}): no set-up named ${JSON.stringify(reach)}`)
      for (const [setUp, harness] of reaching) {
        it(named(setUp, 'reaches every state of the chart'), () => {
          expect(harness.unreachedStates()).toEqual([])
        })
      }
    }
    for (const [setUp, harness] of setUps) {
      it(named(setUp, 'walks every shortest path, checking the rules after each step'), { timeout: timeoutMs }, async () => {
        expect(await harness.walkShortestPaths()).toBeGreaterThan(floor(setUp))
      })
      it(named(setUp, 'takes every transition of the adjacency map'), { timeout: edgesTimeoutMs }, async () => {
        await harness.walkRemainingEdges()
        expect(harness.edges().filter((edge) => !harness.covered.has(edge))).toEqual([])
      })
    }
  })
}

function isHarness(value: object): value is AnyHarness {
  return typeof (value as Partial<AnyHarness>).walkShortestPaths === 'function'
}
