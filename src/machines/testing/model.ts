// Model-based test harness for machines (ARCHITECTURE §3, §7; STACK.md 'Model-based tests').
//
// The machine is the model; the system under test (SUT) is a real actor of the same machine with
// test implementations provided (spies for actions, controllable actors), driven through the same
// gestures a view would use. The harness walks every shortest path of the model's graph and then
// every remaining edge of its adjacency map (`walkRemainingEdges`), running the test's `check`
// after every step. `check` compares the SUT with the model state and asserts
// the SPEC rules that must hold after any step (the invariants), so every event in every reachable
// state is exercised against the rules, not only the paths someone thought of.
//
// The graph is bounded by the fixture events: pass `filterEvents` or a coarser `serializeState`
// when context could grow without bound (STACK.md: an unbounded graph ran a worker out of memory).
import type { ActorLogic, AnyStateMachine, AnyStateNode, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate'
import { TestModel, getStateNodes, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph'
import type { AnyActorRef } from 'xstate'
import { findActor, flushCoverage, recordCoverage } from './coverage'

/**
 * One or more concrete events per event type. Declare tables with
 * `satisfies FixtureTable<Event>`, so a new event type without fixtures does not compile.
 */
export type FixtureTable<E extends EventObject> = {
  readonly [K in E['type']]: readonly Extract<E, { type: K }>[] | ((snapshot: never) => readonly Extract<E, { type: K }>[])
}

/** One gesture per event type: how a player or the runtime causes it on the SUT. */
export type GestureTable<E extends EventObject, TSut, TSnapshot> = {
  readonly [K in E['type']]: (sut: TSut, event: Extract<E, { type: K }>, from: TSnapshot) => void | Promise<void>
}

/**
 * The harness's `gestures` from two tables: the runtime's outcomes (an actor settling, a delay
 * firing) and the events a sender sends. A model event with neither gesture is a broken test.
 */
export function dispatchGestures<TSut, TSnapshot>(
  gestures: Readonly<Record<string, AnyGesture<TSut, TSnapshot>>>,
  outcomeGestures: Readonly<Record<string, AnyGesture<TSut, TSnapshot>>>,
): (sut: TSut, event: EventObject, from: TSnapshot) => Promise<void> {
  return async (sut, event, from) => {
    // The tables are checked against the event unions where they are declared (`satisfies GestureTable`).
    const gesture = (Object.hasOwn(outcomeGestures, event.type) ? outcomeGestures[event.type] : gestures[event.type]) as
      | ((sut: TSut, event: EventObject, from: TSnapshot) => void | Promise<void>)
      | undefined
    if (!gesture) throw new Error(`model test: no gesture for the event ${event.type}`)
    await gesture(sut, event, from)
  }
}

/** A gesture of any event type: `never` takes every table's own event parameter. */
type AnyGesture<TSut, TSnapshot> = (sut: TSut, event: never, from: TSnapshot) => void | Promise<void>

/**
 * The rules a step must keep, collected and asserted once (`expect(broken).toEqual([])`): a graph
 * walk takes hundreds of steps, and one failure naming every broken rule says more than the first.
 */
export function ruleCollector(): { readonly broken: string[]; readonly rule: (name: string, ok: boolean) => void } {
  const broken: string[] = []
  return { broken, rule: (name, ok) => void (ok || broken.push(name)) }
}

export interface StepInfo<TSnapshot, TEvent> {
  /** The model state after the step. */
  readonly state: TSnapshot
  /** The model state before the step (absent for the initial state). */
  readonly from?: TSnapshot
  readonly event?: TEvent
}

/**
 * `TOutcome`: events the runtime delivers rather than a sender, such as an invoked actor's
 * 'xstate.done.actor.<id>'. They are part of the graph but not of the machine's event union.
 */
export interface ModelSpec<TMachine extends AnyStateMachine, TSut, TOutcome extends EventObject = never> {
  readonly machine: TMachine
  readonly input?: InputFrom<TMachine>
  /** The events to try in a state; usually `fixtureEvents(table)` plus ids read from the state. */
  readonly events: (snapshot: SnapshotFrom<TMachine>) => readonly ModelEvent<TMachine, TOutcome>[]
  readonly filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: ModelEvent<TMachine, TOutcome>) => boolean
  /** Defaults to value and context. */
  readonly serializeState?: (snapshot: SnapshotFrom<TMachine>) => string
  readonly createSut: () => TSut
  readonly gestures: (
    sut: TSut,
    event: ModelEvent<TMachine, TOutcome>,
    from: SnapshotFrom<TMachine>,
  ) => void | Promise<void>
  readonly check: (sut: TSut, step: StepInfo<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>>) => void | Promise<void>
  /**
   * The SUT's actor, recorded for flow coverage (coverage.ts, `npm run flows -- coverage`).
   * Defaults to the SUT when it is an actor, else the first actor among its own fields.
   */
  readonly actorOf?: (sut: TSut) => AnyActorRef | undefined
  /**
   * Whether the all-edges walk may go on from an edge's target in the same run (the default). Off
   * for a SUT that keeps what its snapshot does not show, such as a simulated clock whose every
   * step moves all the timers at once.
   */
  readonly chain?: boolean
}

export type ModelEvent<TMachine extends AnyStateMachine, TOutcome extends EventObject = never> =
  | EventFromLogic<TMachine>
  | TOutcome

/** Flattens a fixture table into the events to try in `snapshot`. */
export function fixtureEvents<E extends EventObject, TSnapshot>(table: FixtureTable<E>, snapshot: TSnapshot): E[] {
  return Object.values(table).flatMap((entry) =>
    typeof entry === 'function' ? (entry as (s: TSnapshot) => readonly E[])(snapshot) : (entry as readonly E[]),
  )
}

export const serializeValueAndContext = (snapshot: { value: unknown; context: unknown }): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context })

const serializeEvent = (event: EventObject): string => JSON.stringify(event)

function isLeaf(node: AnyStateNode): boolean {
  return node.type === 'atomic' || node.type === 'final'
}

/**
 * Leaf states that can be at rest. A state whose only way out is an `always` transition is left in
 * the same macrostep it is entered, so no snapshot ever shows it; it is not expected in the graph.
 */
export function restingLeafIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => isLeaf(node) && !(node.always && node.always.length > 0))
    .map((node) => node.id)
}

/** The longest run of the all-edges walk: a failing run stays short enough to read. */
const CHAIN_STEPS = 80

/** A model state in full (value, context and history), or undefined when it cannot be written out. */
function exactly(snapshot: object): string | undefined {
  if (written.has(snapshot)) return written.get(snapshot)
  const text = writeOut(snapshot)
  written.set(snapshot, text)
  return text
}
const written = new WeakMap<object, string | undefined>()

function writeOut(snapshot: object): string | undefined {
  const { value, context, historyValue } = snapshot as { value: unknown; context: unknown; historyValue?: Record<string, { id: string }[]> }
  try {
    const history = Object.entries(historyValue ?? {}).map(([id, nodes]) => [id, nodes.map((n) => n.id)])
    return JSON.stringify({ value, context, history })
  } catch {
    return undefined
  }
}

/** An edge of the adjacency map; `exact` when its target is the graph's own state of that key. */
interface Edge<TMachine extends AnyStateMachine, TOutcome extends EventObject> {
  readonly label: string
  readonly from: number
  readonly to: number
  readonly event: ModelEvent<TMachine, TOutcome>
  readonly state: SnapshotFrom<TMachine>
  readonly exact: boolean
}

export class ModelHarness<TMachine extends AnyStateMachine, TSut, TOutcome extends EventObject = never> {
  readonly model: TestModel<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>, InputFrom<TMachine>>
  readonly adjacency: AdjacencyMap<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>>
  /** Edges of the adjacency map taken so far, as `state :: event`. */
  readonly covered = new Set<string>()
  readonly serialize: (snapshot: SnapshotFrom<TMachine>) => string

  constructor(private readonly spec: ModelSpec<TMachine, TSut, TOutcome>) {
    this.serialize = spec.serializeState ?? serializeValueAndContext
    // `new TestModel` rather than createTestModel: the latter refuses machines with `after` or
    // `invoke`, and ours have both. Events are given explicitly, so nothing is guessed.
    const logic = spec.machine as unknown as ActorLogic<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>, InputFrom<TMachine>>
    this.model = new TestModel(logic, {
      events: spec.events,
      filterEvents: spec.filterEvents,
      serializeState: (snapshot) => this.serialize(snapshot),
      serializeEvent,
      stateMatcher: (_, key) => key === '*',
      ...(spec.input === undefined ? {} : { input: spec.input }),
    })
    this.adjacency = this.model.getAdjacencyMap()
  }

  /** Every `state :: event` pair of the adjacency map. */
  edges(): string[] {
    return Object.entries(this.adjacency).flatMap(([state, { transitions }]) =>
      Object.keys(transitions).map((event) => `${state} :: ${event}`),
    )
  }

  /** Resting leaf states of the chart that no state of the graph is in. */
  unreachedStates(): string[] {
    const reached = new Set(
      Object.values(this.adjacency).flatMap(({ state }) =>
        (state as unknown as { _nodes: AnyStateNode[] })._nodes.filter(isLeaf).map((n) => n.id),
      ),
    )
    return restingLeafIds(this.spec.machine).filter((id) => !reached.has(id))
  }

  shortestPaths(): StatePath<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>>[] {
    return this.model.getShortestPaths()
  }

  /** Runs one path on a fresh SUT, checking after every step. */
  async run(path: StatePath<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>>): Promise<void> {
    const sut = this.spec.createSut()
    recordCoverage((this.spec.actorOf ?? findActor)(sut))
    let current: SnapshotFrom<TMachine> | undefined
    let lastEvent: ModelEvent<TMachine, TOutcome> | undefined
    const types = new Set(path.steps.map((s) => (s.event as EventObject).type))
    types.delete('xstate.init')
    const events = Object.fromEntries(
      [...types].map((type) => [
        type,
        async (step: { event: ModelEvent<TMachine, TOutcome> }) => {
          if (!current) throw new Error('model path has no initial step')
          // The event objects of the graph were made for the adjacency map's own snapshot of this
          // state; hand that one to the gesture so ids in the event resolve against it.
          const from = this.canonical(current)
          this.covered.add(`${this.serialize(current)} :: ${serializeEvent(step.event)}`)
          lastEvent = step.event
          await this.spec.gestures(sut, step.event, from)
        },
      ]),
    )
    await this.model.testPath(path, {
      events: events as never,
      states: {
        '*': async (state) => {
          const from = current === undefined ? undefined : this.canonical(current)
          await this.spec.check(sut, { state, from, event: from === undefined ? undefined : lastEvent })
          current = state
        },
      },
    })
    flushCoverage()
  }

  /** Walks every shortest path; returns how many. */
  async walkShortestPaths(): Promise<number> {
    const paths = this.shortestPaths()
    for (const path of paths) await this.run(path)
    return paths.length
  }

  /**
   * Takes every edge not yet covered. A run starts with the shortest path to an uncovered edge's
   * source and then goes on from where it stands: another uncovered edge out of its state, or the
   * shortest hop to the nearest state that has one. Replaying a prefix from the start for every
   * edge made the large graphs' walks most of the machine tests' time.
   *
   * A run goes on only while the model's real state is the graph's own state of that key (value,
   * context and history alike), and only where the spec allows it (`chain`): a `serializeState`
   * that leaves part of the context out merges states whose next steps differ, and a SUT may keep
   * what no snapshot shows (a simulated clock's timers).
   */
  async walkRemainingEdges(): Promise<number> {
    const graph = this.edgeGraph()
    const toState = new Map(
      this.model.getShortestPaths({ allowDuplicatePaths: true }).map((p) => [this.serialize(p.state), p] as const),
    )
    const chain = this.spec.chain ?? true
    const planned = new Set<Edge<TMachine, TOutcome>>()
    const open = (edge: Edge<TMachine, TOutcome>) => !planned.has(edge) && !this.covered.has(edge.label)
    // Edges only ever close, so each state's scan resumes where the last one stopped.
    const scanned = new Int32Array(graph.nodes.length)
    const nextOpen = (node: number): Edge<TMachine, TOutcome> | undefined => {
      const out = graph.nodes[node]!.out
      while (scanned[node]! < out.length && !open(out[scanned[node]!]!)) scanned[node]!++
      return out[scanned[node]!]
    }
    const seen = new Int32Array(graph.nodes.length).fill(-1)
    const via: (Edge<TMachine, TOutcome> | undefined)[] = []
    let search = 0
    // The fewest exact steps from `start` to a state with an open edge.
    const hop = (start: number): Edge<TMachine, TOutcome>[] | undefined => {
      search++
      seen[start] = search
      const queue = [start]
      for (let i = 0; i < queue.length; i++) {
        const at = queue[i]!
        if (at !== start && nextOpen(at) !== undefined) {
          const route: Edge<TMachine, TOutcome>[] = []
          for (let n = at; n !== start; n = via[n]!.from) route.unshift(via[n]!)
          return route
        }
        for (const edge of graph.nodes[at]!.out) {
          if (!edge.exact || seen[edge.to] === search) continue
          seen[edge.to] = search
          via[edge.to] = edge
          queue.push(edge.to)
        }
      }
      return undefined
    }
    let walked = 0
    for (const [node, { key, out }] of graph.nodes.entries()) {
      for (const first of out) {
        if (!open(first)) continue
        const prefix = toState.get(key)
        if (!prefix) throw new Error(`no path to ${key}`)
        const steps = [...prefix.steps, { state: first.state, event: first.event }]
        planned.add(first)
        let at = first
        const start = exactly(prefix.state)
        let going = chain && start !== undefined && graph.nodes[node]!.exact === start && first.exact
        while (going && steps.length < CHAIN_STEPS) {
          const edge = nextOpen(at.to)
          const route = edge ? [edge] : hop(at.to)
          if (!route || steps.length + route.length > CHAIN_STEPS) break
          for (const step of route) steps.push({ state: step.state, event: step.event })
          at = route[route.length - 1]!
          planned.add(at)
          going = at.exact
        }
        await this.run({ state: at.state, steps, weight: steps.length })
        walked++
      }
    }
    return walked
  }

  /** The adjacency map as numbered states with their outgoing edges, each edge's target resolved once. */
  private edgeGraph() {
    const entries = Object.entries(this.adjacency) as [string, AdjacencyValue<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>>][]
    const index = new Map(entries.map(([key], i) => [key, i]))
    const nodes = entries.map(([key, { state, transitions }], from) => ({
      key,
      exact: exactly(state),
      out: Object.entries(transitions).map(([eventKey, { event, state: target }]): Edge<TMachine, TOutcome> => {
        const to = index.get(this.serialize(target)) ?? -1
        const own = to < 0 ? undefined : entries[to]![1].state
        const written = exactly(target)
        return { label: `${key} :: ${eventKey}`, from, to, event, state: target, exact: written !== undefined && own !== undefined && written === exactly(own) }
      }),
    }))
    return { nodes }
  }

  private canonical(snapshot: SnapshotFrom<TMachine>): SnapshotFrom<TMachine> {
    const entry = this.adjacency[this.serialize(snapshot) as keyof typeof this.adjacency]
    if (!entry) throw new Error(`state not in the adjacency map: ${this.serialize(snapshot)}`)
    return entry.state
  }
}
