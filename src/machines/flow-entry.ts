// What the flows registry knows of one machine (src/machines/registry.ts): its SPEC section, a line
// of description, sample events to walk its graph and the context fields that hold secrets. Each
// flow defines its entry in `<flow>.samples.ts`, beside the machine, and its model test walks the
// same samples. This module stays free of test and Node-only code: the /_flows page uses it too.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventFromLogic, EventObject, InputFrom } from 'xstate'
import type { FixtureTable } from './testing/model'

/** One or more sample events per event type; a function reads ids from the current state. */
export type SampleTable<E extends EventObject> = FixtureTable<E>

export interface MachineEntry {
  /** The name QA types: `npm run flows -- paths <name>`. Kebab case, unique. */
  readonly name: string
  /** The folder under src/machines. */
  readonly area: string
  /** The SPEC section(s) the machine implements. */
  readonly spec: string
  readonly description: string
  readonly machine: AnyStateMachine
  /** Input for machines that take one. */
  readonly input?: unknown
  /**
   * Further inputs, for states that only another input reaches (a step the input skips). Their
   * graphs count for reachability and give shortest paths too; simple paths and exports use `input`.
   */
  readonly otherInputs?: readonly unknown[]
  /** Sample events to try in a state (the graph is walked with them, never with live actors). */
  readonly events: (snapshot: AnyMachineSnapshot) => readonly EventObject[]
  /** Narrows the samples further; the CLI already drops events the state would not take. */
  readonly filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean
  /** Graph states are state values unless context matters, in which case say how here. */
  readonly serializeState?: (snapshot: AnyMachineSnapshot) => string
  /** Context (and event payload) field names holding secrets: shown as '[redacted]' everywhere. */
  readonly redact?: readonly string[]
  /** The same chart with deterministic implementations, for printing stable paths. */
  readonly graphMachine?: () => AnyStateMachine
  /** Traversal steps (xstate/graph `limit`) before the graph is given up as too big; default 10000. */
  readonly graphLimit?: number
}

function samples<E extends EventObject>(table: FixtureTable<E>, snapshot: AnyMachineSnapshot): E[] {
  return Object.values(table).flatMap((entry) =>
    typeof entry === 'function'
      ? (entry as (s: AnyMachineSnapshot) => readonly E[])(snapshot)
      : (entry as readonly E[]),
  )
}

interface EntryDefinition<TMachine extends AnyStateMachine, TOutcome extends EventObject>
  extends Omit<MachineEntry, 'machine' | 'input' | 'otherInputs' | 'events'> {
  readonly machine: TMachine
  readonly input?: InputFrom<TMachine>
  readonly otherInputs?: readonly InputFrom<TMachine>[]
  readonly events: SampleTable<EventFromLogic<TMachine>>
  /** Events the runtime delivers: an invoked actor's done or error, a delay ending. */
  readonly outcomes?: SampleTable<TOutcome>
}

/** Checks the sample tables against the machine's event union, then erases the types. */
export function defineEntry<TMachine extends AnyStateMachine, TOutcome extends EventObject = never>(
  definition: EntryDefinition<TMachine, TOutcome>,
): MachineEntry {
  const { events, outcomes, ...rest } = definition
  return {
    ...rest,
    events: (snapshot) => [
      ...samples<EventObject>(events as FixtureTable<EventObject>, snapshot),
      ...(outcomes ? samples<EventObject>(outcomes as FixtureTable<EventObject>, snapshot) : []),
    ],
  }
}

// ── event names the runtime makes ────────────────────────────────────────────
// xstate names a delay's event after the state node's id and an invoke's done event after the
// invoke id. Reading them from the machine definition means a renamed state or invoke changes the
// samples with it, or fails loudly here, instead of leaving a sample no state takes.

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(stateNodes)]
}

/** Every event type some state of the machine has a transition for, runtime events included. */
export function acceptedEventTypes(machine: AnyStateMachine): ReadonlySet<string> {
  const types = new Set<string>()
  for (const node of stateNodes(machine.root)) {
    for (const type of node.transitions.keys()) types.add(type)
    for (const delayed of node.after) types.add(delayed.eventType)
  }
  return types
}

/**
 * The event a delay sends when it ends: `delayEvent(loginMachine, 'resendTick')`. The delay must
 * be named (a key of `setup({ delays })`) and used by exactly one state, or `state` (a dotted
 * path from the root) says which.
 */
export function delayEvent(machine: AnyStateMachine, delay: string, state?: string): { readonly type: `xstate.after.${string}` } {
  const found = stateNodes(machine.root).flatMap((node) =>
    node.after
      .filter((delayed) => delayed.delay === delay)
      .filter(() => state === undefined || node.path.join('.') === state)
      .map((delayed) => delayed.eventType),
  )
  const unique = [...new Set(found)]
  if (unique.length !== 1) {
    const where = state === undefined ? '' : ` in state '${state}'`
    throw new Error(`${machine.id}: ${unique.length === 0 ? 'no' : 'more than one'} delayed transition after '${delay}'${where}`)
  }
  return { type: unique[0] as `xstate.after.${string}` }
}

/** Every delay's event in the machine: sample events for the graph walk, one per delayed transition. */
export function delayEvents(machine: AnyStateMachine): { readonly type: `xstate.after.${string}` }[] {
  return [...new Set(stateNodes(machine.root).flatMap((node) => node.after.map((delayed) => delayed.eventType)))].map(
    (type) => ({ type: type as `xstate.after.${string}` }),
  )
}

function assertInvoked(machine: AnyStateMachine, id: string): void {
  const invoked = stateNodes(machine.root).some((node) => node.invoke.some((invoke) => invoke.id === id))
  if (!invoked) throw new Error(`${machine.id}: no state invokes an actor with the id '${id}'`)
}

/** The event type of invoke `id` finishing: `doneEventType(loginMachine, 'submitLogin')`. */
export function doneEventType<const Id extends string>(machine: AnyStateMachine, id: Id): `xstate.done.actor.${Id}` {
  assertInvoked(machine, id)
  return `xstate.done.actor.${id}`
}

/** The event type of invoke `id` failing. */
export function errorEventType<const Id extends string>(machine: AnyStateMachine, id: Id): `xstate.error.actor.${Id}` {
  assertInvoked(machine, id)
  return `xstate.error.actor.${id}`
}

/**
 * `{ [key]: value }` typed by the key's own type: a computed key whose type is a template literal
 * (a delay's event type from `delayEvent`) would otherwise widen the object to a string index.
 */
export const keyed = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as { readonly [P in K]: V }

/** The samples of one delay's event, for a sample table: `...delaySamples(TICK)`. */
export const delaySamples = <T extends string>(type: T) => keyed(type, [{ type }] as const)
