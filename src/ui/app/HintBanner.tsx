import { isApiError } from '../../shared/errors'
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { selectAccount, selectIsLoggedIn } from '../../machines/app/app.selectors'
import {
  activeHints,
  confirmSentKey,
  dismissedHintKey,
  loginContactConfirmed,
  neededFacts,
  nextHintChange,
  type HintKind,
} from '../../machines/session/hints.rules'
import { getDepositSummary, getprofileinfo } from '../../services/api/contract/account'
import { CloseButton } from '../kit/CloseButton'
import { useAppSelector, useOptionalServices } from './AppProviders'

const banner = css({
  position: 'fixed', zIndex: 'header', insetX: '2', bottom: { base: '20', laptop: '4' }, mx: 'auto', maxW: '560px',
  display: 'flex', alignItems: 'center', gap: '3', p: '3', pl: '4', borderRadius: 'lg',
  bg: 'surfaceRaised', color: 'text', borderLeft: '4px solid', borderColor: 'accent', boxShadow: 'raised',
})
const text = css({ flex: '1', display: 'grid', gap: '1', fontSize: 'sm' })
const action = css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px', justifySelf: 'start' })

function stored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null
  } catch {
    return false
  }
}
function remember(key: string): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString())
  } catch {
    // Storage off (private mode): the hint comes back on the next page, nothing worse.
  }
}

/**
 * SPEC §4 'Hints': one dismissible banner for a new player, its text chosen by hints.rules.ts
 * from real data: reg_time of the account, the ledger's deposits, the profile's contacts and the
 * confirm_sent flag stored for the player. Browser only.
 */
export function HintBanner() {
  const services = useOptionalServices()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const account = useAppSelector(selectAccount)
  const { uid, reg_time: regTime, login } = account
  // A deposit moves the main balance: the facts are read again then, so the registration hint
  // goes once the first deposit lands (the balance reaches this page live).
  const mainBalance = account.balance_main?.amount ?? null
  const [facts, setFacts] = useState<{ hasDeposit: boolean | null; contactConfirmed: boolean | null }>({ hasDeposit: null, contactConfirmed: null })
  const [now, setNow] = useState<number | null>(null)
  const [dismissed, setDismissed] = useState<readonly HintKind[]>([])

  useEffect(() => {
    if (!services || !loggedIn) return
    const at = Date.now()
    setNow(at)
    setDismissed((['registration', 'confirmContacts'] as const).filter((k) => stored(dismissedHintKey(uid, k))))
    const needed = neededFacts(regTime, at)
    let live = true
    if (needed.deposits) {
      services.api
        .call(getDepositSummary)
        .then((s) => live && setFacts((f) => ({ ...f, hasDeposit: s.deposit_count > 0 })))
        .catch((error: unknown) => reportHintFailure('deposits', error))
    }
    if (needed.contacts) {
      services.api
        .call(getprofileinfo, { fields: 'contacts' })
        .then((p) => live && setFacts((f) => ({ ...f, contactConfirmed: loginContactConfirmed(login, p.contacts ?? []) })))
        .catch((error: unknown) => reportHintFailure('contacts', error))
    }
    return () => {
      live = false
    }
  }, [services, loggedIn, uid, regTime, login, mainBalance])

  // A window closing (2 hours, 5 days) hides its hint without a reload.
  useEffect(() => {
    if (now === null) return
    const next = nextHintChange(regTime, now)
    if (next === null) return
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(next - now, 2_147_000_000))
    return () => window.clearTimeout(timer)
  }, [now, regTime])

  if (!loggedIn || now === null) return null
  const hints = activeHints(
    { regTime, hasDeposit: facts.hasDeposit, loginContactConfirmed: facts.contactConfirmed, confirmSent: stored(confirmSentKey(uid)) },
    now,
  ).filter((k) => !dismissed.includes(k))
  const hint = hints[0]
  if (!hint) return null
  const dismiss = () => {
    remember(dismissedHintKey(uid, hint))
    setDismissed((d) => [...d, hint])
  }
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

/**
 * A hint is a nicety: when its facts cannot be read it stays hidden. A session that ended
 * elsewhere (another tab, the server's idle expiry) is no fault of the page; the inactivity
 * watcher and the next navigation deal with it, so only other failures are reported.
 */
function reportHintFailure(what: string, error: unknown): void {
  if (isApiError(error) && error.type === 'AuthorizationException') return
  console.error(`hints: ${what}`, error)
}
