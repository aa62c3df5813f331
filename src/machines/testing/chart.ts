// The static chart of a machine: every state node and every transition definition, read from
// `machine.root` without creating an actor, so no default actor or action ever runs.
//
// One description serves three readers that must agree on names: the flows CLI (export, paths),
// the coverage recorder (which turns the transition definitions an actor reports in
// '@xstate.microstep' inspection events into the same keys) and the coverage report (which
// compares the two). A transition's key is therefore computed from the definition alone.
import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { getStateNodes } from 'xstate/graph'

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export interface ChartState {
  /** The state node id, as in `snapshot._nodes` ('app.session.visitor.idle'). */
  readonly id: string
  readonly key: string
  readonly type: ChartStateType
  /** Parent state node id; undefined for the machine's root. */
  readonly parent: string | undefined
  /** Id of the initial child of a compound state. */
  readonly initial: string | undefined
  readonly children: readonly string[]
  readonly entry: readonly string[]
  readonly exit: readonly string[]
  readonly invoke: readonly { readonly id: string; readonly src: string }[]
  readonly tags: readonly string[]
  readonly description: string | undefined
  /**
   * Left by an `always` transition in the same macrostep it is entered: never seen at rest, so
   * path generation cannot reach it (the coverage recorder still sees it in microsteps).
   */
  readonly transient: boolean
}

export interface ChartTransition {
  /** Stable identity, shared by the static chart and the coverage recorder. */
  readonly key: string
  readonly source: string
  /** The event type; '' for an eventless (`always`) transition. */
  readonly event: string
  readonly guard: string | undefined
  /** Target state node ids; empty for a targetless transition (actions only). */
  readonly targets: readonly string[]
  readonly actions: readonly string[]
  readonly reenter: boolean
}

export interface Chart {
  readonly id: string
  readonly root: ChartState
  /** Every state node except the root, in document order. */
  readonly states: readonly ChartState[]
  readonly transitions: readonly ChartTransition[]
}

/** A readable name for an action, guard or actor source: its type, else its function name. */
export function implementationName(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'function') {
    const typed = value as { type?: unknown; name?: string }
    if (typeof typed.type === 'string') return typed.type
    return typed.name ? typed.name : 'inline'
  }
  if (value && typeof value === 'object') {
    const typed = value as { type?: unknown; id?: unknown }
    if (typeof typed.type === 'string') return typed.type
    if (typeof typed.id === 'string') return typed.id
  }
  return 'inline'
}

/** 'always' for eventless transitions, else the event type as the chart declares it. */
export function eventLabel(eventType: string): string {
  return eventType === '' ? 'always' : eventType
}

/**
 * A guard's name; higher-order guards spell out what they combine:
 * `and(stateIn(active.fields.ready), submittable)`.
 */
/**
 * xstate's higher-order guards, told apart by their `check` function rather than by the function's
 * name: a production build minifies names, and the coverage recorder runs in the built site too.
 */
const HIGHER_ORDER_GUARDS = new Map<unknown, 'and' | 'or' | 'not' | 'stateIn'>([
  [(and([]) as unknown as { check: unknown }).check, 'and'],
  [(or([]) as unknown as { check: unknown }).check, 'or'],
  [(not('') as unknown as { check: unknown }).check, 'not'],
  [(stateIn('') as unknown as { check: unknown }).check, 'stateIn'],
])

export function guardName(guard: unknown): string {
  if (typeof guard === 'function') {
    const { guards, stateValue, check } = guard as { guards?: unknown; stateValue?: unknown; check?: unknown }
    const kind = HIGHER_ORDER_GUARDS.get(check)
    if (Array.isArray(guards) && (kind === 'and' || kind === 'or' || kind === 'not')) {
      return `${kind}(${guards.map(guardName).join(', ')})`
    }
    if (stateValue !== undefined && kind === 'stateIn') {
      return `stateIn(${typeof stateValue === 'string' ? stateValue : stateLabel(stateValue)})`
    }
  }
  return implementationName(guard)
}

function baseKey(t: AnyTransitionDefinition): string {
  const guard = t.guard === undefined ? '' : ` [${guardName(t.guard)}]`
  const targets = t.target && t.target.length > 0 ? t.target.map((n) => n.id).join(', ') : '(no target)'
  return `${t.source.id} -- ${eventLabel(t.eventType)}${guard} --> ${targets}`
}

function siblings(t: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  if (t.eventType === '') return t.source.always ?? []
  return t.source.transitions.get(t.eventType) ?? []
}

/**
 * `source -- event [guard] --> targets`. Two definitions of one source and event that read the same
 * (same guard, same targets) get their position appended, so every definition has its own key.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const key = baseKey(t)
  const same = siblings(t).filter((other) => baseKey(other) === key)
  if (same.length < 2) return key
  return `${key} #${same.indexOf(t) + 1}`
}

/**
 * An action's name. Built-in actions lose their 'xstate.' prefix and keep the actor they address
 * when it is a fixed id: `sendTo(dialogs)`, `spawnChild(toasts)`, `enqueueActions`.
 */
export function actionName(action: unknown): string {
  const name = implementationName(action)
  if (!name.startsWith('xstate.')) return name
  const short = name.slice('xstate.'.length)
  const { to, src } = action as { to?: unknown; src?: unknown }
  if (short === 'sendTo' && typeof to === 'string') return `sendTo(${to})`
  if (short === 'spawnChild' && typeof src === 'string') return `spawnChild(${src})`
  return short
}

function actionNames(actions: readonly unknown[], node?: AnyStateNode): string[] {
  const timers = node !== undefined && node.after.length > 0
  return actions
    .map(actionName)
    // The delayed raise and its cancel are how XState implements `after`: not the chart's actions.
    .filter((name) => !(timers && (name === 'raise' || name === 'cancel')))
}

function describeState(node: AnyStateNode): ChartState {
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined
  return {
    id: node.id,
    key: node.key,
    type: node.type as ChartStateType,
    parent: node.parent?.id,
    initial: initialTarget?.id,
    children: Object.values(node.states as Record<string, AnyStateNode>).map((child) => child.id),
    entry: actionNames(node.entry, node),
    exit: actionNames(node.exit, node),
    invoke: node.invoke.map((i) => ({ id: i.id, src: implementationName(i.src) })),
    tags: [...node.tags],
    description: node.description,
    transient: (node.always?.length ?? 0) > 0,
  }
}

function describeTransition(t: AnyTransitionDefinition): ChartTransition {
  return {
    key: transitionKey(t),
    source: t.source.id,
    event: t.eventType,
    guard: t.guard === undefined ? undefined : guardName(t.guard),
    targets: (t.target ?? []).map((n) => n.id),
    actions: actionNames(t.actions),
    reenter: t.reenter,
  }
}

function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
}

export function describeChart(machine: AnyStateMachine): Chart {
  const nodes = getStateNodes(machine.root)
  return {
    id: machine.id,
    root: describeState(machine.root),
    states: nodes.map(describeState),
    transitions: [machine.root, ...nodes].flatMap(ownTransitions).map(describeTransition),
  }
}

/** Node ids of the state value `value` of machine `machineId`, ancestors included, root excluded. */
export function stateIdsOfValue(machineId: string, value: unknown): string[] {
  const ids: string[] = []
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') {
      ids.push(`${prefix}.${v}`)
      return
    }
    if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        ids.push(`${prefix}.${key}`)
        walk(`${prefix}.${key}`, child)
      }
    }
  }
  walk(machineId, value)
  return ids
}

/** 'idle'; 'session.visitor.idle, theme.ready' for nested and parallel values. */
export function stateLabel(value: unknown): string {
  const leaves: string[] = []
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') leaves.push(prefix ? `${prefix}.${v}` : v)
    else if (v && typeof v === 'object') {
      const entries = Object.entries(v)
      if (entries.length === 0 && prefix) leaves.push(prefix)
      for (const [key, child] of entries) walk(prefix ? `${prefix}.${key}` : key, child)
    }
  }
  walk('', value)
  return leaves.join(', ')
}
