// The three model tests every machine test runs (ARCHITECTURE §7), as one call:
//   describeModel('loginMachine', harness, { minShortestPaths: 20 })
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, EventObject } from 'xstate'
import type { ModelHarness } from './model'

export interface ModelSuiteOptions {
  /** The walk of shortest paths must take more than this many paths (a floor that catches a graph that collapsed). */
  readonly minShortestPaths: number
  /** A time budget for the all-edges walk, for large graphs (ms). */
  readonly edgesTimeoutMs?: number
}

export function describeModel<TMachine extends AnyStateMachine, TSut, TOutcome extends EventObject>(
  name: string,
  harness: ModelHarness<TMachine, TSut, TOutcome>,
  { minShortestPaths, edgesTimeoutMs }: ModelSuiteOptions,
): void {
  describe(`${name} (model)`, () => {
    it('reaches every state of the chart', () => {
      expect(harness.unreachedStates()).toEqual([])
    })
    it('walks every shortest path, checking the rules after each step', async () => {
      expect(await harness.walkShortestPaths()).toBeGreaterThan(minShortestPaths)
    })
    it(
      'takes every transition of the adjacency map',
      async () => {
        await harness.walkRemainingEdges()
        expect(harness.edges().filter((edge) => !harness.covered.has(edge))).toEqual([])
      },
      edgesTimeoutMs,
    )
  })
}
