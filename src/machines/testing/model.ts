// Model-based test harness for machines (ARCHITECTURE §3, §7; STACK.md 'Model-based tests').
//
// The machine is the model; the system under test (SUT) is a real actor of the same machine with
// test implementations provided (spies for actions, controllable actors), driven through the same
// gestures a view would use. The harness walks every shortest path of the model's graph and then
// every remaining edge of its adjacency map (shortest path to the source, then the event), running
// the test's `check` after every step. `check` compares the SUT with the model state and asserts
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

  /** Takes every edge not yet covered: the shortest path to its source, then its event. */
  async walkRemainingEdges(): Promise<number> {
    const toState = new Map(
      this.model.getShortestPaths({ allowDuplicatePaths: true }).map((p) => [this.serialize(p.state), p] as const),
    )
    let walked = 0
    type Entry = AdjacencyValue<SnapshotFrom<TMachine>, ModelEvent<TMachine, TOutcome>>
    for (const [key, { transitions }] of Object.entries(this.adjacency) as [string, Entry][]) {
      for (const [eventKey, { event, state }] of Object.entries(transitions) as [string, Entry['transitions'][never]][]) {
        if (this.covered.has(`${key} :: ${eventKey}`)) continue
        const prefix = toState.get(key)
        if (!prefix) throw new Error(`no path to ${key}`)
        await this.run({
          state,
          steps: [...prefix.steps, { state, event }],
          weight: prefix.weight + 1,
        })
        walked++
      }
    }
    return walked
  }

  private canonical(snapshot: SnapshotFrom<TMachine>): SnapshotFrom<TMachine> {
    const entry = this.adjacency[this.serialize(snapshot) as keyof typeof this.adjacency]
    if (!entry) throw new Error(`state not in the adjacency map: ${this.serialize(snapshot)}`)
    return entry.state
  }
}
