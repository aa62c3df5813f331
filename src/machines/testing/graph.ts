// Graphs of registered machines, walked from their static definitions with xstate/graph.
//
// xstate/graph transitions the machine logic with a mock actor scope whose action executor and
// `defer` do nothing: entry actions, invoked promises and spawned children are resolved but never
// started, so a default actor that calls an API (or throws "not provided") never runs here.
// Graph states are state values unless the registry entry says context matters, which keeps the
// graph finite (STACK.md: an unbounded graph ran a worker out of memory) and gives QA one path per
// state the player can see; `limit` stops a graph that still grows.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath, type TraversalOptions } from 'xstate/graph'
import { describeChart } from './chart'
import type { MachineEntry } from '../flow-entry'

export const DEFAULT_GRAPH_LIMIT = 10_000
export const DEFAULT_SIMPLE_PATH_CAP = 200

export type GraphPath = StatePath<AnyMachineSnapshot, EventObject>

export const serializeStateValue = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value)

export function graphLogic(entry: MachineEntry): AnyStateMachine {
  return entry.graphMachine ? entry.graphMachine() : entry.machine
}

/** The entry's input, then its other inputs (states only another input reaches, such as a hidden offer). */
function inputsOf(entry: MachineEntry): readonly unknown[] {
  return [entry.input, ...(entry.otherInputs ?? [])]
}

export function traversalOptions(entry: MachineEntry, input: unknown = entry.input): TraversalOptions<AnyMachineSnapshot, EventObject, unknown> {
  return {
    events: (snapshot) => entry.events(snapshot),
    // Only events the state takes: a sample a state ignores adds a self-loop and nothing else.
    filterEvents: (snapshot, event) => snapshot.can(event) && (entry.filterEvents?.(snapshot, event) ?? true),
    serializeState: (snapshot) => (entry.serializeState ?? serializeStateValue)(snapshot),
    limit: entry.graphLimit ?? DEFAULT_GRAPH_LIMIT,
    ...(input === undefined ? {} : { input }),
  }
}

function withLimitMessage<T>(entry: MachineEntry, build: () => T): T {
  try {
    return build()
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new Error(
        `machine '${entry.name}': its graph did not end within ${entry.graphLimit ?? DEFAULT_GRAPH_LIMIT} traversal steps; ` +
          'give its registry entry a coarser serializeState or fewer sample events',
      )
    }
    throw error
  }
}

export function adjacency(entry: MachineEntry, input: unknown = entry.input) {
  const logic = graphLogic(entry)
  return withLimitMessage(entry, () => getAdjacencyMap(logic, traversalOptions(entry, input)))
}

/**
 * One shortest path per reachable state value. With a registry serializer the graph tells apart
 * states that differ in context (a filled form from an empty one) so that it can find every state;
 * QA still gets one path per state the player can see: the shortest of those reaching it.
 */
export function shortestPaths(entry: MachineEntry): GraphPath[] {
  const logic = graphLogic(entry)
  const all = inputsOf(entry).flatMap((input) => withLimitMessage(entry, () => getShortestPaths(logic, traversalOptions(entry, input)) as GraphPath[]))
  const byValue = new Map<string, GraphPath>()
  for (const path of all) {
    const key = JSON.stringify(path.state.value)
    const kept = byValue.get(key)
    if (!kept || path.weight < kept.weight) byValue.set(key, path)
  }
  return [...byValue.values()].sort((a, b) => a.weight - b.weight)
}

export interface SimplePaths {
  readonly paths: GraphPath[]
  /** How many simple paths the graph has; `paths` holds at most the cap, shortest first. */
  readonly total: number
  /** True when there are more than SIMPLE_PATH_BUDGET and `total` is that budget, a lower bound. */
  readonly totalIsLowerBound: boolean
  readonly cap: number
}

/**
 * getSimplePaths enumerates every simple path before returning, and their number grows
 * exponentially with the graph: a form with a few independent regions has millions. Paths are
 * counted first, cheaply and with this budget; above it they are enumerated shortest first only
 * up to the cap.
 */
export const SIMPLE_PATH_BUDGET = 20_000

type Adjacency = ReturnType<typeof adjacency>

/** Simple paths from `start` to every state, counted depth first; undefined once over `budget`. */
function countSimplePaths(adj: Adjacency, start: string, serialize: (s: AnyMachineSnapshot) => string, budget: number) {
  let count = 0
  const onPath = new Set<string>()
  const visit = (key: string): boolean => {
    if (++count > budget) return false
    onPath.add(key)
    for (const { state } of Object.values(adj[key as keyof Adjacency]?.transitions ?? {})) {
      const next = serialize(state as AnyMachineSnapshot)
      if (!onPath.has(next) && !visit(next)) return false
    }
    onPath.delete(key)
    return true
  }
  return visit(start) ? count : undefined
}

/** The first `cap` simple paths in order of length, breadth first over the adjacency map. */
function firstSimplePaths(adj: Adjacency, initial: AnyMachineSnapshot, serialize: (s: AnyMachineSnapshot) => string, cap: number) {
  type Partial = { key: string; state: AnyMachineSnapshot; steps: GraphPath['steps']; seen: ReadonlySet<string> }
  const startKey = serialize(initial)
  const queue: Partial[] = [{ key: startKey, state: initial, steps: [{ state: initial, event: { type: 'xstate.init' } }], seen: new Set([startKey]) }]
  const paths: GraphPath[] = []
  for (let i = 0; i < queue.length && paths.length < cap; i++) {
    const { key, state, steps, seen } = queue[i]!
    paths.push({ state, steps, weight: steps.length - 1 })
    for (const t of Object.values(adj[key as keyof Adjacency]?.transitions ?? {})) {
      const next = t.state as AnyMachineSnapshot
      const nextKey = serialize(next)
      if (seen.has(nextKey)) continue
      queue.push({ key: nextKey, state: next, steps: [...steps, { state: next, event: t.event as EventObject }], seen: new Set([...seen, nextKey]) })
    }
  }
  return paths
}

export function simplePaths(entry: MachineEntry, cap: number = DEFAULT_SIMPLE_PATH_CAP): SimplePaths {
  const logic = graphLogic(entry)
  const options = traversalOptions(entry)
  const serialize = options.serializeState as (s: AnyMachineSnapshot) => string
  const adj = adjacency(entry)
  const initial = initialSnapshot(entry)
  const total = countSimplePaths(adj, serialize(initial), serialize, SIMPLE_PATH_BUDGET)
  if (total === undefined) {
    return { paths: firstSimplePaths(adj, initial, serialize, cap), total: SIMPLE_PATH_BUDGET, totalIsLowerBound: true, cap }
  }
  const all = withLimitMessage(entry, () => getSimplePaths(logic, options) as GraphPath[])
  const sorted = all
    .map((path, index) => ({ path, index }))
    .sort((a, b) => a.path.weight - b.path.weight || a.index - b.index)
    .map(({ path }) => path)
  return { paths: sorted.slice(0, cap), total: all.length, totalIsLowerBound: false, cap }
}

/** The machine's first snapshot, made the same way (no actor started). */
export function initialSnapshot(entry: MachineEntry): AnyMachineSnapshot {
  const logic = graphLogic(entry)
  const [path] = getShortestPaths(logic, {
    events: [],
    ...(entry.input === undefined ? {} : { input: entry.input }),
  }) as GraphPath[]
  if (!path) throw new Error(`machine '${entry.name}': no initial state`)
  return path.state
}

/**
 * States of the chart no sample event sequence reaches: a chart bug, or samples the registry
 * entry lacks. Transient states (left by `always` at once) and history pseudo-states are never at
 * rest, so they are not expected.
 */
export function unreachableStates(entry: MachineEntry): string[] {
  const reached = new Set<string>()
  for (const input of inputsOf(entry)) {
    for (const { state } of Object.values(adjacency(entry, input))) {
      for (const node of (state as unknown as { _nodes: AnyStateNode[] })._nodes) reached.add(node.id)
    }
  }
  return describeChart(entry.machine)
    .states.filter((s) => !s.transient && s.type !== 'history' && !reached.has(s.id))
    .map((s) => s.id)
}
