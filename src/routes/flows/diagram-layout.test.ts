import { describe, expect, it } from 'vitest'
import { machineRegistry } from '../../machines/registry'
import { describeChart } from '../../machines/testing/chart'
import { layoutChart, transitionLabel, type DiagramBox } from './diagram-layout'

const inside = (inner: DiagramBox, outer: DiagramBox) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h
const apart = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y

describe.each(machineRegistry.map((entry) => [entry.name, entry] as const))('diagram of %s', (_name, entry) => {
  const chart = describeChart(entry.machine)
  const layout = layoutChart(chart)
  const boxes = new Map(layout.boxes.map((b) => [b.id, b]))

  it('has a box for every state, inside its parent, apart from its siblings, inside the picture', () => {
    expect([...boxes.keys()].sort()).toEqual([chart.root.id, ...chart.states.map((s) => s.id)].sort())
    for (const state of [chart.root, ...chart.states]) {
      const box = boxes.get(state.id)!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.y + box.h).toBeLessThanOrEqual(layout.height)
      expect(box.x + box.w).toBeLessThanOrEqual(layout.width)
      if (state.parent !== undefined) expect(inside(box, boxes.get(state.parent)!), `${state.id} inside its parent`).toBe(true)
      const siblings = state.children.map((id) => boxes.get(id)!)
      siblings.forEach((a, i) => siblings.slice(i + 1).forEach((b) => expect(apart(a, b), `${a.id} apart from ${b.id}`).toBe(true)))
    }
  })

  it('shows every transition: as a labelled arrow, or as a line in its source state', () => {
    for (const t of chart.transitions) {
      const label = transitionLabel(t)
      const inBox = boxes.get(t.source)!.selfLoops.some((line) => line.includes(label))
      const asArrows = t.targets.filter((target) => target !== t.source).every((target) =>
        layout.edges.some((e) => e.source === t.source && e.target === target && e.lines.includes(label)),
      )
      expect(inBox || (t.targets.length > 0 && asArrows), `${t.key} is drawn`).toBe(true)
    }
  })

  it('is the same every time (the server and the browser draw one picture)', () => {
    expect(layoutChart(describeChart(entry.machine))).toEqual(layout)
  })
})

describe('labels', () => {
  it('cover no state and no other label in the small charts', () => {
    for (const name of ['dialog-stack', 'toasts', 'toast-timer']) {
      const layout = layoutChart(describeChart(machineRegistry.find((e) => e.name === name)!.machine))
      const leaves = layout.boxes.filter((b) => b.leaf)
      layout.edges.forEach((edge, i) => {
        for (const leaf of leaves) expect(apart(edge.label, leaf), `${name}: label of ${edge.source} -> ${edge.target} off ${leaf.id}`).toBe(true)
        for (const other of layout.edges.slice(i + 1)) expect(apart(edge.label, other.label), `${name}: labels apart`).toBe(true)
      })
    }
  })
})
