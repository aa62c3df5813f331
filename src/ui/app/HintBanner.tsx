import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { Link, useLocation } from 'react-router'
import { css } from 'styled-system/css'
import { createActor, type ActorRefFrom } from 'xstate'
import { selectAccount, selectIsLoggedIn } from '../../machines/app/app.selectors'
import type { hintsMachine } from '../../machines/session/hints.machine'
import { selectHintAt, selectHintLogin } from '../../machines/session/hints.selectors'
import type { HintPlayer } from '../../machines/session/hints.types'
import { CloseButton } from '../kit/CloseButton'
import { useAppSelector, useOptionalServices } from './AppProviders'
import { provideHints } from './hint-provider'

// Above the phone's bottom bar and its safe area (the bar is there until the laptop breakpoint).
const banner = css({
  position: 'fixed', zIndex: 'header', insetX: '2', mx: 'auto', maxW: '560px',
  bottom: { base: 'calc(env(safe-area-inset-bottom, 0px) + token(spacing.2))', laptop: '4' },
  ':root:has([data-bottom-bar]) &': { bottom: { base: 'calc(token(sizes.16) + env(safe-area-inset-bottom, 0px) + token(spacing.2))', laptop: '4' } },
  display: 'flex', alignItems: 'center', gap: '3', p: '3', pl: '4', borderRadius: 'lg',
  bg: 'surfaceRaised', color: 'text', borderLeft: '4px solid', borderColor: 'accent', boxShadow: 'raised',
})
const text = css({ flex: '1', display: 'grid', gap: '1', fontSize: 'sm' })
const action = css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px', justifySelf: 'start' })

type HintsRef = ActorRefFrom<typeof hintsMachine>

/**
 * SPEC §4 'Hints': one dismissible banner for a new player. The hints machine
 * (src/machines/session/hints.machine.ts) reads the facts and picks the hint; this view tells it
 * who the player is and what the main balance is, and renders what it picked. Browser only.
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

  // The main balance as shown (it reaches this page live); the machine decides what counts as a
  // deposit landing.
  useEffect(() => {
    hints?.send({ type: 'hints.balance', uid, amount: mainBalance })
  }, [hints, uid, mainBalance])

  return hints ? <HintView hints={hints} /> : null
}

function HintView({ hints }: { hints: HintsRef }) {
  const { pathname } = useLocation()
  const hint = useSelector(hints, (s) => selectHintAt(s, pathname))
  const login = useSelector(hints, selectHintLogin)
  const ref = useRef<HTMLElement>(null)
  usePublishedHeight(ref, hint !== null)
  if (!hint) return null
  const dismiss = () => hints.send({ type: 'hints.dismiss' })
  return (
    <aside ref={ref} className={banner} data-testid="hint-banner" data-hint={hint} aria-live="polite">
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
            <Link className={action} to="/confirmation">
              <Trans>Confirm now</Trans>
            </Link>
          </>
        )}
      </div>
      <CloseButton onClick={dismiss} />
    </aside>
  )
}

/**
 * The toasts stack above the banner on phones rather than over it: while it shows, its height plus
 * a gap is published on the root as --hint-banner-space (the toast region's recipe reads it).
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = ref.current
    if (!shown || !element) return
    const root = document.documentElement.style
    const publish = () => root.setProperty('--hint-banner-space', `${element.offsetHeight + 8}px`)
    publish()
    const observer = new ResizeObserver(publish)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.removeProperty('--hint-banner-space')
    }
  }, [ref, shown])
}
