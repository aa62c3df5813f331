import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { selectConsentRef } from '../../../machines/app/app/app.selectors'
import type { consentMachine } from '../../../machines/app/consent/consent.machine'
import { selectConsentBannerOpen, selectConsentCanDismiss, selectConsentChoice, selectConsentDataState } from '../../../machines/app/consent/consent.selectors'
import { CONSENT_SWITCH_PATH, type ConsentFormChoice } from '../../../shared/consent'
import { Button } from '../../kit/Button'
import { useCurrentHref } from '../../layout/enhanced-click'
import { useAppActor, useAppSelector } from '../AppProviders'

type ConsentRef = ActorRefFrom<typeof consentMachine>

const banner = css({
  position: 'fixed', zIndex: 'toast', insetX: '2', mx: 'auto', maxW: '640px',
  bottom: { base: 'calc(env(safe-area-inset-bottom, 0px) + token(spacing.2))', laptop: '4' },
  maxH: 'calc(100dvh - token(spacing.4))', overflowY: 'auto',
  display: 'grid', gap: '3', p: '4', borderRadius: 'lg', bg: 'surfaceRaised', color: 'text', boxShadow: 'raised',
  border: '1px solid token(colors.border)', fontSize: 'sm',
})
const title = css({ fontSize: 'md', fontWeight: 'semibold', m: '0', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } })
const options = css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' })
const option = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '2', alignItems: 'start', cursor: 'pointer', '& input': { mt: '1', w: '4', h: '4', accentColor: 'token(colors.accent)' } })
const hint = css({ gridColumn: '2', color: 'textMuted' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })

/**
 * The cookie banner (necessary, analytics, marketing). The consent actor decides when it shows:
 * in the server's HTML exactly when the cookie holds no choice, and again from the footer's
 * 'Cookie settings'. A form posting to the server (src/shared/consent.ts), so a choice made before
 * hydration or without JavaScript still counts; once hydrated the actor takes it in the page.
 * Not modal: the site stays usable, and nothing optional loads until a choice is made.
 */
export function ConsentBanner() {
  const consent = useAppSelector(selectConsentRef)
  return consent ? <ConsentView consent={consent} /> : null
}

function ConsentView({ consent }: { consent: ConsentRef }) {
  const { t } = useLingui()
  const app = useAppActor()
  const open = useSelector(consent, selectConsentBannerOpen)
  const canDismiss = useSelector(consent, selectConsentCanDismiss)
  const choice = useSelector(consent, selectConsentChoice)
  const dataState = useSelector(consent, selectConsentDataState)
  const back = useCurrentHref()
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // Reopened from the footer: focus goes to the banner, so a keyboard user lands in it.
  useEffect(() => {
    if (canDismiss) heading.current?.focus()
  }, [canDismiss])
  if (!open) return null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const data = new FormData(event.currentTarget)
    const picked = (submitter?.value ?? 'custom') as ConsentFormChoice
    if (picked === 'all') app.send({ type: 'consent.acceptAll' })
    else if (picked === 'necessary') app.send({ type: 'consent.rejectAll' })
    else app.send({ type: 'consent.save', analytics: data.get('analytics') === 'on', marketing: data.get('marketing') === 'on' })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && canDismiss) app.send({ type: 'consent.dismiss' })
  }

  return (
    <section className={banner} aria-labelledby={titleId} data-testid="consent-banner" data-state={dataState} onKeyDown={onKeyDown}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className={title}>
        <Trans>Cookies on this site</Trans>
      </h2>
      <p>
        <Trans>
          We use necessary cookies to run the site. With your permission we also use analytics cookies to understand how the site is used, and marketing
          cookies to measure our advertising. You can change your choice at any time under “Cookie settings” at the bottom of every page.
        </Trans>
      </p>
      {/* Keyed by the choice, so a reopened banner starts from what is in force. */}
      <form key={JSON.stringify(choice)} method="post" action={CONSENT_SWITCH_PATH} onSubmit={submit} className={css({ display: 'grid', gap: '3' })}>
        <input type="hidden" name="back" value={back} />
        <fieldset className={options}>
          <legend className={css({ srOnly: true })}>{t`Cookie categories`}</legend>
          <label className={option}>
            <input type="checkbox" checked disabled aria-describedby={`${titleId}-necessary`} />
            <span><Trans>Necessary</Trans></span>
            <span id={`${titleId}-necessary`} className={hint}><Trans>Sign-in, security and your preferences. Always on.</Trans></span>
          </label>
          <label className={option}>
            <input type="checkbox" name="analytics" defaultChecked={choice?.analytics ?? false} aria-describedby={`${titleId}-analytics`} data-testid="consent-analytics" />
            <span><Trans>Analytics</Trans></span>
            <span id={`${titleId}-analytics`} className={hint}><Trans>Visit statistics, the tag manager and fraud prevention.</Trans></span>
          </label>
          <label className={option}>
            <input type="checkbox" name="marketing" defaultChecked={choice?.marketing ?? false} aria-describedby={`${titleId}-marketing`} data-testid="consent-marketing" />
            <span><Trans>Marketing</Trans></span>
            <span id={`${titleId}-marketing`} className={hint}><Trans>Measuring our advertising with partners.</Trans></span>
          </label>
        </fieldset>
        <div className={actions}>
          {canDismiss ? (
            <Button type="button" variant="ghost" onClick={() => app.send({ type: 'consent.dismiss' })}>
              <Trans>Close</Trans>
            </Button>
          ) : null}
          <Button type="submit" name="choice" value="custom" variant="secondary">
            <Trans>Save my choices</Trans>
          </Button>
          <Button type="submit" name="choice" value="necessary" variant="secondary">
            <Trans>Only necessary</Trans>
          </Button>
          <Button type="submit" name="choice" value="all" variant="primary">
            <Trans>Accept all</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The footer's 'Cookie settings': the banner again, with the choice in force. */
export function CookieSettingsLink({ className }: { className?: string }) {
  const app = useAppActor()
  return (
    <button type="button" className={className} data-testid="cookie-settings" onClick={() => app.send({ type: 'consent.open' })}>
      <Trans>Cookie settings</Trans>
    </button>
  )
}
