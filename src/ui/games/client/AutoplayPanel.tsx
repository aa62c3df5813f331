// Autoplay: how many rounds (at most the operator's maximum), and two optional limits, each typed
// in the player's locale. The machine stops the run on its own conditions; this panel only asks.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { autoplayRoundOptions, parseStakeInput } from '../../../machines/games/game-client/game-client.rules'
import type { AutoplayRun, AutoplaySettings } from '../../../machines/games/game-client/game-client.types'
import { Button } from '../../kit/Button'
import { Input } from '../../kit/Input'
import { Select } from '../../kit/Select'
import { editableAmount } from './format'
import { useAutoplayStopText } from './messages'

export function AutoplayPanel({
  currency,
  maxRounds,
  running,
  run,
  canStart,
  onStart,
  onStop,
}: {
  currency: string
  maxRounds: number
  running: boolean
  run: AutoplayRun | null
  canStart: boolean
  onStart: (settings: AutoplaySettings) => void
  onStop: () => void
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const stopText = useAutoplayStopText()
  const options = autoplayRoundOptions(maxRounds)
  const [rounds, setRounds] = useState(options[0] ?? 1)
  const [loss, setLoss] = useState('')
  const [win, setWin] = useState('')
  const [errors, setErrors] = useState<{ loss?: string; win?: string }>({})
  const statusId = useId()

  const limit = (text: string): { ok: true; amount: string | null } | { ok: false } => {
    if (text.trim() === '') return { ok: true, amount: null }
    const parsed = parseStakeInput(text, locale, currency)
    return parsed.ok ? { ok: true, amount: parsed.amount } : { ok: false }
  }
  const example = editableAmount('25.00', locale)

  const start = (event: FormEvent) => {
    event.preventDefault()
    const lossLimit = limit(loss)
    const winLimit = limit(win)
    const wrong = t`Write an amount like ${example}, or leave it empty.`
    setErrors({ loss: lossLimit.ok ? undefined : wrong, win: winLimit.ok ? undefined : wrong })
    if (!lossLimit.ok || !winLimit.ok) return
    onStart({ rounds, lossLimit: lossLimit.amount, winLimit: winLimit.amount })
  }

  const played = run?.played ?? 0
  const total = run?.settings.rounds ?? 0
  return (
    <form onSubmit={start} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} aria-describedby={statusId} data-testid="autoplay-panel">
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'repeat(3, minmax(0, 1fr))', laptop: '1fr' } })}>
        <Select label={<Trans>Rounds</Trans>} value={String(rounds)} disabled={running} onChange={(e) => setRounds(Number(e.currentTarget.value))}>
          {options.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Input
          label={<Trans>Stop if the loss would pass</Trans>}
          inputMode="decimal"
          autoComplete="off"
          name="lossLimit"
          value={loss}
          disabled={running}
          error={errors.loss}
          hint={currency}
          onChange={(e) => setLoss(e.currentTarget.value)}
        />
        <Input
          label={<Trans>Stop on a single win of</Trans>}
          inputMode="decimal"
          autoComplete="off"
          name="winLimit"
          value={win}
          disabled={running}
          error={errors.win}
          hint={currency}
          onChange={(e) => setWin(e.currentTarget.value)}
        />
      </div>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        {running ? (
          <Button type="button" variant="danger" onClick={onStop} data-testid="autoplay-stop">
            <Trans>Stop autoplay</Trans>
          </Button>
        ) : (
          <Button type="submit" variant="secondary" disabled={!canStart} data-testid="autoplay-start">
            <Trans>Start autoplay</Trans>
          </Button>
        )}
        <p id={statusId} role="status" className={css({ textStyle: 'small', color: 'textMuted' })} data-testid="autoplay-status">
          {running ? <Trans>Round {played} of {total}</Trans> : run?.stopReason ? stopText(run.stopReason, run.settings.rounds) : null}
        </p>
      </div>
    </form>
  )
}
