// `flows export`: a machine's chart for documentation and for other tools.
// - json: states and transitions (event, guard, targets, actions) as lists, plus `config`, the same
//   chart as an XState machine config with implementation names only; wrapped in createMachine(...)
//   it is what Stately's editor imports from code.
// - mermaid: stateDiagram-v2 with nested and parallel states, for Markdown pages and mermaid.live.
// - scxml: W3C SCXML with nested <state> and <parallel>; guards go in `cond`, actions and tags in
//   an xstate namespace, so the file stays valid SCXML and loses nothing.
// The initial context goes into json and scxml with the entry's secret fields redacted.
import type { AnyMachineSnapshot } from 'xstate'
import { describeChart, eventLabel, type Chart, type ChartState, type ChartTransition } from './chart'
import type { MachineEntry } from '../flow-entry'
import { redact } from './redact'

export const EXPORT_FORMATS = ['json', 'mermaid', 'scxml'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export interface ExportInput {
  readonly entry: MachineEntry
  readonly initial: AnyMachineSnapshot
  readonly unreachable: readonly string[]
}

function index(chart: Chart): Map<string, ChartState> {
  return new Map([chart.root, ...chart.states].map((s) => [s.id, s]))
}

const AFTER = 'xstate.after.'
const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

/** The delay name of an `after` event ('xstate.after.<delay>.<state id>'), else undefined. */
function delayOf(t: ChartTransition): string | undefined {
  const suffix = `.${t.source}`
  return t.event.startsWith(AFTER) && t.event.endsWith(suffix) ? t.event.slice(AFTER.length, -suffix.length) : undefined
}

// ── json ─────────────────────────────────────────────────────────────────────

type ConfigTransition = { target?: string[]; guard?: string; actions?: string[]; reenter?: true }

function configTransition(t: ChartTransition): ConfigTransition {
  return {
    ...(t.targets.length > 0 ? { target: t.targets.map((id) => `#${id}`) } : {}),
    ...(t.guard === undefined ? {} : { guard: t.guard }),
    ...(t.actions.length > 0 ? { actions: [...t.actions] } : {}),
    ...(t.reenter ? { reenter: true as const } : {}),
  }
}

function configState(state: ChartState, states: Map<string, ChartState>, transitions: readonly ChartTransition[]): Record<string, unknown> {
  const own = transitions.filter((t) => t.source === state.id)
  const on: Record<string, ConfigTransition[]> = {}
  const after: Record<string, ConfigTransition[]> = {}
  const always: ConfigTransition[] = []
  const invoke = state.invoke.map((i) => ({ id: i.id, src: i.src }) as Record<string, unknown>)
  for (const t of own) {
    const invoked = invoke.find((i) => t.event === `${DONE}${i.id}` || t.event === `${ERROR}${i.id}`)
    const delay = delayOf(t)
    if (t.event === '') always.push(configTransition(t))
    else if (delay !== undefined) (after[delay] ??= []).push(configTransition(t))
    else if (invoked) {
      const key = t.event.startsWith(DONE) ? 'onDone' : 'onError'
      ;((invoked[key] ??= []) as ConfigTransition[]).push(configTransition(t))
    } else (on[t.event] ??= []).push(configTransition(t))
  }
  const children = state.children.map((id) => states.get(id)!).filter(Boolean)
  return {
    ...(state.type === 'parallel' || state.type === 'final' || state.type === 'history' ? { type: state.type } : {}),
    ...(state.description ? { description: state.description } : {}),
    ...(state.initial ? { initial: states.get(state.initial)?.key } : {}),
    ...(state.tags.length > 0 ? { tags: [...state.tags] } : {}),
    ...(state.entry.length > 0 ? { entry: [...state.entry] } : {}),
    ...(state.exit.length > 0 ? { exit: [...state.exit] } : {}),
    ...(invoke.length > 0 ? { invoke } : {}),
    ...(Object.keys(on).length > 0 ? { on } : {}),
    ...(Object.keys(after).length > 0 ? { after } : {}),
    ...(always.length > 0 ? { always } : {}),
    ...(children.length > 0
      ? { states: Object.fromEntries(children.map((c) => [c.key, configState(c, states, transitions)])) }
      : {}),
  }
}

export function exportJson({ entry, initial, unreachable }: ExportInput): string {
  const chart = describeChart(entry.machine)
  const states = index(chart)
  const context = redact(initial.context, entry.redact)
  return `${JSON.stringify(
    {
      machine: entry.name,
      id: chart.id,
      area: entry.area,
      spec: entry.spec,
      description: entry.description,
      initial: { value: initial.value, context },
      unreachable,
      states: [chart.root, ...chart.states],
      transitions: chart.transitions,
      config: { id: chart.id, context, ...configState(chart.root, states, chart.transitions) },
    },
    null,
    2,
  )}\n`
}

// ── mermaid ──────────────────────────────────────────────────────────────────

const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_')
const mermaidText = (text: string) => text.replace(/[:;#{}"]/g, ' ').replace(/\s+/g, ' ').trim()

/** 'after toastDuration', 'done fetchAccount', 'error fetchAccount', else the event type. */
function readableEvent(t: ChartTransition): string {
  const delay = delayOf(t)
  if (delay !== undefined) return `after ${delay}`
  if (t.event.startsWith(DONE)) return `done ${t.event.slice(DONE.length)}`
  if (t.event.startsWith(ERROR)) return `error ${t.event.slice(ERROR.length)}`
  return eventLabel(t.event)
}

function transitionLabel(t: ChartTransition): string {
  const event = readableEvent(t)
  const guard = t.guard === undefined ? '' : ` [${t.guard}]`
  const actions = t.actions.length > 0 ? ` / ${t.actions.join(', ')}` : ''
  return mermaidText(`${event}${guard}${actions}`)
}

function ancestors(id: string, states: Map<string, ChartState>): string[] {
  const chain: string[] = []
  for (let s = states.get(id); s; s = s.parent === undefined ? undefined : states.get(s.parent)) chain.push(s.id)
  return chain // self first, root last
}

/**
 * Where a transition line goes: the deepest state that is a proper ancestor of its source and all
 * its targets (mermaid draws an edge best inside the composite that holds both ends); undefined
 * means the top level.
 */
function container(t: ChartTransition, states: Map<string, ChartState>): string | undefined {
  const ends = [t.source, ...t.targets]
  const chains = ends.map((id) => ancestors(id, states))
  return chains[0]!.find((candidate) => chains.every((chain) => chain.includes(candidate) && chain[0] !== candidate))
}

export function exportMermaid({ entry, unreachable }: ExportInput): string {
  const chart = describeChart(entry.machine)
  const states = index(chart)
  const lines = new Map<string | undefined, { source: string; line: string }[]>()
  for (const t of chart.transitions) {
    const where = container(t, states)
    const targets = t.targets.length > 0 ? t.targets : [t.source]
    for (const target of targets) {
      const list = lines.get(where) ?? []
      list.push({ source: t.source, line: `${mermaidId(t.source)} --> ${mermaidId(target)} : ${transitionLabel(t)}` })
      lines.set(where, list)
    }
  }
  const out = [
    'stateDiagram-v2',
    `  %% ${entry.name} (machine ${chart.id}): SPEC ${mermaidText(entry.spec)}`,
    `  %% ${mermaidText(entry.description)}`,
    '  %% Generated by npm run flows -- export; self-loops are transitions that only run actions.',
    ...(unreachable.length > 0 ? [`  %% WARNING unreachable states: ${unreachable.join(', ')}`] : []),
  ]
  const label = (s: ChartState) => {
    const notes = [
      ...(s.type === 'history' ? ['history'] : []),
      ...s.invoke.map((i) => (i.id === i.src ? `invoke ${i.src}` : `invoke ${i.src} as ${i.id}`)),
      ...(unreachable.includes(s.id) ? ['UNREACHABLE'] : []),
    ]
    return mermaidText(notes.length > 0 ? `${s.key} (${notes.join(', ')})` : s.key)
  }
  const render = (s: ChartState, indent: string) => {
    const id = mermaidId(s.id)
    out.push(`${indent}state "${label(s)}" as ${id}`)
    if (s.children.length === 0) return
    out.push(`${indent}state ${id} {`)
    const inner = `${indent}  `
    if (s.initial) out.push(`${inner}[*] --> ${mermaidId(s.initial)}`)
    const here = lines.get(s.id) ?? []
    s.children.forEach((childId, i) => {
      const child = states.get(childId)!
      if (s.type === 'parallel' && i > 0) out.push(`${inner}--`)
      render(child, inner)
      if (child.type === 'final') out.push(`${inner}${mermaidId(child.id)} --> [*]`)
      // In a parallel state each region's lines stay in its own segment.
      if (s.type === 'parallel') {
        for (const l of here) if (ancestors(l.source, states).includes(childId)) out.push(`${inner}${l.line}`)
      }
    })
    if (s.type !== 'parallel') for (const l of here) out.push(`${inner}${l.line}`)
    else for (const l of here) if (!s.children.some((c) => ancestors(l.source, states).includes(c))) out.push(`${inner}${l.line}`)
    out.push(`${indent}}`)
  }
  out.push(`  [*] --> ${mermaidId(chart.root.id)}`)
  render(chart.root, '  ')
  for (const l of lines.get(undefined) ?? []) out.push(`  ${l.line}`)
  return `${out.join('\n')}\n`
}

// ── scxml ────────────────────────────────────────────────────────────────────

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** Comment text may hold anything but '--' (and may not end with '-'). */
const xmlComment = (text: string) => text.replace(/-{2,}/g, (dashes) => dashes.split('').join(' ')).replace(/-$/, '- ')

const attrs = (pairs: Record<string, string | undefined>) =>
  Object.entries(pairs)
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '')
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join('')

const actionElements = (names: readonly string[], indent: string) =>
  names.map((name) => `${indent}<xstate:action${attrs({ type: name })}/>`)

export function exportScxml({ entry, initial, unreachable }: ExportInput): string {
  const chart = describeChart(entry.machine)
  const states = index(chart)
  const context = redact(initial.context, entry.redact) as Record<string, unknown> | undefined
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- ${xmlComment(`${entry.name} (machine ${chart.id}): SPEC ${entry.spec}. ${entry.description}`)} -->`,
    '<!-- Generated by the flows CLI (scripts/flows, command export). Guards are in cond by name; actions, tags and delays are in the xstate namespace. -->',
    ...(unreachable.length > 0 ? [`<!-- ${xmlComment(`WARNING unreachable states: ${unreachable.join(', ')}`)} -->`] : []),
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:xstate="https://stately.ai/xstate" version="1.0"${attrs({ name: chart.id, initial: chart.root.id })}>`,
  ]
  if (context && typeof context === 'object' && Object.keys(context).length > 0) {
    out.push('  <datamodel>')
    for (const [key, value] of Object.entries(context)) out.push(`    <data${attrs({ id: key, expr: JSON.stringify(value) ?? 'undefined' })}/>`)
    out.push('  </datamodel>')
  }
  const render = (s: ChartState, indent: string): string[] => {
    const tag = s.type === 'parallel' ? 'parallel' : s.type === 'final' ? 'final' : s.type === 'history' ? 'history' : 'state'
    const head = `${indent}<${tag}${attrs({
      id: s.id,
      initial: tag === 'state' ? s.initial : undefined,
      'xstate:tags': s.tags.join(' '),
    })}`
    const inner = `${indent}  `
    // SCXML order: executable content, transitions and invokes, then child states.
    const body: string[] = []
    if (s.entry.length > 0) body.push(`${inner}<onentry>`, ...actionElements(s.entry, `${inner}  `), `${inner}</onentry>`)
    if (s.exit.length > 0) body.push(`${inner}<onexit>`, ...actionElements(s.exit, `${inner}  `), `${inner}</onexit>`)
    for (const t of chart.transitions.filter((t) => t.source === s.id)) {
      const open = `${inner}<transition${attrs({
        event: t.event === '' ? undefined : t.event,
        cond: t.guard,
        target: t.targets.length > 0 ? t.targets.join(' ') : undefined,
        'xstate:delay': delayOf(t),
        'xstate:reenter': t.reenter ? 'true' : undefined,
      })}`
      if (t.actions.length === 0) body.push(`${open}/>`)
      else body.push(`${open}>`, ...actionElements(t.actions, `${inner}  `), `${inner}</transition>`)
    }
    for (const i of s.invoke) body.push(`${inner}<invoke${attrs({ id: i.id, type: 'xstate', src: i.src })}/>`)
    for (const child of s.children) body.push(...render(states.get(child)!, inner))
    return body.length === 0 ? [`${head}/>`] : [`${head}>`, ...body, `${indent}</${tag}>`]
  }
  out.push(...render(chart.root, '  '))
  out.push('</scxml>')
  return `${out.join('\n')}\n`
}

export function exportChart(input: ExportInput, format: ExportFormat): string {
  switch (format) {
    case 'json':
      return exportJson(input)
    case 'mermaid':
      return exportMermaid(input)
    case 'scxml':
      return exportScxml(input)
  }
}
