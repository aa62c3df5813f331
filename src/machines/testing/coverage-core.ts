// Flow coverage, the part that runs anywhere (Node tests and the browser): what states and transitions an
// actor system went through, read from XState inspection events (docs/flows.md#coverage-what-the-tests-and-the-journeys-drove).
import { createEmptyActor, type AnyActorRef, type AnyTransitionDefinition, type InspectionEvent } from 'xstate'
import { stateIdsOfValue, transitionKey } from './chart'

export const COVERAGE_FORMAT_VERSION = 1

export interface MachineCoverage {
  /** State node ids, root excluded. */
  readonly states: readonly string[]
  /** Keys as in chart.ts `transitionKey`. */
  readonly transitions: readonly string[]
  /** Event types the machine's actors received. */
  readonly events: readonly string[]
}

export interface CoverageFile {
  readonly version: typeof COVERAGE_FORMAT_VERSION
  readonly machines: { readonly [machineId: string]: MachineCoverage }
}

interface MutableCoverage {
  states: Set<string>
  transitions: Set<string>
  events: Set<string>
}

interface MachineSnapshotLike {
  machine: { id: string }
  value: unknown
  _nodes?: readonly { id: string; parent?: unknown }[]
}

function isMachineSnapshot(snapshot: unknown): snapshot is MachineSnapshotLike {
  if (!snapshot || typeof snapshot !== 'object') return false
  const machine = (snapshot as { machine?: unknown }).machine
  return !!machine && typeof (machine as { id?: unknown }).id === 'string' && 'value' in snapshot
}

function machineIdOf(actorRef: unknown): string | undefined {
  const logic = (actorRef as { logic?: { root?: unknown; id?: unknown } } | undefined)?.logic
  return logic?.root !== undefined && typeof logic.id === 'string' ? logic.id : undefined
}

function looksLikeActor(value: unknown): value is AnyActorRef {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { getSnapshot?: unknown }).getSnapshot === 'function' &&
    typeof (value as { send?: unknown }).send === 'function' &&
    typeof (value as { system?: { inspect?: unknown } }).system?.inspect === 'function'
  )
}

/** The actor of a system under test: the SUT itself, or the first actor among its own fields. */
export function findActor(sut: unknown): AnyActorRef | undefined {
  if (looksLikeActor(sut)) return sut
  if (!sut || typeof sut !== 'object') return undefined
  return Object.values(sut).find(looksLikeActor)
}

/** One newly recorded item: a state node id, a transition key or an event type of a machine. */
export interface CoverageItem {
  readonly machine: string
  readonly kind: 'states' | 'transitions' | 'events'
  readonly value: string
}

export interface CoverageCollectorOptions {
  /** Called once per item the first time it is recorded (the browser recorder forwards these). */
  readonly onRecord?: (item: CoverageItem) => void
}

/**
 * Collects coverage in memory from inspection events. Pure and isomorphic: the machine tests use
 * it through CoverageRecorder (coverage.ts, which writes files), the e2e build in the browser
 * through src/renderer/flows-coverage.ts.
 */
export class CoverageCollector {
  private readonly machines = new Map<string, MutableCoverage>()
  private readonly attached = new WeakSet<object>()
  private readonly onRecord: ((item: CoverageItem) => void) | undefined
  protected dirty = false

  constructor(options: CoverageCollectorOptions = {}) {
    this.onRecord = options.onRecord
  }

  /** Feed it to `createActor(logic, { inspect: recorder.inspect })`. */
  readonly inspect = (event: InspectionEvent): void => {
    switch (event.type) {
      case '@xstate.snapshot':
        this.recordSnapshot(event.snapshot)
        break
      case '@xstate.microstep':
        this.recordSnapshot(event.snapshot)
        this.recordTransitions(event.snapshot, event._transitions)
        break
      case '@xstate.event': {
        const id = machineIdOf(event.actorRef)
        if (id !== undefined) this.add(id, 'events', event.event.type)
        break
      }
      default:
        break
    }
  }

  /**
   * Records an actor that is already running: its current snapshot, its children's, and from now
   * on every inspection event of its system.
   */
  attach(actor: AnyActorRef): void {
    if (this.attached.has(actor.system)) {
      this.recordTree(actor)
      return
    }
    this.attached.add(actor.system)
    this.recordTree(actor)
    actor.system.inspect({ next: this.inspect })
  }

  private recordTree(actor: AnyActorRef, seen = new Set<AnyActorRef>()): void {
    if (seen.has(actor)) return
    seen.add(actor)
    this.replayStart(actor)
    const snapshot = actor.getSnapshot() as unknown
    this.recordSnapshot(snapshot)
    const children = (snapshot as { children?: Record<string, AnyActorRef | undefined> }).children ?? {}
    for (const child of Object.values(children)) if (child) this.recordTree(child, seen)
  }

  /**
   * An actor attached after it started has already run its first macrostep, the `always`
   * transitions out of its initial states included. Its logic is asked for the initial snapshot
   * again, from the same input, with a scope whose inspection events come here and whose actions,
   * deferred starts and children do nothing, as xstate/graph does.
   */
  private replayStart(actor: AnyActorRef): void {
    const { logic, options } = actor as unknown as {
      logic?: { root?: unknown; getInitialSnapshot?: (scope: unknown, input: unknown) => unknown }
      options?: { input?: unknown; snapshot?: unknown; state?: unknown }
    }
    // A restored actor never ran its start; nothing to replay.
    if (logic?.root === undefined || !logic.getInitialSnapshot || options?.snapshot !== undefined || options?.state !== undefined) {
      return
    }
    const empty = createEmptyActor()
    const system = Object.assign(Object.create(empty.system) as object, {
      _sendInspectionEvent: (event: InspectionEvent) => this.inspect(event),
    })
    const scope = {
      self: empty,
      id: '',
      sessionId: 'flows-coverage',
      logger: () => {},
      defer: () => {},
      system,
      stopChild: () => {},
      emit: () => {},
      actionExecutor: () => {},
    }
    try {
      logic.getInitialSnapshot(scope, options?.input)
    } catch {
      // The live actor started from this input; if its logic cannot do it twice, skip the replay.
    }
  }

  private machine(id: string): MutableCoverage {
    let entry = this.machines.get(id)
    if (!entry) {
      entry = { states: new Set(), transitions: new Set(), events: new Set() }
      this.machines.set(id, entry)
    }
    return entry
  }

  private add(id: string, kind: keyof MutableCoverage, value: string): void {
    const set = this.machine(id)[kind]
    if (set.has(value)) return
    set.add(value)
    this.dirty = true
    this.onRecord?.({ machine: id, kind, value })
  }

  private recordSnapshot(snapshot: unknown): void {
    if (!isMachineSnapshot(snapshot)) return
    const id = snapshot.machine.id
    const ids = Array.isArray(snapshot._nodes)
      ? snapshot._nodes.filter((node) => node.parent !== undefined).map((node) => node.id)
      : stateIdsOfValue(id, snapshot.value)
    for (const stateId of ids) this.add(id, 'states', stateId)
  }

  private recordTransitions(snapshot: unknown, transitions: readonly AnyTransitionDefinition[]): void {
    if (!isMachineSnapshot(snapshot)) return
    const id = snapshot.machine.id
    for (const t of transitions) {
      // The initial transition has no event type and is no transition of the chart.
      if (typeof t.eventType !== 'string') continue
      this.add(id, 'transitions', transitionKey(t))
      // A transition is taken from a state the actor was in, though no snapshot may show it: the
      // `always` out of an initial state runs before the first snapshot exists.
      for (let node = t.source; node.parent !== undefined; node = node.parent) this.add(id, 'states', node.id)
    }
  }

  toJSON(): CoverageFile {
    return {
      version: COVERAGE_FORMAT_VERSION,
      machines: Object.fromEntries(
        [...this.machines].map(([id, c]) => [
          id,
          { states: [...c.states].sort(), transitions: [...c.transitions].sort(), events: [...c.events].sort() },
        ]),
      ),
    }
  }
}

/** Validates a coverage file's text; throws with the reason when it is not one. */
export function parseCoverageFile(text: string): CoverageFile {
  const data = JSON.parse(text) as Partial<CoverageFile>
  if (data.version !== COVERAGE_FORMAT_VERSION || typeof data.machines !== 'object' || data.machines === null) {
    throw new Error(`not a flows coverage file of version ${COVERAGE_FORMAT_VERSION}`)
  }
  return data as CoverageFile
}

/** The union of several coverage files. */
export function mergeCoverage(files: readonly CoverageFile[]): CoverageFile {
  const merged = new Map<string, MutableCoverage>()
  for (const file of files) {
    for (const [id, c] of Object.entries(file.machines)) {
      const entry = merged.get(id) ?? { states: new Set(), transitions: new Set(), events: new Set() }
      for (const s of c.states ?? []) entry.states.add(s)
      for (const t of c.transitions ?? []) entry.transitions.add(t)
      for (const e of c.events ?? []) entry.events.add(e)
      merged.set(id, entry)
    }
  }
  return {
    version: COVERAGE_FORMAT_VERSION,
    machines: Object.fromEntries(
      [...merged].sort(([a], [b]) => a.localeCompare(b)).map(([id, c]) => [
        id,
        { states: [...c.states].sort(), transitions: [...c.transitions].sort(), events: [...c.events].sort() },
      ]),
    ),
  }
}

