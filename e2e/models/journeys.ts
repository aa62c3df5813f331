// The generic part of the model-based journeys (docs/flows.md 'Model-based journeys'): paths from a
// machine's graph, the leaf states a snapshot is in, the tables that map a model's events to
// gestures and its states to checks, the list of states no journey reaches (each with its reason),
// and the requests and the clock a journey holds so that a busy state can be seen. A model's paths
// file is one defineModelPaths() call: its machine, skipped states, samples and oracle.
//
// Every model (login, registration, restore, deposit) brings its own samples, oracle (what the real
// server answers), gestures and checks; nothing here knows a flow. This module is Node-only except
// for the page helpers at the end, which take a Playwright page.
import { expect, test, type Page, type Request, type Route } from '@playwright/test'
import type { ActorLogic, AnyMachineSnapshot, AnyStateMachine, EventObject, Snapshot, StateSchemaFrom, StateValue } from 'xstate'
import { getShortestPaths, type StatePath } from 'xstate/graph'
import type { FixtureTable } from '../../src/machines/testing/model'
import { EXPECT_TIMEOUT } from '../budgets'

// ── states ───────────────────────────────────────────────────────────────────

type Leaves<N, P extends string = ''> = N extends { states: infer C }
  ? { [K in keyof C & string]: Leaves<C[K], `${P}${K}.`> }[keyof C & string]
  : P extends `${infer Q}.`
    ? Q
    : never

/** Every leaf state of a machine's chart, from its type: a state added to the chart is added here. */
export type ChartLeaf<M extends AnyStateMachine> = Leaves<StateSchemaFrom<M>>

/** The leaf states of a state value, one per parallel region: ['twofa.timer.counting', 'twofa.step.editing']. */
export function leavesOfValue(value: StateValue): string[] {
  const walk = (v: unknown, prefix: string): string[] =>
    typeof v === 'string'
      ? [`${prefix}${v}`]
      : Object.entries(v as Record<string, unknown>).flatMap(([key, child]) => walk(child, `${prefix}${key}.`))
  return walk(value, '')
}

/** The leaf states a snapshot is in; typed by the caller's leaf union. */
export const leavesOf = <L extends string>(snapshot: { value: StateValue }): L[] => leavesOfValue(snapshot.value) as L[]

/** The name of a state in a test title: its leaves joined with ' + '. */
export const stateName = (snapshot: { value: StateValue }): string => leavesOfValue(snapshot.value).join(' + ')

/** Every leaf state node of a machine's chart, read from its definition (the runtime twin of ChartLeaf). */
export function chartLeaves(machine: AnyStateMachine): string[] {
  const out: string[] = []
  const walk = (node: { key: string; states: Record<string, unknown> }, prefix: string) => {
    const children = Object.values(node.states) as { key: string; states: Record<string, unknown> }[]
    if (children.length === 0) out.push(prefix.slice(0, -1))
    for (const child of children) walk(child, `${prefix}${child.key}.`)
  }
  walk(machine.root as unknown as { key: string; states: Record<string, unknown> }, '')
  return out.sort()
}

// ── paths ────────────────────────────────────────────────────────────────────

export interface Journey<S extends Snapshot<unknown>, E extends EventObject> {
  /** What the journey reaches, as targetsOf() names it ('form.editing + fields.ready', 'mode:fast'). */
  readonly target: string
  readonly path: StatePath<S, E>
}

export interface JourneyOptions<S extends AnyMachineSnapshot, E extends EventObject> {
  /** Every event a path may take in this snapshot: the player's samples and the server's answers (the oracle). */
  readonly events: (snapshot: S) => E[]
  /** What tells two graph states apart: the value and the context the guards read. */
  readonly serializeState: (snapshot: S) => string
  /** Events the player cannot cause here (the control is not on screen); `snapshot.can` is checked anyway. */
  readonly allow?: (snapshot: S, event: E) => boolean
  /**
   * What a journey ending in this snapshot shows the player: by default its state value. A model
   * may name more (the mode of a form, an error the server gave): each name gets the shortest
   * path to a snapshot that shows it.
   */
  readonly targetsOf?: (snapshot: S) => string[]
  readonly limit?: number
  /** The machine's input, as the page gives it. */
  readonly input?: unknown
}

/**
 * The machine with its effect actions (navigate, close the popup, report to analytics: the
 * provider's, which throw until provided) made no-ops, so the graph walks into the states whose
 * entry runs them. Built-in actions (assign, raise, enqueueActions) are kept: they carry `resolve`.
 */
function withoutSideEffects(machine: AnyStateMachine): AnyStateMachine {
  const actions = machine.implementations.actions as Record<string, unknown>
  const effects = Object.keys(actions).filter((name) => typeof actions[name] === 'function' && !('resolve' in (actions[name] as object)))
  return machine.provide({ actions: Object.fromEntries(effects.map((name) => [name, () => undefined])) })
}

/**
 * One shortest path per thing the player can see (ARCHITECTURE §6: one e2e path per state, not
 * every simple path), shortest first. Context is part of the graph key (serializeState), since
 * guards read it; of the paths that show one target, the shortest is kept, the first found on a
 * tie. Targets reached by the same path share one journey ('a | b').
 */
export function shortestJourneys<S extends AnyMachineSnapshot, E extends EventObject>(
  machine: AnyStateMachine,
  options: JourneyOptions<S, E>,
): Journey<S, E>[] {
  // The runtime's events (an actor's answer, a delay) are not in the machine's event union.
  const logic = withoutSideEffects(machine) as unknown as ActorLogic<S, E>
  const all = getShortestPaths(logic, {
    events: options.events,
    // Only events the state takes: an ignored sample adds a self-loop and nothing else.
    filterEvents: (snapshot, event) => (options.allow?.(snapshot, event) ?? true) && snapshot.can(event as never),
    serializeState: options.serializeState,
    limit: options.limit ?? 10_000,
    ...(options.input === undefined ? {} : { input: options.input }),
  })
  const targetsOf = options.targetsOf ?? ((s: S) => [stateName(s)])
  const best = new Map<string, StatePath<S, E>>()
  for (const path of all) {
    for (const target of targetsOf(path.state)) {
      const kept = best.get(target)
      if (!kept || path.weight < kept.weight) best.set(target, path)
    }
  }
  const byPath = new Map<StatePath<S, E>, string[]>()
  for (const [target, path] of best) byPath.set(path, [...(byPath.get(path) ?? []), target])
  return withinLongerPaths([...byPath.entries()].map(([path, targets]) => ({ targets, path })))
    .map(({ targets, path }) => ({ target: targets.sort().join(' | '), path }))
    .sort((a, b) => a.path.weight - b.path.weight || a.target.localeCompare(b.target))
}

/**
 * A path that is the start of a longer one is played inside it: every step's state is checked on
 * the way (playPath), so its targets are reached and seen there, and the page loads, the player
 * made and the steps before it are not paid twice. Each shorter path goes into the longest one it
 * starts (the first found on a tie), and its targets with it.
 */
function withinLongerPaths<P extends { steps: readonly { event: EventObject }[] }>(paths: { targets: string[]; path: P }[]): { targets: string[]; path: P }[] {
  const keyOf = (path: P) => path.steps.slice(1).map((step) => JSON.stringify(step.event))
  const longestFirst = [...paths].sort((a, b) => b.path.steps.length - a.path.steps.length)
  const kept: { targets: string[]; path: P; events: string[] }[] = []
  for (const { targets, path } of longestFirst) {
    const events = keyOf(path)
    const host = kept.find((k) => k.events.length > events.length && events.every((e, i) => k.events[i] === e))
    if (host) host.targets.push(...targets)
    else kept.push({ targets: [...targets], path, events })
  }
  return kept.map(({ targets, path }) => ({ targets, path }))
}

// ── a model's paths ──────────────────────────────────────────────────────────

/**
 * What a model's paths file declares (defineModelPaths): the machine, the states it skips and the
 * world its paths are played in. P is the player's events, A the server's answers; W names the
 * worlds of a model whose graph depends on one (the link followed, the player's limits), N the
 * field of a journey that says which world it is played in.
 */
export interface ModelPathsSpec<M extends AnyStateMachine, K extends string, S extends AnyMachineSnapshot, P extends EventObject, A extends EventObject, N extends string, W extends string> {
  /** The machine as the page runs it (with whatever the model remembers provided). */
  readonly machine: M
  /**
   * The chart's states no journey reaches, each with the reason a tester reads in the spec's
   * output: a transient state, a state another spec plays, an answer the real server cannot be
   * made to give. Keyed by the chart's leaves, so a renamed state does not compile.
   */
  readonly skipped: { readonly [L in K]: string }
  /** What the player does: the model's samples, one list per event type (its PLAYER_SAMPLES). */
  readonly samples: FixtureTable<P>
  /** The oracle: what the real server answers in this snapshot (in this world). */
  readonly answers: (snapshot: S, world: W) => readonly A[]
  readonly serializeState: JourneyOptions<S, P | A>['serializeState']
  readonly allow?: JourneyOptions<S, P | A>['allow']
  readonly targetsOf?: JourneyOptions<S, P | A>['targetsOf']
  /** The machine's input, as the page gives it (in this world). */
  readonly input?: (world: W) => unknown
  /**
   * The worlds, when the graph depends on one: each is walked on its own, in this order, and plays
   * only the targets its `keeps` lets through, so no target is played twice. Each journey names
   * its world in the field `key`.
   */
  readonly worlds?: { readonly key: N; readonly each: readonly W[]; readonly keeps: Readonly<Record<W, (target: string) => boolean>> }
}

/** A model's journey: tagged with its world where the model has worlds. */
export type ModelJourney<S extends AnyMachineSnapshot, E extends EventObject, N extends string, W> = [N] extends [never]
  ? Journey<S, E>
  : Journey<S, E> & { readonly [Q in N]: W }

/** A model's paths: its SKIPPED table, the leaves a snapshot is in (less the skipped ones), and its journeys. */
export interface ModelPaths<L extends string, K extends string, S extends AnyMachineSnapshot, J> {
  readonly skipped: { readonly [Q in K]: string }
  readonly leavesOf: (snapshot: S) => L[]
  readonly journeys: () => J[]
}

/**
 * One model's paths, from what differs between models: the journeys are shortestJourneys() of the
 * machine with the samples and the oracle's answers as its events (per world, tagged with it), and
 * the leaves a journey checks are the chart's less the skipped ones.
 */
export function defineModelPaths<
  M extends AnyStateMachine,
  K extends ChartLeaf<M>,
  S extends AnyMachineSnapshot,
  P extends EventObject,
  A extends EventObject,
  N extends string = never,
  W extends string = never,
>(
  spec: ModelPathsSpec<M, K, S, P, A, N, W>,
): ModelPaths<Exclude<ChartLeaf<M>, K>, K, S, ModelJourney<S, P | A, N, W>> {
  type J = ModelJourney<S, P | A, N, W>
  const { worlds } = spec
  // A sample list, or a function of the snapshot (FixtureTable); the player's events come first.
  const samples = spec.samples as Readonly<Record<string, readonly P[] | ((snapshot: S) => readonly P[])>>
  const journeysIn = (world: W): Journey<S, P | A>[] =>
    shortestJourneys<S, P | A>(spec.machine, {
      events: (snapshot) => [...Object.values(samples).flatMap((entry) => (typeof entry === 'function' ? entry(snapshot) : entry)), ...spec.answers(snapshot, world)],
      serializeState: spec.serializeState,
      allow: spec.allow,
      targetsOf: worlds ? (snapshot) => (spec.targetsOf ?? ((s: S) => [stateName(s)]))(snapshot).filter(worlds.keeps[world]) : spec.targetsOf,
      input: spec.input?.(world),
    })
  return {
    skipped: spec.skipped,
    leavesOf: (snapshot) => leavesOf<Exclude<ChartLeaf<M>, K>>(snapshot),
    journeys: () =>
      worlds
        ? worlds.each.flatMap((world) => journeysIn(world).map((journey) => ({ ...journey, [worlds.key]: world }) as J))
        : (journeysIn(undefined as never) as J[]),
  }
}

/**
 * The bookkeeping test of a model spec: every leaf of the chart is on the way of some journey or is
 * skipped with a reason, never both, and every state check belongs to a reached leaf.
 */
export function expectLeavesAccountedFor<S extends { value: StateValue }>(
  machine: AnyStateMachine,
  journeys: readonly { path: { state: S; steps: readonly { state: S }[] } }[],
  checks: Readonly<Record<string, unknown>>,
  skipped: Readonly<Record<string, string | undefined>>,
) {
  // A journey checks every state on its way (a shorter path is played inside a longer one).
  const reached = [...new Set(journeys.flatMap(({ path }) => path.steps.flatMap((step) => leavesOfValue(step.state.value))))].sort()
  const skippedLeaves = Object.keys(skipped).sort()
  expect(reached.filter((leaf) => skippedLeaves.includes(leaf)), 'states both reached and skipped').toEqual([])
  expect([...reached, ...skippedLeaves].sort(), 'every state of the chart is reached or skipped with a reason').toEqual(chartLeaves(machine))
  expect(Object.keys(checks).sort(), 'a check for every state the journeys reach').toEqual(reached)
}

// ── gestures ─────────────────────────────────────────────────────────────────

export type Gesture<E, C> = (page: Page, event: E, journey: C) => Promise<void>
/** Record<E['type'], Gesture>, with each gesture given its own event type. */
export type GestureTable<E extends { type: string }, C> = { readonly [K in E['type']]: Gesture<Extract<E, { type: K }>, C> }

/** Runs the gesture of an event from the tables given (player gestures, server answers). */
export async function perform<E extends { type: string }, C>(page: Page, event: E, journey: C, ...tables: readonly object[]) {
  const gestures = Object.assign({}, ...tables) as Record<string, Gesture<E, C>>
  const gesture = gestures[event.type]
  if (!gesture) throw new Error(`no gesture for event '${event.type}'`)
  await gesture(page, event, journey)
}

// ── the server, held between a request and the answer the path expects ──────

/** How long a release waits for the request the page should have sent. */
const REQUEST_WAIT_MS = EXPECT_TIMEOUT

/**
 * Holds the requests a flow sends until the path says the server answered ('xstate.done.actor.*'),
 * then passes them on unchanged and gives back the real answer, for the gesture to compare with
 * the model's. So busy states are seen for as long as a check needs, and nothing is faked.
 */
export class ServerGate<K extends string> {
  private readonly queues = new Map<K, Route[]>()
  private readonly holding = new Set<K>()

  private constructor(
    private readonly page: Page,
    private readonly kinds: Readonly<Record<K, (request: Request) => boolean>>,
    held: readonly K[],
  ) {
    for (const kind of Object.keys(kinds) as K[]) this.queues.set(kind, [])
    for (const kind of held) this.holding.add(kind)
  }

  /** `kinds`: how each kind of request is told; `held`: the kinds held from the start (the others after hold()). */
  static async install<K extends string>(page: Page, kinds: Readonly<Record<K, (request: Request) => boolean>>, held: readonly K[]): Promise<ServerGate<K>> {
    const gate = new ServerGate(page, kinds, held)
    await page.route('**/api/**', (route) => gate.intercept(route))
    return gate
  }

  private async intercept(route: Route) {
    const kind = (Object.keys(this.kinds) as K[]).find((k) => this.holding.has(k) && this.kinds[k](route.request()))
    if (kind) this.queues.get(kind)!.push(route)
    else await route.fallback()
  }

  /** Requests of this kind wait for release() from now on. */
  hold(kind: K) {
    this.holding.add(kind)
  }

  /** Requests of this kind pass from now on; one already held stays held until released. */
  pass(kind: K) {
    this.holding.delete(kind)
  }

  /** Passes the oldest held request of this kind on to the server, and gives back its answer. */
  async release(kind: K, { andPass = false } = {}): Promise<{ status: number; body: unknown; request: Request }> {
    const queue = this.queues.get(kind)!
    const deadline = Date.now() + REQUEST_WAIT_MS
    while (queue.length === 0) {
      if (Date.now() > deadline) throw new Error(`the page sent no ${kind} request for the server to answer`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const route = queue.shift()!
    if (andPass) this.pass(kind)
    // The answer is read here and then handed to the page unchanged: a page that leaves at once
    // (a redirect to the provider) would take the body with it.
    const response = await route.fetch()
    const body: unknown = await response.json().catch(() => null)
    await route.fulfill({ response })
    return { status: response.status(), body, request: route.request() }
  }

  /**
   * Passes requests of this kind from now on, and the oldest held one and every other held with
   * it: for a call the page sends from more than one place (general info), whichever the flow's
   * is. Gives back the answers, oldest first.
   */
  async releaseAll(kind: K): Promise<{ status: number; body: unknown; request: Request }[]> {
    const answers = [await this.release(kind, { andPass: true })]
    while (this.queues.get(kind)!.length > 0) answers.push(await this.release(kind))
    return answers
  }

  /**
   * Ends the journey. A request still held (the journey ends in a busy state) must neither reach
   * the server nor fail on the page, where the flow would report it: the page is closed with it
   * held, and only then is the route settled, so nothing is left waiting when the context closes.
   */
  async dispose() {
    this.holding.clear()
    const held = [...this.queues.values()].flatMap((queue) => queue.splice(0))
    await this.page.unrouteAll({ behavior: 'ignoreErrors' })
    await this.page.close()
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)))
  }
}

/** A request to /api/<area>/<name> with this method. */
export const apiCall = (method: 'GET' | 'POST', path: string) => (request: Request) =>
  request.method() === method && new URL(request.url()).pathname === path

/** The error code of a SPEC §8 error body; 'ok' for a success. */
export const answerCode = (status: number, body: unknown): unknown =>
  status < 400 ? 'ok' : ((body as { error?: { code?: unknown } } | null)?.error?.code ?? null)

// ── the page's clock ─────────────────────────────────────────────────────────

/**
 * The page's timers under the model's control. Installed before the page loads, they run in real
 * time until frozen; a frozen page lives through a delay only when the path's `xstate.after.*`
 * event says so (a countdown, a debounce), so the state before it can be checked.
 */
export class PageClock {
  private frozen = false
  constructor(private readonly page: Page) {}

  static async install(page: Page): Promise<PageClock> {
    await page.clock.install()
    return new PageClock(page)
  }

  /**
   * Stops the page's time: no timer fires until runFor(). The page's clock moves on while it is
   * read, so it stops a second ahead (never in its past).
   */
  async freeze() {
    if (this.frozen) return
    const now = await this.page.evaluate(() => Date.now())
    await this.page.clock.pauseAt(now + 1_000)
    this.frozen = true
  }

  /** The model's delay: the frozen page lives through `ms`, firing what falls due, and stays frozen. */
  async runFor(ms: number) {
    await this.freeze()
    await this.page.clock.runFor(ms)
  }

  /** Time runs again (dialogs' exit animations, polling) until the next freeze. */
  async resume() {
    if (!this.frozen) return
    await this.page.clock.resume()
    this.frozen = false
  }
}

// ── playing a path ───────────────────────────────────────────────────────────

export interface PlayOptions<S, E> {
  /** The journey's page is open and the flow started: the path's first state is on screen. */
  readonly start: () => Promise<void>
  readonly perform: (event: E) => Promise<void>
  readonly check: (snapshot: S) => Promise<void>
  readonly describeEvent: (event: E) => string
}

/** Plays a path as test steps: the start checked, then each event's gesture and the check of the state it leads to. */
export async function playPath<S extends AnyMachineSnapshot, E extends EventObject>(path: StatePath<S, E>, options: PlayOptions<S, E>) {
  const [start, ...steps] = path.steps
  await test.step(`start → ${stateName(start!.state)}`, async () => {
    await options.start()
    await options.check(start!.state)
  })
  for (const step of steps) {
    await test.step(`${options.describeEvent(step.event)} → ${stateName(step.state)}`, async () => {
      await options.perform(step.event)
      await options.check(step.state)
    })
  }
}

/** A journey's title: what it reaches and the events on the way. */
export const journeyTitle = <S extends Snapshot<unknown>, E extends EventObject>({ target, path }: Journey<S, E>, describeEvent: (event: E) => string, startLabel: string) =>
  `reaches ${target} via ${path.steps.slice(1).map((step) => describeEvent(step.event)).join(' → ') || startLabel}`
