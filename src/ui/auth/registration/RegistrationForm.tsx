import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { css, cx } from 'styled-system/css'
import {
  selectCanSubmit,
  selectContent,
  selectFieldErrors,
  selectFieldList,
  selectFieldsFailed,
  selectGeneralError,
  selectIsLoadingFields,
  selectIsSubmitting,
  selectMode,
  selectRegistrationDataState,
  selectSettingsFailed,
  selectShowCharacterSelect,
  selectShowsForm,
  selectValues,
  selectCurrency,
  selectVisibleFields,
} from '../../../machines/auth/registration/registration.selectors'
import { REGISTRATION_REDIRECT, type EditableField } from '../../../machines/auth/registration/registration.types'
import type { RegistrationSettingsInfo } from '../../../services/api/contract/account'
import { DEFAULT_CURRENCY } from '../../../shared/constants'
import { useAppActor, useDialogs } from '../../app/AppProviders'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { SideBanner } from '../auth-popup/SideBanner'
import { Input } from '../../kit/Input'
import { Skeleton } from '../../kit/Skeleton'
import { storedBettingPreference } from '../../../machines/auth/registration/registration.actors'
import { registrationMachine } from '../../../machines/auth/registration/registration.machine'
import { CharacterPicker } from '../characters/CharacterSelect'
import { useFlowActor } from '../../app/useFlowActor'
import { openDraft, takeDraft } from '../../../services/storage/drafts'
import { CompactBanner } from '../../banners/Banners'
import { selectRegistrationDraft } from '../../../machines/auth/registration/registration.selectors'
import type { RegistrationRef } from './registration-ref'
import { CurrencySelect, ProfileFieldInput } from './ProfileFields'
import { BettingChoice } from './BettingChoice'
import { ConsentCheckboxes } from './ConsentCheckboxes'
import { ModeSwitcher } from './ModeSwitcher'
import { PromoCodeField } from './PromoCodeField'
import { useRegistrationErrorText } from './useRegistrationErrorText'
import { selectSocialServices } from '../../../machines/auth/social-login/social-login.selectors'
import type { SocialLoginRef } from '../social-login/SocialButtons'
import { socialLoginMachine } from '../../../machines/auth/social-login/social-login.machine'

const NO_SERVICES: readonly { id: string; name: string; icon: string }[] = []


const form = css({ display: 'grid', gap: '4', mt: '2' })
const group = css({ display: 'grid', gap: '3' })

/**
 * SPEC §2.3 registration view, loaded with the popup. The registration flow first loads the content
 * system's settings for the page's locale (a new locale starts a new flow), then runs with them.
 */
export default function RegistrationView({ embedded = false, showBanner = true }: { embedded?: boolean; showBanner?: boolean } = {}) {
  const { i18n } = useLingui()
  return <RegistrationFlow key={i18n.locale} embedded={embedded} showBanner={showBanner} />
}

function FormSkeleton() {
  return (
    <div className={form} aria-busy="true" data-state="registration.loading" data-testid="registration-loading">
      <Skeleton height={44} radius="md" />
      <Skeleton height={44} radius="md" />
      <Skeleton height={44} radius="md" />
      <Skeleton height={48} radius="md" />
    </div>
  )
}

/** The registration form's draft in src/services/storage/drafts.ts. */
const REGISTRATION_DRAFT = 'registration'

function RegistrationFlow({ embedded, showBanner }: { embedded: boolean; showBanner: boolean }) {
  const app = useAppActor()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const location = useLocation()
  const { i18n } = useLingui()
  // SPEC §2.3: the social alternative of the registration view; the registration flow decides
  // when a click may start it (the terms box) and hands the choice to this flow, which opens the window.
  const social = useFlowActor(socialLoginMachine, { input: { typeAuth: 'registration', returnTo: `${location.pathname}${location.search}`, app, dialogs } })
  // What was typed before the page reloaded for a new build (never the password: see selectRegistrationDraft).
  const [draft] = useState(() => takeDraft(REGISTRATION_DRAFT))
  const actor = useFlowActor(registrationMachine, {
    input: {
      ...(draft ? { prefill: draft } : {}),
      locale: i18n.locale,
      currency: null,
      currencies: [],
      storedBettingPreference: storedBettingPreference(),
      redirectUrl: new URLSearchParams(location.search).get('redirectUrl'),
      app,
      dialogs,
      social,
      embedded,
    },
  })
  // While the form is open, a reload for a new build keeps what the player typed.
  useEffect(() => openDraft(REGISTRATION_DRAFT, () => selectRegistrationDraft(actor.getSnapshot())), [actor])
  // The one effect only the page can do: the router's move (client-side, so the queued popups and
  // the new session stay). The flow waits for it to land before it closes the popup.
  const landing = useRef<string | null>(null)
  const from = useRef(location.key)
  from.current = location.key
  useEffect(() => {
    // The embeddable page ends by itself (the flow's finishEmbedded): there is no router move to make.
    if (embedded) return
    const subscription = actor.on(REGISTRATION_REDIRECT, ({ to }) => {
      landing.current = from.current
      void navigate(to)
    })
    return () => subscription.unsubscribe()
  }, [actor, navigate, embedded])
  // The redirect has landed once this view renders a new location: by then every component of the
  // page (the popup's query-flag handling among them) reads the new address, not the one left.
  useEffect(() => {
    if (landing.current !== null && location.key !== landing.current) {
      landing.current = null
      actor.send({ type: 'reg.redirect.landed' })
    }
  }, [actor, location.key])
  const content = useSelector(actor, selectContent)
  // The banner's cap is shown in the currency the player is signing up with.
  const currency = useSelector(actor, selectCurrency)
  const settingsFailed = useSelector(actor, selectSettingsFailed)
  if (settingsFailed) {
    return (
      <Alert
        tone="error"
        data-state="registration.settingsFailed"
        data-testid="registration-settings-failed"
        action={
          <Button variant="secondary" onClick={() => actor.send({ type: 'reg.settings.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        }
      >
        <Trans>The sign-up form could not be loaded.</Trans>
      </Alert>
    )
  }
  if (!content) return <FormSkeleton />
  const sideBanner = showBanner ? (content.sideBanner ?? null) : null
  return (
    <div className={withBanner} data-banner={sideBanner?.banner_type ?? 'none'}>
      {/* The registration settings' side banner; without one, the content's own banner for this place. */}
      {sideBanner ? <SideBanner banner={sideBanner} currency={currency || DEFAULT_CURRENCY} /> : <CompactBanner position="registration" testId="registration-banner" />}
      <RegistrationForm actor={actor} settings={content} social={social} />
    </div>
  )
}

const withBanner = css({
  display: 'grid',
  gap: '4',
  '&[data-banner="other"]': { gridTemplateColumns: { base: '1fr', tablet: '15rem 1fr' }, alignItems: 'start' },
  '&[data-banner="none"], &[data-banner="compact"]': { maxW: '30rem', mx: 'auto', w: 'full' },
})
/** The SPEC §2.3 registration form bound to a running registration flow. */
export function RegistrationForm({ actor, settings, social }: { actor: RegistrationRef; settings: RegistrationSettingsInfo; social?: SocialLoginRef }) {
  const { i18n } = useLingui()
  const errorText = useRegistrationErrorText()
  const values = useSelector(actor, selectValues)
  const errors = useSelector(actor, selectFieldErrors)
  const generalError = useSelector(actor, selectGeneralError)
  const dataState = useSelector(actor, selectRegistrationDataState)
  const mode = useSelector(actor, selectMode)
  const showsForm = useSelector(actor, selectShowsForm)
  // The providers the server has configured (oauth/getsettings), else the content system's list.
  const configured = useSelector(social, (s) => (s ? selectSocialServices(s) : NO_SERVICES))
  const socialProviders = social ? configured : settings.socialProviders
  const fields = useSelector(actor, selectVisibleFields)
  const loadingFields = useSelector(actor, selectIsLoadingFields)
  const fieldsFailed = useSelector(actor, selectFieldsFailed)
  const submitting = useSelector(actor, selectIsSubmitting)
  const canSubmit = useSelector(actor, selectCanSubmit)
  const showCharacters = useSelector(actor, selectShowCharacterSelect)
  const allFields = useSelector(actor, selectFieldList)

  const change = (name: EditableField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'reg.field.change', name, value: e.currentTarget.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'reg.submit' })
  }
  const hasCurrencyField = fields.some((f) => f.sysname === 'currency')

  return (
    <Form flow={actor} className={form} onSubmit={submit} data-state={dataState} data-testid="registration-form" data-mode={mode}>
      <ModeSwitcher actor={actor} />

      {generalError ? (
        <Alert tone="error" data-testid="registration-alert" data-message-id={generalError}>
          <Trans>We could not create your account. Check the form and try again.</Trans>
        </Alert>
      ) : null}

      {!showsForm ? (
        <div className={group} data-testid="registration-social">
          {socialProviders.length === 0 ? (
            <p>
              <Trans>Social sign-up is not available right now.</Trans>
            </p>
          ) : (
            socialProviders.map((p) => (
              <Button key={p.id} variant="secondary" fullWidth onClick={() => actor.send({ type: 'reg.social.click', provider: p.id })}>
                {p.name}
              </Button>
            ))
          )}
        </div>
      ) : fieldsFailed ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" onClick={() => actor.send({ type: 'reg.fields.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          <Trans>The fields for this country could not be loaded.</Trans>
        </Alert>
      ) : loadingFields && allFields === null ? (
        <FormSkeleton />
      ) : (
        <div className={group} aria-busy={loadingFields || undefined}>
          {fields.map((field) =>
            field.sysname === 'currency' ? <CurrencySelect key="currency" actor={actor} /> : <ProfileFieldInput key={field.sysname} actor={actor} field={field} />,
          )}
          <Input
            label={i18n._(msg`Password`)}
            name="password"
            type="password"
            required
            autoComplete="new-password"
            hint={i18n._(msg`6 to 20 characters`)}
            value={values.password}
            error={errorText('password', errors.password)}
            onChange={change('password')}
          />
          {hasCurrencyField ? null : <CurrencySelect actor={actor} />}
        </div>
      )}

      {showCharacters ? (
        <CharacterPicker
          shown={showsForm}
          value={values.character_id}
          error={errorText('character_id', errors.character_id)}
          onSelect={(id) => actor.send({ type: 'reg.character.select', id })}
        />
      ) : null}

      <BettingChoice actor={actor} />

      <PromoCodeField actor={actor} />

      <ConsentCheckboxes actor={actor} settings={settings} />

      {showsForm ? (
        <Button type="submit" variant="primary" size="lg" fullWidth loading={submitting} disabled={!canSubmit && !submitting} className={cx()}>
          <Trans>Create account</Trans>
        </Button>
      ) : null}
    </Form>
  )
}
