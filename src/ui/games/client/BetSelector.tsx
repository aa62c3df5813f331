// The stake: typed in the player's locale (parsed at the edge, parseStakeInput), halved, doubled,
// at the minimum or maximum, or picked from the chips; the machine keeps it within the title's limits.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import type { Purse } from '../../../services/api/contract/games'
import { parseStakeInput, stakeLadder } from '../../../machines/games/game-client/game-client.rules'
import type { GameClientEvent } from '../../../machines/games/game-client/game-client.types'
import { formatShortAmount } from '../../../shared/format-money'
import { editableAmount, money } from './format'

const stepButton = css({
  minW: '11',
  minH: '11',
  px: '2',
  borderRadius: 'md',
  bg: 'surfaceRaised',
  border: '1px solid token(colors.borderStrong)',
  color: 'text',
  fontWeight: 'semibold',
  cursor: 'pointer',
  _hover: { borderColor: 'text' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
})
const chipButton = css({
  flex: '0 0 auto',
  minH: '9',
  px: '3',
  borderRadius: 'full',
  bg: 'surfaceRaised',
  border: '1px solid token(colors.border)',
  color: 'text',
  textStyle: 'small',
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  _hover: { borderColor: 'borderStrong' },
  '&[aria-pressed=true]': { bg: 'accent', color: 'accentText', borderColor: 'accent' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
})

export function BetSelector({
  purse,
  stake,
  disabled,
  send,
  chip = false,
}: {
  purse: Purse | null
  stake: string | null
  disabled: boolean
  send: (event: GameClientEvent) => void
  /** A table game: the amount is a chip's value, the view places the chips. */
  chip?: boolean
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const id = useId()
  const [text, setText] = useState(stake ? editableAmount(stake, locale) : '')
  const [problem, setProblem] = useState<'format' | 'decimals' | 'required' | null>(null)
  const [editing, setEditing] = useState(false)

  // The field follows the stake the table keeps, except while the player types.
  useEffect(() => {
    if (!editing) setText(stake ? editableAmount(stake, locale) : '')
  }, [stake, locale, editing])

  const currency = purse?.currency ?? ''
  const ladder = stakeLadder(purse)
  const limits = purse?.limits ?? null
  const min = limits ? money(limits.min, currency, locale) : ''
  const max = limits ? money(limits.max, currency, locale) : ''
  const example = editableAmount('1.50', locale)

  const commit = (event?: FormEvent) => {
    event?.preventDefault()
    setEditing(false)
    if (!purse) return
    const parsed = parseStakeInput(text, locale, currency)
    if (!parsed.ok) {
      setProblem(parsed.reason)
      return
    }
    setProblem(null)
    send({ type: 'bet.stake', stake: parsed.amount })
  }

  const error =
    problem === 'decimals' ? t`Too many decimals for ${currency}.` : problem === 'format' ? t`Write an amount like ${example}.` : problem === 'required' ? t`Enter your bet.` : null
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <form onSubmit={commit} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} aria-label={t`Bet`} data-testid="bet-selector">
      <div className={css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' })}>
        <label htmlFor={id} className={css({ textStyle: 'label' })}>
          {chip ? <Trans>Chip</Trans> : <Trans>Bet</Trans>}
          {currency ? <span className={css({ color: 'textMuted', fontWeight: 'regular' })}> ({currency})</span> : null}
        </label>
        <span id={hintId} className={css({ textStyle: 'small', color: 'textMuted' })}>
          {limits ? <Trans>From {min} to {max}</Trans> : null}
        </span>
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', gap: '2', alignItems: 'stretch' })}>
        <button type="button" className={stepButton} disabled={disabled} onClick={() => send({ type: 'bet.halve' })} aria-label={t`Halve the bet`}>
          ½
        </button>
        <input
          id={id}
          name="stake"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled || !purse}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
          onFocus={() => setEditing(true)}
          onChange={(e) => {
            setEditing(true)
            setText(e.currentTarget.value)
            setProblem(null)
          }}
          onBlur={() => commit()}
          className={css({
            w: 'full',
            minH: '11',
            px: '3',
            textAlign: 'center',
            fontSize: 'lg',
            fontWeight: 'semibold',
            fontVariantNumeric: 'tabular-nums',
            bg: 'surface',
            color: 'text',
            border: '1px solid token(colors.borderStrong)',
            borderRadius: 'md',
            _focusVisible: { borderColor: 'accent' },
            '&[aria-invalid=true]': { borderColor: 'danger' },
            _disabled: { opacity: 0.5 },
          })}
        />
        <button type="button" className={stepButton} disabled={disabled} onClick={() => send({ type: 'bet.double' })} aria-label={t`Double the bet`}>
          2×
        </button>
      </div>
      {error ? (
        <p id={errorId} className={css({ textStyle: 'small', color: 'danger' })}>
          {error}
        </p>
      ) : null}
      <div className={css({ display: 'flex', gap: '2', overflowX: 'auto', pb: '1', scrollbarWidth: 'thin', laptop: { flexWrap: 'wrap', overflowX: 'visible' } })} role="group" aria-label={t`Bet amounts`}>
        <button type="button" className={cx(chipButton, css({ textTransform: 'uppercase' }))} disabled={disabled} onClick={() => send({ type: 'bet.min' })}>
          <Trans>Min</Trans>
        </button>
        {ladder.map((amount) => (
          <button key={amount} type="button" className={chipButton} disabled={disabled} aria-pressed={amount === stake} onClick={() => send({ type: 'bet.stake', stake: amount })}>
            {formatShortAmount(amount, currency, locale)}
          </button>
        ))}
        <button type="button" className={cx(chipButton, css({ textTransform: 'uppercase' }))} disabled={disabled} onClick={() => send({ type: 'bet.max' })}>
          <Trans>Max</Trans>
        </button>
      </div>
    </form>
  )
}
