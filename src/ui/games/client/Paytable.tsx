// A title's paytable, from its rules as data (the same rules the server plays): for the options the
// player has set where the table depends on them (wheel, keno, plinko), every line where it does not.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { DEFAULT_DICE_RULES, type DiceRules } from '../../../shared/games/engines/dice'
import { DEFAULT_KENO_RULES, KENO_RISKS, type KenoRisk, type KenoRules } from '../../../shared/games/engines/keno'
import { DEFAULT_LIMBO_RULES, limboWinChance, type LimboRules } from '../../../shared/games/engines/limbo'
import type { LineSlotRules } from '../../../shared/games/engines/line-slot'
import { DEFAULT_PLINKO_RULES, PLINKO_RISKS, type PlinkoRisk, type PlinkoRules } from '../../../shared/games/engines/plinko'
import { DEFAULT_WHEEL_RULES, WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk, type WheelRules } from '../../../shared/games/engines/wheel'
import type { StudioTitle } from '../../../shared/games/catalogue'
import { decimal, multiplier, percent } from './format'
import { SlotSymbol, useSymbolName } from './slot-symbols'

const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  textStyle: 'small',
  fontVariantNumeric: 'tabular-nums',
  '& th, & td': { textAlign: 'right', py: '1.5', px: '2', borderBottom: '1px solid token(colors.border)' },
  '& th:first-child, & td:first-child': { textAlign: 'left' },
  '& thead th': { color: 'textMuted', fontWeight: 'semibold' },
})
const scroller = css({ overflowX: 'auto', maxW: 'full' })
const note = css({ textStyle: 'small', color: 'textMuted', mt: '2' })

function Table({ caption, head, rows }: { caption: ReactNode; head: readonly ReactNode[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <div className={scroller}>
      <table className={table}>
        <caption className={css({ textAlign: 'left', textStyle: 'label', mb: '2' })}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={css({ fontWeight: 'regular' })}>
                    {c}
                  </th>
                ) : (
                  <td key={i}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function isRisk<T extends string>(value: unknown, risks: readonly T[]): value is T {
  return typeof value === 'string' && (risks as readonly string[]).includes(value)
}

export function Paytable({ title, bet }: { title: StudioTitle; bet: Record<string, unknown> }) {
  const { i18n } = useLingui()
  const locale = i18n.locale
  switch (title.kind) {
    case 'dice':
      return <DicePaytable rules={(title.rules as DiceRules | null) ?? DEFAULT_DICE_RULES} locale={locale} />
    case 'limbo':
      return <LimboPaytable rules={(title.rules as LimboRules | null) ?? DEFAULT_LIMBO_RULES} locale={locale} />
    case 'wheel': {
      const rules = (title.rules as WheelRules | null) ?? DEFAULT_WHEEL_RULES
      const risk = isRisk<WheelRisk>(bet.risk, WHEEL_RISKS) ? bet.risk : 'medium'
      const segments = WHEEL_SEGMENTS.includes(bet.segments as never) ? (bet.segments as number) : 10
      return <WheelPaytable table={rules.tables[risk][segments] ?? []} risk={risk} segments={segments} locale={locale} />
    }
    case 'keno': {
      const rules = (title.rules as KenoRules | null) ?? DEFAULT_KENO_RULES
      const risk = isRisk<KenoRisk>(bet.risk, KENO_RISKS) ? bet.risk : 'classic'
      return <KenoPaytable rules={rules} risk={risk} locale={locale} />
    }
    case 'plinko': {
      const rules = (title.rules as PlinkoRules | null) ?? DEFAULT_PLINKO_RULES
      const risk = isRisk<PlinkoRisk>(bet.risk, PLINKO_RISKS) ? bet.risk : 'low'
      const rows = typeof bet.rows === 'number' && rules.tables[bet.rows] ? bet.rows : rules.minRows
      return <PlinkoPaytable table={rules.tables[rows]![risk]} rows={rows} locale={locale} />
    }
    case 'line_slot':
      return <SlotPaytable rules={title.rules as LineSlotRules} title={title.sysname} locale={locale} />
    default:
      return null
  }
}

function DicePaytable({ rules, locale }: { rules: DiceRules; locale: string }) {
  const chances = [0.02, 0.1, 0.25, 0.495, 0.75, 0.9, 0.98]
  const edge = percent(rules.houseEdge, locale)
  return (
    <>
      <Table
        caption={<Trans>What a win pays</Trans>}
        head={[<Trans key="c">Win chance</Trans>, <Trans key="m">Multiplier</Trans>]}
        rows={chances.map((c) => [percent(c, locale), multiplier(Math.floor(((1 - rules.houseEdge) / c) * 10000) / 10000, locale, 4)])}
      />
      <p className={note}>
        <Trans>The roll is 0.00 to 99.99. A win pays (1 − {edge}) ÷ your win chance, whatever side and target you choose.</Trans>
      </p>
    </>
  )
}

function LimboPaytable({ rules, locale }: { rules: LimboRules; locale: string }) {
  const targets = [1.01, 1.5, 2, 5, 10, 100, 1000]
  const top = multiplier(rules.maxMultiplier, locale, 0)
  return (
    <>
      <Table
        caption={<Trans>What a win pays</Trans>}
        head={[<Trans key="t">Target</Trans>, <Trans key="c">Win chance</Trans>]}
        rows={targets.map((target) => [multiplier(target, locale), percent(limboWinChance(rules, target), locale, 4)])}
      />
      <p className={note}>
        <Trans>A result at or above your target pays the target. Results go up to {top}.</Trans>
      </p>
    </>
  )
}

function WheelPaytable({ table: segments, risk, segments: count, locale }: { table: readonly number[]; risk: WheelRisk; segments: number; locale: string }) {
  const { t } = useLingui()
  const counts = new Map<number, number>()
  for (const m of segments) counts.set(m, (counts.get(m) ?? 0) + 1)
  const riskName = risk === 'low' ? t`low` : risk === 'medium' ? t`medium` : t`high`
  return (
    <Table
      caption={<Trans>{count} segments, {riskName} risk</Trans>}
      head={[<Trans key="m">Multiplier</Trans>, <Trans key="s">Segments</Trans>, <Trans key="c">Chance</Trans>]}
      rows={[...counts].sort((a, b) => b[0] - a[0]).map(([m, n]) => [multiplier(m, locale), String(n), percent(n / segments.length, locale)])}
    />
  )
}

function KenoPaytable({ rules, risk, locale }: { rules: KenoRules; risk: KenoRisk; locale: string }) {
  const { t } = useLingui()
  const tables = rules.paytables[risk]
  const maxHits = rules.maxPicks
  const riskName = risk === 'low' ? t`low` : risk === 'classic' ? t`classic` : risk === 'medium' ? t`medium` : t`high`
  const numbers = rules.numbers
  const drawn = rules.drawn
  return (
    <>
      <Table
        caption={<Trans>Pays by numbers picked and hits, {riskName} risk</Trans>}
        head={[<Trans key="p">Picked</Trans>, ...Array.from({ length: maxHits + 1 }, (_, h) => String(h))]}
        rows={tables.map((row, i) => [String(i + 1), ...Array.from({ length: maxHits + 1 }, (_, h) => (row[h] ? decimal(row[h]!, locale) : '–'))])}
      />
      <p className={note}>
        <Trans>{drawn} numbers of {numbers} are drawn. The columns are how many of your numbers were drawn; the figures are multipliers of your bet.</Trans>
      </p>
    </>
  )
}

function PlinkoPaytable({ table: slots, rows, locale }: { table: readonly number[]; rows: number; locale: string }) {
  let c = 1
  const chances = slots.map((_, k) => {
    const p = c / 2 ** rows
    c = (c * (rows - k)) / (k + 1)
    return p
  })
  return (
    <Table
      caption={<Trans>{rows} rows: the slots from the edge to the middle</Trans>}
      head={[<Trans key="s">Slot</Trans>, <Trans key="m">Multiplier</Trans>, <Trans key="c">Chance</Trans>]}
      rows={slots.slice(0, Math.floor(rows / 2) + 1).map((m, k) => [String(k + 1), multiplier(m, locale), percent(chances[k]! * (k === rows - k ? 1 : 2), locale, 3)])}
    />
  )
}

function SlotPaytable({ rules, title, locale }: { rules: LineSlotRules; title: string; locale: string }) {
  const name = useSymbolName()
  const lines = rules.paylines.length
  const feature = rules.feature
  const scatter = rules.symbols.find((s) => s.kind === 'scatter')
  const [three, four, five] = rules.scatterPays
  const award = feature?.award ?? 0
  const times = feature?.multiplier ?? 1
  const more = feature?.retrigger ?? 0
  const cap = feature?.cap ?? 0
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <Table
        caption={<Trans>Line pays, as multiples of the line bet (your bet ÷ {lines})</Trans>}
        head={['', '3', '4', '5']}
        rows={rules.symbols
          .map((symbol, index) => ({ symbol, index }))
          .filter(({ symbol }) => symbol.kind !== 'scatter')
          .map(({ symbol, index }) => [
            <span key="s" className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
              <span className={css({ w: '8', h: '8', flexShrink: 0 })}>
                <SlotSymbol symbol={symbol} index={index} title={title} />
              </span>
              {name(symbol.id)}
            </span>,
            ...symbol.pays.map((p) => decimal(p, locale, 0)),
          ])}
      />
      {scatter ? (
        <p className={note}>
          <Trans>
            The wild stands in for every symbol but the scatter. Scatters pay anywhere: 3, 4 or 5 pay {three}, {four} or {five} times your bet.
          </Trans>
        </p>
      ) : null}
      {feature ? (
        <p className={note}>
          <Trans>
            Three or more scatters start {award} free spins, every win in them × {times}; three scatters in them add {more} more, up to {cap} in all.
          </Trans>
        </p>
      ) : null}
      <div>
        <p className={css({ textStyle: 'label', mb: '2' })}>
          <Trans>The {lines} lines</Trans>
        </p>
        <ol className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(4.5rem, 1fr))', gap: '2' })}>
          {rules.paylines.map((line, i) => (
            <li key={i} className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1', textStyle: 'small', color: 'textMuted' })}>
              <svg viewBox="0 0 50 30" width="64" height="38" aria-hidden="true">
                {Array.from({ length: 15 }, (_, c) => (
                  <rect key={c} x={(c % 5) * 10 + 1} y={Math.floor(c / 5) * 10 + 1} width="8" height="8" rx="1.5" fill={line[c % 5] === Math.floor(c / 5) ? 'var(--colors-accent)' : 'var(--colors-border)'} />
                ))}
              </svg>
              {i + 1}
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
