// A state chart laid out for an SVG diagram from the static chart alone: no layout library, a small
// layered layout, readable rather than beautiful (how it lays out: docs/flows.md#how-a-diagram-is-laid-out).
import type { Chart, ChartState, ChartTransition } from '../../machines/testing/chart'

export const FONT_SIZE = 12
export const CHAR_W = 7.25 // monospace at 12 px
export const LINE_H = 16
const PAD = 10
const GAP_X = 28
const GAP_Y_MIN = 44
const HEADER = 24
const MIN_W = 96
const MAX_ROW_W = 960
const LABEL_PAD = 4

export interface DiagramBox {
  readonly id: string
  readonly key: string
  readonly type: ChartState['type']
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
  /** Nesting depth: 0 for the machine's root. */
  readonly depth: number
  readonly leaf: boolean
  /** The initial child of its parent (drawn with a start dot). */
  readonly initial: boolean
  /** Its parent is parallel: the box is a region. */
  readonly region: boolean
  /** Transitions that stay in this state, one label each. */
  readonly selfLoops: readonly string[]
}

export interface DiagramEdge {
  readonly source: string
  readonly target: string
  /** One line per transition: 'event [guard]'. */
  readonly lines: readonly string[]
  /** SVG path data of the arrow. */
  readonly path: string
  /** Label box (top left corner and size). */
  readonly label: { readonly x: number; readonly y: number; readonly w: number; readonly h: number }
}

export interface DiagramLayout {
  readonly width: number
  readonly height: number
  readonly boxes: readonly DiagramBox[]
  readonly edges: readonly DiagramEdge[]
}

const AFTER = 'xstate.after.'
const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

/** 'after resendTick', 'done submitLogin', 'error submitLogin', 'always', else the event type. */
export function readableEventName(t: Pick<ChartTransition, 'event' | 'source'>): string {
  if (t.event === '') return 'always'
  const suffix = `.${t.source}`
  if (t.event.startsWith(AFTER) && t.event.endsWith(suffix)) return `after ${t.event.slice(AFTER.length, -suffix.length)}`
  if (t.event.startsWith(DONE)) return `done ${t.event.slice(DONE.length)}`
  if (t.event.startsWith(ERROR)) return `error ${t.event.slice(ERROR.length)}`
  return t.event
}

export function transitionLabel(t: ChartTransition): string {
  return `${readableEventName(t)}${t.guard === undefined ? '' : ` [${t.guard}]`}`
}

const textWidth = (text: string) => Math.ceil(text.length * CHAR_W)

interface Sized {
  readonly state: ChartState
  readonly w: number
  readonly h: number
  /** Positions of the children relative to this box's top left corner. */
  readonly children: readonly { readonly sized: Sized; readonly x: number; readonly y: number }[]
}

export function layoutChart(chart: Chart): DiagramLayout {
  const states = new Map([chart.root, ...chart.states].map((s) => [s.id, s]))
  const parentChain = (id: string): string[] => {
    const chain: string[] = []
    for (let s = states.get(id); s; s = s.parent === undefined ? undefined : states.get(s.parent)) chain.push(s.id)
    return chain // self first
  }
  const chains = new Map([...states.keys()].map((id) => [id, parentChain(id)]))
  /** The child of `parent` that is `id` or holds it; undefined when `id` is not inside `parent`. */
  const childOf = (parent: string, id: string): string | undefined => {
    const chain = chains.get(id) ?? []
    const at = chain.indexOf(parent)
    return at > 0 ? chain[at - 1] : undefined
  }

  // Lines written inside a state's box: transitions that stay in it (↻), and those from a state to
  // one it holds (↓) or to one that holds it (↑), which an arrow would draw across the whole chart.
  const selfLoops = new Map<string, string[]>()
  const note = (id: string, line: string) => selfLoops.set(id, [...(selfLoops.get(id) ?? []), line])
  const moves: { t: ChartTransition; target: string }[] = []
  for (const t of chart.transitions) {
    const targets = t.targets.filter((target) => target !== t.source)
    if (t.targets.length === 0 || targets.length < t.targets.length) note(t.source, `↻ ${transitionLabel(t)}`)
    for (const target of targets) {
      const key = states.get(target)?.key ?? target
      if (chains.get(target)?.includes(t.source)) note(t.source, `↓ ${transitionLabel(t)} → ${key}`)
      else if (chains.get(t.source)?.includes(target)) note(t.source, `↑ ${transitionLabel(t)} → ${key}`)
      else moves.push({ t, target })
    }
  }

  const size = (state: ChartState): Sized => {
    const own = selfLoops.get(state.id) ?? []
    const headerLines = [state.key, ...own]
    // Room for the initial dot and the parallel mark beside the name.
    const headerW = Math.max(...headerLines.map(textWidth)) + 2 * PAD + 24
    const headerH = HEADER + own.length * LINE_H
    const kids = state.children.map((id) => size(states.get(id)!))
    if (kids.length === 0) return { state, w: Math.max(MIN_W, headerW), h: headerH + (own.length > 0 ? PAD / 2 : 4), children: [] }

    const placed: { sized: Sized; x: number; y: number }[] = []
    let innerW = 0
    let innerH = 0
    if (state.type === 'parallel') {
      // Regions side by side, wrapping into rows.
      let x = 0
      let y = 0
      let rowH = 0
      for (const kid of kids) {
        if (x > 0 && x + kid.w > MAX_ROW_W) {
          x = 0
          y += rowH + GAP_X
          rowH = 0
        }
        placed.push({ sized: kid, x, y })
        x += kid.w + GAP_X
        rowH = Math.max(rowH, kid.h)
        innerW = Math.max(innerW, x - GAP_X)
      }
      innerH = y + rowH
    } else {
      const ids = kids.map((k) => k.state.id)
      const edges = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]))
      const pairs = new Map<string, number>()
      let widestLabel = 0
      for (const { t, target } of moves) {
        const a = childOf(state.id, t.source)
        const b = childOf(state.id, target)
        if (a === undefined || b === undefined || a === b) continue
        edges.get(a)!.add(b)
        const pair = `${a}>${b}`
        pairs.set(pair, (pairs.get(pair) ?? 0) + 1)
        widestLabel = Math.max(widestLabel, textWidth(transitionLabel(t)) + 2 * LABEL_PAD)
      }
      // Breadth first from the initial child; children it never reaches start their own layers after.
      const rank = new Map<string, number>()
      const order: string[] = []
      const visit = (start: string, base: number) => {
        rank.set(start, base)
        const queue = [start]
        for (let i = 0; i < queue.length; i++) {
          const id = queue[i]!
          order.push(id)
          for (const next of edges.get(id) ?? []) {
            if (rank.has(next)) continue
            rank.set(next, rank.get(id)! + 1)
            queue.push(next)
          }
        }
      }
      visit(state.initial ?? ids[0]!, 0)
      for (const id of ids) if (!rank.has(id)) visit(id, Math.max(...rank.values()) + 1)
      const layers: string[][] = []
      for (const id of order) (layers[rank.get(id)!] ??= []).push(id)
      // Order each layer by where its predecessors sit in the layer above.
      const position = new Map<string, number>()
      layers.forEach((layer, i) => {
        if (i > 0) {
          const score = (id: string) => {
            const from = [...position].filter(([p]) => edges.get(p)?.has(id)).map(([, x]) => x)
            return from.length > 0 ? from.reduce((a, b) => a + b, 0) / from.length : Number.MAX_SAFE_INTEGER
          }
          const scores = new Map(layer.map((id) => [id, score(id)]))
          layer.sort((a, b) => scores.get(a)! - scores.get(b)!)
        }
        layer.forEach((id, j) => position.set(id, j + i * 0.001))
      })
      const byId = new Map(kids.map((k) => [k.state.id, k]))
      // Room between two layers for the labels of every arrow that crosses that gap.
      const layerOf = new Map(layers.flatMap((layer, i) => layer.map((id) => [id, i] as const)))
      const gapBelow = layers.map((_, i) => {
        let lines = 0
        for (const [pair, n] of pairs) {
          const [a, b] = pair.split('>').map((id) => layerOf.get(id)!) as [number, number]
          if (Math.min(a, b) <= i && i < Math.max(a, b)) lines += n
        }
        return Math.max(GAP_Y_MIN, Math.min(10, lines) * (LINE_H + LABEL_PAD) + 24)
      })
      const widths = layers.map((layer) => layer.reduce((sum, id) => sum + byId.get(id)!.w, 0) + GAP_X * (layer.length - 1))
      // Wide enough for the labels of the arrows between its children to sit beside them.
      innerW = Math.max(...widths, Math.min(widestLabel * 2, MAX_ROW_W / 2))
      let y = 0
      layers.forEach((layer, i) => {
        let x = (innerW - widths[i]!) / 2
        const layerH = Math.max(...layer.map((id) => byId.get(id)!.h))
        for (const id of layer) {
          const kid = byId.get(id)!
          placed.push({ sized: kid, x, y })
          x += kid.w + GAP_X
        }
        y += layerH + (i < layers.length - 1 ? gapBelow[i]! : 0)
      })
      innerH = y
    }
    const w = Math.max(MIN_W, headerW, innerW + 2 * PAD)
    const offsetX = (w - innerW) / 2
    return {
      state,
      w,
      h: headerH + innerH + PAD + 4,
      children: placed.map((p) => ({ sized: p.sized, x: p.x + offsetX, y: p.y + headerH + 4 })),
    }
  }

  const boxes: DiagramBox[] = []
  const place = (sized: Sized, x: number, y: number, depth: number) => {
    const { state } = sized
    const parent = state.parent === undefined ? undefined : states.get(state.parent)
    boxes.push({
      id: state.id,
      key: state.key,
      type: state.type,
      x,
      y,
      w: sized.w,
      h: sized.h,
      depth,
      leaf: state.children.length === 0,
      initial: parent?.type === 'compound' && parent.initial === state.id,
      region: parent?.type === 'parallel',
      selfLoops: selfLoops.get(state.id) ?? [],
    })
    for (const child of sized.children) place(child.sized, x + child.x, y + child.y, depth + 1)
  }
  const MARGIN = 12
  const root = size(chart.root)
  place(root, MARGIN, MARGIN, 0)
  const byId = new Map(boxes.map((b) => [b.id, b]))

  // One arrow per source and target; its transitions one label line each.
  const grouped = new Map<string, { source: string; target: string; lines: string[] }>()
  for (const { t, target } of moves) {
    const key = `${t.source}>${target}`
    const group = grouped.get(key) ?? { source: t.source, target, lines: [] }
    const line = transitionLabel(t)
    if (!group.lines.includes(line)) group.lines.push(line)
    grouped.set(key, group)
  }
  // Labels go where they cover no state's name or listed transitions and no other label, as near
  // the middle of their arrow as that allows (they have a background, so covering is hiding).
  const obstacles: Rect[] = boxes.map((b) =>
    b.leaf ? { x: b.x, y: b.y, w: b.w, h: b.h } : { x: b.x, y: b.y, w: b.w, h: HEADER + b.selfLoops.length * LINE_H },
  )
  const edges: DiagramEdge[] = []
  let maxX = root.w + 2 * MARGIN
  let maxY = root.h + 2 * MARGIN
  // The biggest labels first: small ones find a free spot more easily.
  const byLabelSize = [...grouped.values()].sort((x, y) => y.lines.length - x.lines.length || y.lines[0]!.length - x.lines[0]!.length)
  for (const { source, target, lines } of byLabelSize) {
    const a = byId.get(source)
    const b = byId.get(target)
    if (!a || !b) continue
    const curve = route(a, b)
    const w = Math.max(...lines.map(textWidth)) + 2 * LABEL_PAD
    const h = lines.length * LINE_H + 2 * LABEL_PAD - 2
    const label = placeLabel(curve, w, h, obstacles)
    obstacles.push(label)
    edges.push({ source, target, lines, path: curve.path, label })
    maxX = Math.max(maxX, label.x + label.w + MARGIN)
    maxY = Math.max(maxY, label.y + label.h + MARGIN)
  }
  return { width: Math.ceil(maxX), height: Math.ceil(maxY), boxes, edges }
}

interface Rect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

function overlap(a: Rect, b: Rect): number {
  const m = 2
  const w = Math.min(a.x + a.w + m, b.x + b.w + m) - Math.max(a.x - m, b.x - m)
  const h = Math.min(a.y + a.h + m, b.y + b.h + m) - Math.max(a.y - m, b.y - m)
  return w > 0 && h > 0 ? w * h : 0
}

const ALONG = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82, 0.1, 0.9]

function placeLabel(curve: Curve, w: number, h: number, obstacles: readonly Rect[]): Rect {
  // On the arrow, then just above, below or beside it, then further out sideways: the first spot
  // that covers nothing wins; if there is none, the one that covers least.
  const near = [[0, 0], [0, -(h / 2 + 6)], [0, h / 2 + 6], [w / 2 + 6, 0], [-(w / 2 + 6), 0], [0, -(h + 12)], [0, h + 12]]
  const far = [1, 2, 3, 4, 5].flatMap((k) => [[w / 2 + 6 + k * 40, 0], [-(w / 2 + 6 + k * 40), 0]])
  let best: { rect: Rect; cost: number } | undefined
  for (const offsets of [near, far]) {
    for (const t of ALONG) {
      const p = curve.at(t)
      for (const [dx, dy] of offsets as [number, number][]) {
        const rect = { x: round(Math.max(2, p.x + dx - w / 2)), y: round(Math.max(2, p.y + dy - h / 2)), w, h }
        const cost = obstacles.reduce((sum, o) => sum + overlap(rect, o), 0)
        if (cost === 0) return rect
        if (!best || cost < best.cost) best = { rect, cost }
      }
    }
  }
  return best!.rect
}

type Point = { x: number; y: number }

/** Where the line from the centre of `box` towards `to` leaves the box. */
function border(box: DiagramBox, to: Point): Point {
  const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 }
  const dx = to.x - c.x
  const dy = to.y - c.y
  if (dx === 0 && dy === 0) return c
  const sx = dx === 0 ? Number.POSITIVE_INFINITY : box.w / 2 / Math.abs(dx)
  const sy = dy === 0 ? Number.POSITIVE_INFINITY : box.h / 2 / Math.abs(dy)
  const s = Math.min(sx, sy)
  return { x: c.x + dx * s, y: c.y + dy * s }
}

const round = (n: number) => Math.round(n * 10) / 10

interface Curve {
  readonly path: string
  readonly at: (t: number) => Point
}

/** A curved arrow between two boxes, neither inside the other. */
function route(a: DiagramBox, b: DiagramBox): Curve {
  const start = border(a, { x: b.x + b.w / 2, y: b.y + b.h / 2 })
  const end = border(b, { x: a.x + a.w / 2, y: a.y + a.h / 2 })
  const dx = end.x - start.x
  const dy = end.y - start.y
  const length = Math.max(1, Math.hypot(dx, dy))
  // Bend to the left of the direction of travel: A to B and B to A never draw over each other.
  const bend = Math.min(60, 18 + length / 8)
  const c = { x: (start.x + end.x) / 2 + (dy / length) * bend, y: (start.y + end.y) / 2 - (dx / length) * bend }
  return {
    path: `M ${round(start.x)} ${round(start.y)} Q ${round(c.x)} ${round(c.y)} ${round(end.x)} ${round(end.y)}`,
    at: (t) => ({
      x: (1 - t) ** 2 * start.x + 2 * (1 - t) * t * c.x + t ** 2 * end.x,
      y: (1 - t) ** 2 * start.y + 2 * (1 - t) * t * c.y + t ** 2 * end.y,
    }),
  }
}
