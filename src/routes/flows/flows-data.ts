// What the /_flows page shows of every registered machine, from the registry and the static charts
// alone (no actor is created): the loader's data. The same registry and charts as `npm run flows`.
import { machineRegistry } from '../../machines/registry'
import { describeChart, type Chart } from '../../machines/testing/chart'
import { readableEventName } from './diagram-layout'

export interface FlowMachine {
  readonly name: string
  readonly area: string
  readonly spec: string
  readonly description: string
  /** The machine id (state ids start with it). */
  readonly id: string
  readonly chart: Chart
  /** Event types the chart handles, readable ('done submitLogin', 'after resendTick', 'always'). */
  readonly events: readonly string[]
  readonly guards: readonly string[]
  /** Context fields shown as '[redacted]' in inspection and exports. */
  readonly redact: readonly string[]
}

export interface FlowsPageData {
  readonly machines: readonly FlowMachine[]
}

const unique = (values: readonly string[]) => [...new Set(values)]

export function flowsPageData(): FlowsPageData {
  return {
    machines: machineRegistry.map((entry) => {
      const chart = describeChart(entry.machine)
      return {
        name: entry.name,
        area: entry.area,
        spec: entry.spec,
        description: entry.description,
        id: chart.id,
        chart,
        events: unique(chart.transitions.map(readableEventName)),
        guards: unique(chart.transitions.flatMap((t) => (t.guard === undefined ? [] : [t.guard]))),
        redact: entry.redact ?? [],
      }
    }),
  }
}
