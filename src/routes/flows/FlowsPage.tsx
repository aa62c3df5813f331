// The /_flows page (ARCHITECTURE §5, demo and staging only): every registered machine with its
// diagram, states, events and guards, downloads of its exports, and a way to reopen the site with the
// live Stately inspector attached from the first actor on. A lazy route: its code is a chunk of its
// own, never part of a player's first visit.
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { useLoaderData } from 'react-router'
import { css, cx } from 'styled-system/css'
import type { ChartState } from '../../machines/testing/chart'
import type { ExportFormat } from '../../machines/testing/export-format'
import { Button, ButtonLink } from '../../ui/kit/Button'
import { Select } from '../../ui/kit/Select'
import { FONT_SIZE, LINE_H, layoutChart, transitionLabel, type DiagramBox } from './diagram-layout'
import type { FlowMachine, FlowsPageData } from './flows-data'

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'mermaid', label: 'Mermaid' },
  { format: 'scxml', label: 'SCXML' },
  { format: 'json', label: 'JSON' },
]

/** The query page-inspection.ts (src/renderer) reads to attach the inspector. */
const INSPECT_QUERY = 'inspect=1'

const page = css({ maxW: '1400px', mx: 'auto', px: { base: '4', tablet: '6' }, py: { base: '6', tablet: '10' }, display: 'grid', gap: '6' })
const heading = css({ textStyle: 'display' })
const muted = css({ color: 'textMuted', maxW: '75ch' })
const panel = css({ display: 'grid', gap: '3', p: { base: '4', tablet: '5' }, borderRadius: 'lg', bg: 'surface', border: '1px solid', borderColor: 'border' })
const panelTitle = css({ fontSize: 'lg', fontWeight: 'semibold' })
const inspectorRow = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })
const toc = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, 1fr)', laptop: 'repeat(3, 1fr)' }, listStyle: 'none', p: '0' })
const tocLink = css({
  display: 'grid', gap: '1', p: '3', borderRadius: 'md', bg: 'surface', border: '1px solid', borderColor: 'border', textDecoration: 'none', color: 'text',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const code = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })
const machineSection = css({ display: 'grid', gap: '4', pt: '6', borderTop: '1px solid', borderColor: 'border', scrollMarginTop: '72px' })
const machineTitle = css({ fontSize: 'xl', fontWeight: 'semibold', fontFamily: 'mono' })
const meta = css({ display: 'flex', flexWrap: 'wrap', gap: '2', fontSize: 'sm', color: 'textMuted' })
const chip = css({ px: '2', py: '0.5', borderRadius: 'sm', bg: 'surfaceRaised', border: '1px solid', borderColor: 'border' })
const diagramFrame = css({
  overflow: 'auto', maxH: '80vh', borderRadius: 'md', border: '1px solid', borderColor: 'border', bg: 'bg', WebkitOverflowScrolling: 'touch',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const lists = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, 1fr)', laptop: 'repeat(3, 1fr)' }, alignItems: 'start' })
const listBox = css({ display: 'grid', gap: '2', p: '3', borderRadius: 'md', bg: 'surface', border: '1px solid', borderColor: 'border', minW: '0' })
const listTitle = css({ fontSize: 'md', fontWeight: 'semibold' })
const list = css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' })
const downloads = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })

// SVG parts: colours from the theme tokens, so the diagram follows light and dark.
const svgBox = (depth: number) => css({ fill: depth % 2 === 0 ? 'surface' : 'surfaceRaised', stroke: 'borderStrong', strokeWidth: '1' })
const svgRegion = css({ fill: 'transparent', stroke: 'borderStrong', strokeWidth: '1', strokeDasharray: '6 4' })
const svgText = css({ fill: 'text', fontFamily: 'mono' })
const svgMuted = css({ fill: 'textMuted', fontFamily: 'mono' })
const svgEdge = css({ fill: 'none', stroke: 'accent', strokeWidth: '1.5' })
const svgArrow = css({ fill: 'accent' })
const svgLabel = css({ fill: 'bg', stroke: 'border', strokeWidth: '1', opacity: 0.94 })
const svgInitial = css({ fill: 'text' })

export function FlowsPage() {
  const { machines } = useLoaderData() as FlowsPageData
  return (
    <div className={page} data-testid="page-flows">
      <header className={css({ display: 'grid', gap: '2' })}>
        <h1 className={heading}>
          <Trans>Flows</Trans>
        </h1>
        <p className={muted}>
          <Trans>
            Every state machine of the site, drawn from its chart: its states, the events it handles and the guards that decide between
            transitions. For QA and product owners; this page exists in the demo and staging environments only.
          </Trans>
        </p>
      </header>
      <InspectorPanel />
      <nav aria-label="Machines">
        <ul className={toc}>
          {machines.map((m) => (
            <li key={m.name}>
              <a className={tocLink} href={`#flow-${m.name}`}>
                <span className={css({ fontFamily: 'mono', fontWeight: 'semibold' })}>{m.name}</span>
                <span className={css({ fontSize: 'sm', color: 'textMuted' })}>
                  {m.area} · SPEC {m.spec}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {machines.map((m) => (
        <MachineSection key={m.name} machine={m} />
      ))}
    </div>
  )
}

function InspectorPanel() {
  const { t } = useLingui()
  const pages = [
    { path: '/', label: t`Home page` },
    { path: '/?show_popup_auth=1', label: t`Home page with the login popup` },
    { path: '/?show_popup_reg=1', label: t`Home page with the sign-up popup` },
    { path: '/gamehall', label: t`Games` },
  ]
  const [path, setPath] = useState(pages[0]!.path)
  const href = `${path}${path.includes('?') ? '&' : '?'}${INSPECT_QUERY}`
  return (
    <section className={panel} aria-labelledby="flows-inspector">
      <h2 id="flows-inspector" className={panelTitle}>
        <Trans>Live inspector</Trans>
      </h2>
      <p className={muted}>
        <Trans>
          Reopens the site with the Stately inspector attached from the start, so it sees every actor as it is created. The inspector
          opens in a new window: allow pop-ups for this site. Passwords, codes and tokens reach it as [redacted].
        </Trans>
      </p>
      <div className={inspectorRow}>
        <Select label={t`Page to open`} data-testid="inspector-page" value={path} onChange={(e) => setPath(e.target.value)} className={css({ minW: '240px', flex: '1 1 240px', maxW: '420px' })}>
          {pages.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label}
            </option>
          ))}
        </Select>
        <ButtonLink href={href} variant="primary" data-testid="open-inspector">
          <Trans>Open with live inspector</Trans>
        </ButtonLink>
      </div>
    </section>
  )
}

function MachineSection({ machine }: { machine: FlowMachine }) {
  const { t } = useLingui()
  const { chart } = machine
  const states = [chart.root, ...chart.states]
  return (
    <section id={`flow-${machine.name}`} className={machineSection} aria-labelledby={`flow-${machine.name}-title`} data-testid={`flow-${machine.name}`}>
      <div className={css({ display: 'grid', gap: '2' })}>
        <h2 id={`flow-${machine.name}-title`} className={machineTitle}>
          {machine.name}
        </h2>
        <p>{machine.description}</p>
        <p className={meta}>
          <span className={chip}>
            <Trans>area</Trans> {machine.area}
          </span>
          <span className={chip}>SPEC {machine.spec}</span>
          <span className={chip}>
            <Trans>machine id</Trans> <code className={code}>{machine.id}</code>
          </span>
          <span className={chip}>
            <Trans>{chart.states.length} states</Trans>
          </span>
          <span className={chip}>
            <Trans>{chart.transitions.length} transitions</Trans>
          </span>
          {machine.redact.length > 0 ? (
            <span className={chip}>
              <Trans>redacted</Trans> <code className={code}>{machine.redact.join(', ')}</code>
            </span>
          ) : null}
        </p>
      </div>
      {/* Focusable, so a keyboard can scroll a diagram wider or taller than the screen. */}
      <div className={diagramFrame} tabIndex={0} role="region" aria-label={t`State diagram of ${machine.name}`} data-testid="flow-diagram-frame">
        <Diagram machine={machine} label={t`State diagram of ${machine.name}`} />
      </div>
      <div className={lists}>
        <div className={listBox}>
          <h3 className={listTitle}>
            <Trans>States ({chart.states.length})</Trans>
          </h3>
          <ul className={list} data-testid="flow-states">
            {states.slice(1).map((s) => (
              <li key={s.id} className={code} style={{ paddingInlineStart: `${(depthOf(s, states) - 1) * 12}px` }}>
                {s.key}
                <StateNotes state={s} />
              </li>
            ))}
          </ul>
        </div>
        <div className={listBox}>
          <h3 className={listTitle}>
            <Trans>Events ({machine.events.length})</Trans>
          </h3>
          <ul className={list} data-testid="flow-events">
            {machine.events.map((e) => (
              <li key={e} className={code}>
                {e}
              </li>
            ))}
          </ul>
        </div>
        <div className={listBox}>
          <h3 className={listTitle}>
            <Trans>Guards ({machine.guards.length})</Trans>
          </h3>
          {machine.guards.length > 0 ? (
            <ul className={list} data-testid="flow-guards">
              {machine.guards.map((g) => (
                <li key={g} className={code}>
                  {g}
                </li>
              ))}
            </ul>
          ) : (
            <p className={muted}>
              <Trans>No guards: every event has one outcome.</Trans>
            </p>
          )}
        </div>
      </div>
      <details className={listBox}>
        <summary className={css({ cursor: 'pointer', fontWeight: 'semibold' })}>
          <Trans>Transitions ({chart.transitions.length})</Trans>
        </summary>
        <ul className={list}>
          {chart.transitions.map((tr) => (
            <li key={tr.key} className={code}>
              {tr.source.slice(machine.id.length + 1) || machine.id} — {transitionLabel(tr)}
              {tr.actions.length > 0 ? ` / ${tr.actions.join(', ')}` : ''} →{' '}
              {tr.targets.length > 0 ? tr.targets.map((id) => id.slice(machine.id.length + 1) || machine.id).join(', ') : t`(stays)`}
            </li>
          ))}
        </ul>
      </details>
      <Downloads name={machine.name} />
    </section>
  )
}

function depthOf(state: ChartState, states: readonly ChartState[]): number {
  let depth = 0
  for (let s: ChartState | undefined = state; s?.parent !== undefined; s = states.find((x) => x.id === s!.parent)) depth++
  return depth
}

function StateNotes({ state }: { state: ChartState }) {
  const { t } = useLingui()
  const notes = [
    ...(state.type === 'parallel' ? [t`parallel`] : []),
    ...(state.type === 'final' ? [t`final`] : []),
    ...(state.type === 'history' ? [t`history`] : []),
    ...(state.transient ? [t`transient`] : []),
    ...state.invoke.map((i) => t`invokes ${i.src}`),
    ...state.tags.map((tag) => t`tag ${tag}`),
  ]
  if (notes.length === 0) return null
  return <span className={css({ color: 'textMuted' })}> ({notes.join(', ')})</span>
}

function Downloads({ name }: { name: string }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const [error, setError] = useState<string | null>(null)
  const download = async (format: ExportFormat) => {
    setBusy(format)
    setError(null)
    try {
      const { exportFlow } = await import('./flows-export')
      const file = exportFlow(name, format)
      const url = URL.createObjectURL(new Blob([file.text], { type: file.type }))
      const a = document.createElement('a')
      a.href = url
      a.download = file.fileName
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    } catch {
      setError(t`The export could not be made. Reload the page and try again.`)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className={downloads}>
      <span className={css({ fontWeight: 'semibold' })}>
        <Trans>Download</Trans>
      </span>
      {FORMATS.map(({ format, label }) => (
        <Button key={format} size="sm" variant="secondary" loading={busy === format} onClick={() => void download(format)} data-testid={`download-${format}`}>
          {label}
        </Button>
      ))}
      {error ? (
        <p role="alert" className={css({ color: 'danger', flexBasis: '100%' })}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

function Diagram({ machine, label }: { machine: FlowMachine; label: string }) {
  const layout = useMemo(() => layoutChart(machine.chart), [machine.chart])
  const marker = `flow-arrow-${machine.name}`
  return (
    <svg
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={label}
      data-testid="flow-diagram"
      fontSize={FONT_SIZE}
      className={css({ display: 'block', maxW: 'none' })}
    >
      <defs>
        <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className={svgArrow} />
        </marker>
      </defs>
      {layout.boxes.map((box) => (
        <StateBox key={box.id} box={box} />
      ))}
      {layout.edges.map((edge) => (
        <path key={`${edge.source}>${edge.target}`} d={edge.path} className={svgEdge} markerEnd={`url(#${marker})`} />
      ))}
      {layout.edges.map((edge) => (
        <g key={`label:${edge.source}>${edge.target}`}>
          <rect x={edge.label.x} y={edge.label.y} width={edge.label.w} height={edge.label.h} rx="3" className={svgLabel} />
          {edge.lines.map((line, i) => (
            <text key={line} x={edge.label.x + 4} y={edge.label.y + 4 + (i + 1) * LINE_H - 4} className={svgText}>
              {line}
            </text>
          ))}
        </g>
      ))}
    </svg>
  )
}

function StateBox({ box }: { box: DiagramBox }) {
  const textX = box.x + (box.initial ? 20 : 10)
  return (
    <g data-state-id={box.id}>
      <rect x={box.x} y={box.y} width={box.w} height={box.h} rx={box.leaf ? 8 : 10} className={cx(box.region ? svgRegion : svgBox(box.depth))} />
      {box.type === 'final' ? <rect x={box.x + 3} y={box.y + 3} width={box.w - 6} height={box.h - 6} rx="6" className={svgRegion} /> : null}
      {box.initial ? <circle cx={box.x + 10} cy={box.y + 15} r="4" className={svgInitial} /> : null}
      <text x={textX} y={box.y + 19} className={svgText} fontWeight={box.leaf ? 400 : 700}>
        {box.key}
      </text>
      {box.selfLoops.map((line, i) => (
        <text key={line} x={box.x + 10} y={box.y + 19 + (i + 1) * LINE_H} className={svgMuted}>
          {line}
        </text>
      ))}
    </g>
  )
}
