import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useLayoutEffect, useRef, type RefObject } from 'react'
import { Link, useLocation } from 'react-router'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { selectHintsRef } from '../../../machines/app/app/app.selectors'
import type { hintsMachine } from '../../../machines/session/hints/hints.machine'
import { selectHintAt, selectHintLogin } from '../../../machines/session/hints/hints.selectors'
import { CloseButton } from '../../kit/CloseButton'
import { useAppActor, useAppSelector } from '../../app/AppProviders'

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
 * (src/machines/session/hints/hints.machine.ts), which the root actor runs in the browser and tells of
 * the player and the balance, reads the facts and picks the hint; this view renders what it picked.
 */
export function HintBanner() {
  const hints = useAppSelector(selectHintsRef)
  return hints ? <HintView hints={hints} /> : null
}

function HintView({ hints }: { hints: HintsRef }) {
  const app = useAppActor()
  const { pathname } = useLocation()
  const hint = useSelector(hints, (s) => selectHintAt(s, pathname))
  const login = useSelector(hints, selectHintLogin)
  const ref = useRef<HTMLElement>(null)
  usePublishedHeight(ref, hint !== null)
  if (!hint) return null
  const dismiss = () => app.send({ type: 'hints.dismiss' })
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
