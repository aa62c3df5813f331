import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { createActor, type ActorRefFrom } from 'xstate'
import { selectAccount, selectIsLoggedIn } from '../../machines/app/app.selectors'
import type { hintsMachine } from '../../machines/session/hints.machine'
import { selectHint, selectHintLogin } from '../../machines/session/hints.selectors'
import type { HintPlayer } from '../../machines/session/hints.types'
import { CloseButton } from '../kit/CloseButton'
import { useAppSelector, useOptionalServices } from './AppProviders'
import { provideHints } from './hint-provider'

const banner = css({
  position: 'fixed', zIndex: 'header', insetX: '2', bottom: { base: '20', laptop: '4' }, mx: 'auto', maxW: '560px',
  display: 'flex', alignItems: 'center', gap: '3', p: '3', pl: '4', borderRadius: 'lg',
  bg: 'surfaceRaised', color: 'text', borderLeft: '4px solid', borderColor: 'accent', boxShadow: 'raised',
})
const text = css({ flex: '1', display: 'grid', gap: '1', fontSize: 'sm' })
const action = css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px', justifySelf: 'start' })

type HintsRef = ActorRefFrom<typeof hintsMachine>

/**
 * SPEC §4 'Hints': one dismissible banner for a new player. The hints machine
 * (src/machines/session/hints.machine.ts) reads the facts and picks the hint; this view tells it
 * who the player is and when the main balance moves, and renders what it picked. Browser only.
 */
export function HintBanner() {
  const services = useOptionalServices()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const account = useAppSelector(selectAccount)
  const { uid, reg_time: regTime, login } = account
  const mainBalance = account.balance_main?.amount ?? null
  const [hints, setHints] = useState<HintsRef | null>(null)

  useEffect(() => {
    if (!services) return
    const ref = createActor(provideHints(services), { input: { player: null }, inspect: services.inspect }).start()
    setHints(ref)
    return () => {
      ref.stop()
      setHints(null)
    }
  }, [services])

  useEffect(() => {
    const player: HintPlayer | null = loggedIn ? { uid, regTime, login } : null
    hints?.send({ type: 'hints.player', player })
  }, [hints, loggedIn, uid, regTime, login])

  // A deposit moves the main balance (it reaches this page live): the registration hint goes
  // once the first deposit lands.
  // Only a change of the same player's balance counts: a login brings its balance with it, and the
  // facts are read for the new player anyway.
  const seen = useRef<{ uid: number; balance: string | null } | null>(null)
  useEffect(() => {
    const before = seen.current
    seen.current = { uid, balance: mainBalance }
    if (before && before.uid === uid && before.balance !== mainBalance) hints?.send({ type: 'hints.balance' })
  }, [hints, uid, mainBalance])

  return hints ? <HintView hints={hints} /> : null
}

function HintView({ hints }: { hints: HintsRef }) {
  const hint = useSelector(hints, selectHint)
  const login = useSelector(hints, selectHintLogin)
  if (!hint) return null
  const dismiss = () => hints.send({ type: 'hints.dismiss' })
  return (
    <aside className={banner} data-testid="hint-banner" data-hint={hint} aria-live="polite">
      <div className={text}>
        {hint === 'registration' ? (
          <>
            <span>
              <Trans>Welcome aboard! Make your first deposit to play for real.</Trans>
            </span>
            <Link className={action} to="/cashier/deposit">
              <Trans>Deposit</Trans>
            </Link>
          </>
        ) : (
          <>
            <span>
              <Trans>Please confirm {login}: it keeps your account safe and lets you recover it.</Trans>
            </span>
            <Link className={action} to="/profile/settings">
              <Trans>Confirm now</Trans>
            </Link>
          </>
        )}
      </div>
      <CloseButton onClick={dismiss} />
    </aside>
  )
}
