import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useCallback, useId, type FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { card, field, muted } from 'styled-system/recipes'
import type { gameHistoryMachine } from '../../../machines/games/history/history.machine'
import { selectDraft, selectDraftErrors, selectGameChoices, type GameHistorySnapshot } from '../../../machines/games/history/history.selectors'
import type { DateField, GameTitle, RoundMode } from '../../../machines/games/history/history.types'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { DayInput } from '../../kit/DayInput'
import { Select } from '../../kit/Select'

type HistoryRef = ActorRefFrom<typeof gameHistoryMachine>

// A phone: the selects across, the dates side by side. A tablet: the selects on one row, the dates
// and the button on the next. A laptop: one row. Fields align at the top, so an error under one
// date moves nothing else.
const grid = css({
  display: 'grid',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    tablet: 'repeat(6, minmax(0, 1fr))',
    laptop: 'minmax(0, 2fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
  },
  gap: '3',
  alignItems: 'start',
  '& input, & select': { minW: '0', w: 'full' },
})
const gameCell = css({ gridColumn: { base: 'span 2', tablet: 'span 4', laptop: 'auto' } })
const dateCell = css({ gridColumn: { base: 'span 1', tablet: 'span 2', laptop: 'auto' } })
const wide = css({ gridColumn: { base: 'span 2', tablet: 'span 2', laptop: 'auto' } })

const sameChoices = (a: readonly GameTitle[], b: readonly GameTitle[]) => a.length === b.length && a.every((g, i) => g.sysname === b[i]!.sysname && g.title === b[i]!.title)
const MODES = ['real', 'fun'] as const satisfies readonly RoundMode[]

/** The filters: a game, real money or fun, and a range of days typed as dd.mm.yyyy; "Show" applies them. */
export function RoundsFilters({ actor }: { actor: HistoryRef }) {
  const { t, i18n } = useLingui()
  const draft = useSelector(actor, selectDraft)
  const errors = useSelector(actor, selectDraftErrors)
  const choicesOf = useCallback((s: GameHistorySnapshot) => selectGameChoices(i18n.locale)(s), [i18n.locale])
  const games = useSelector(actor, choicesOf, sameChoices)
  const formatId = useId()
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'history.filter' })
  }
  const dateInput = (name: string, dateField: DateField, label: string) => (
    <DayInput className={dateCell}
      name={name}
      label={label}
      value={draft[dateField]}
      invalid={Boolean(errors[dateField])}
      describedBy={formatId}
      onChange={(value) => actor.send({ type: 'history.date.change', field: dateField, value })}
      testId={`rounds-${name}`}
    />
  )
  return (
    <Form flow={actor} className={cx(card(), css({ gap: '2' }))} onSubmit={apply} aria-label={t`Filter rounds`} data-testid="rounds-filters">
      <div className={grid}>
        <Select
          name="game"
          label={t`Game`}
          value={draft.game ?? ''}
          onChange={(e) => actor.send({ type: 'history.game.change', value: e.currentTarget.value === '' ? null : e.currentTarget.value })}
          className={gameCell}
          data-testid="rounds-game"
        >
          <option value="">{t`All games`}</option>
          {games.map((g) => (
            <option key={g.sysname} value={g.sysname}>
              {g.title}
            </option>
          ))}
        </Select>
        <Select
          name="mode"
          label={t`Mode`}
          value={draft.mode ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value
            actor.send({ type: 'history.mode.change', value: (MODES as readonly string[]).includes(value) ? (value as RoundMode) : null })
          }}
          className={wide}
          data-testid="rounds-mode"
        >
          <option value="">{t`All modes`}</option>
          <option value="real">{t`Real money`}</option>
          <option value="fun">{t`Fun`}</option>
        </Select>
        {dateInput('from', 'dateFrom', t`From`)}
        {dateInput('to', 'dateTo', t`To`)}
        <div className={cx(wide, css({ display: 'flex', flexDirection: 'column', gap: '1.5' }))}>
          {/* An empty label's height above the button, so it lines up with the fields on a wide screen. */}
          <span className={cx(field().label, css({ display: { base: 'none', tablet: 'block' }, visibility: 'hidden' }))} aria-hidden="true">
            &nbsp;
          </span>
          <Button type="submit" variant="secondary" data-testid="rounds-apply">
            <Trans>Show</Trans>
          </Button>
        </div>
      </div>
      <p id={formatId} className={cx(muted(), css({ fontSize: 'sm' }))}>
        <Trans>Dates as dd.mm.yyyy, for example 31.01.2026. Days run midnight to midnight UTC.</Trans>
      </p>
    </Form>
  )
}
