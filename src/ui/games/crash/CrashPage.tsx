// The game client page of a crash title: its header (title, balance, close when framed) and the
// crash table. The crash flow is the page's root actor; the balance is read again whenever the
// flow says a bet settled, and told to the page around it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { browserApiClient } from '../../../services/api/browser-client'
import { getPurse, type PlayMode, type Purse } from '../../../services/api/contract/games'
import { isGameFramed, postToGameParent } from '../../../services/games/game-frame'
import { crashMachine } from '../../../machines/games/crash/crash.machine'
import type { StudioTitle } from '../../../shared/games/catalogue'
import type { Locale } from '../../../shared/locales'
import { useFlowActor } from '../../app/useFlowActor'
import { Button } from '../../kit/Button'
import { money } from '../client/format'
import { CrashTable } from './CrashTable'

const root = css({ minH: '100dvh', bg: 'bg', color: 'text' })
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', px: '4', py: '3', borderBottom: '1px solid token(colors.border)' })
const main = css({ maxW: '56rem', mx: 'auto', p: { base: '3', md: '6' } })

export function CrashPage({ title, mode }: { title: StudioTitle; mode: PlayMode }) {
  const { i18n, t } = useLingui()
  const locale = i18n.locale as Locale
  const [purse, setPurse] = useState<Purse | null>(null)
  const readPurse = useCallback(async (announce: boolean) => {
    try {
      const next = await browserApiClient().call(getPurse, { game: title.sysname, mode })
      setPurse(next)
      if (announce && next.mode === 'real') postToGameParent({ type: 'balance_changed', balance: next.balance, currency: next.currency })
    } catch {
      // The balance shows again with the next settled bet.
    }
  }, [title.sysname, mode])
  const actor = useFlowActor(
    crashMachine.provide({
      actions: {
        announceBalance: () => void readPurse(true),
        notifyNeedsDeposit: () => void postToGameParent({ type: 'needs_deposit' }),
      },
    }),
    { input: { game: title.sysname, mode, amount: '1.00' } },
  )
  useEffect(() => {
    void readPurse(false)
  }, [readPurse])
  useEffect(() => {
    // The stake starts at the title's minimum in the purse's currency.
    if (purse?.limits) actor.send({ type: 'crash.amount', amount: purse.limits.min })
  }, [purse?.limits?.min, actor])
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  const format = (amount: string) => money(amount, purse?.currency ?? 'USD', locale)
  const framed = isGameFramed()
  return (
    <div className={root}>
      <header className={header}>
        <h1 className={css({ textStyle: 'heading' })}>{title.text[locale]?.title ?? title.text.en.title}</h1>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <output aria-label={t`Balance`} data-testid="game-balance" className={css({ fontVariantNumeric: 'tabular-nums' })}>
            {purse ? format(purse.balance) : '…'}
          </output>
          {purse?.mode === 'demo' || purse?.mode === 'fun' ? (
            <span className={css({ textStyle: 'small', color: 'textMuted' })}>
              <Trans>Play money</Trans>
            </span>
          ) : null}
          {framed ? (
            <Button size="sm" variant="ghost" onClick={() => postToGameParent({ type: 'close' })}>
              <Trans>Close</Trans>
            </Button>
          ) : null}
        </div>
      </header>
      <main className={main}>
        <CrashTable actor={actor} formatMoney={format} currency={purse?.currency ?? null} />
      </main>
    </div>
  )
}
