import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useState, type FormEvent } from 'react'
import { openDraft, takeDraft } from '../../../services/storage/drafts'
import { css, cx } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import { NO_OFFER } from '../../../machines/cashier/cashier.types'
import { depositMachine, type DepositMachine } from '../../../machines/cashier/deposit/deposit.machine'
import {
  selectAmount,
  selectCurrency,
  selectDepositAlert,
  selectDepositDataState,
  selectDepositLoading,
  selectDepositDraft,
  selectDepositView,
  selectFeePreview,
  selectFieldErrors,
  selectIsSubmitting,
  selectMethod,
  selectMethodLimit,
  selectMethods,
  selectOfferId,
  selectOffers,
  selectOfferSelectable,
  selectOffersDepositLimit,
  selectPresets,
  selectRequisites,
  selectSavedRequisites,
  selectTypedAmount,
} from '../../../machines/cashier/deposit/deposit.selectors'
import { DEPOSIT_LEFT_FOR_RESULT, DEPOSIT_PROVIDER_WINDOW, type DepositAlert, type ProviderWindow } from '../../../machines/cashier/deposit/deposit.types'
import { formatAmount, formatAmountRange, formatShortAmount } from '../../../shared/format-money'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Skeleton } from '../../kit/Skeleton'
import { AmountField } from '../AmountField'
import { FillProfileLink, useBalanceNews, useProfilePrompt } from '../CashierShell'
import { LoadFailed } from '../../kit/LoadFailed'
import { FeePreview, MethodList, MethodListSkeleton, RequisiteFields, useMethodFacts } from '../PaymentMethods'
import type { ActorRefFrom } from 'xstate'
import { useEmitted } from '../../app/useEmitted'
import { useAppSelector } from '../../app/AppProviders'
import { selectResponsibleGaming } from '../../../machines/app/app/app.selectors'
import { useFlowActor } from '../../app/useFlowActor'
import { DepositLimitOffer } from '../../responsible/deposit-limit-offer/DepositLimitOffer'
import { usePerPeriod } from '../../responsible/deposit-limit/LimitFields'
import { Link, useNavigate } from 'react-router'
import type { DepositOffer, DepositSettings } from '../../../machines/cashier/cashier.types'
import { useOfferWords } from './offer-words'
import { createProviderWindow } from './popup'
import { Image } from '../../kit/Image'

type DepositRef = ActorRefFrom<DepositMachine>

// Four presets fit one row on a 360 px phone.

const presets = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))', gap: '2' })
const preset = css({
  minH: '11',
  // A long amount and its currency ("1.000 MXN") wrap inside the button instead of spilling over.
  px: '1',
  fontSize: { base: 'sm', sm: 'md' },
  lineHeight: 'tight',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  borderRadius: 'md',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
  color: 'text',
  fontWeight: 'semibold',
  cursor: 'pointer',
  '&[aria-pressed=true]': { borderColor: 'accent', bg: 'surfaceRaised' },
  _disabled: { opacity: 0.45, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const offerRow = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  px: '3',
  py: { base: '1.5', tablet: '2' },
  borderRadius: 'md',
  border: '1px solid',
  borderColor: 'border',
  cursor: 'pointer',
  '& input': { mt: '1', accentColor: 'var(--colors-accent)' },
  '&:has(input:checked)': { borderColor: 'accent' },
  // Below its minimum: shown dimmed with the minimum, chosen once the amount reaches it.
  '&:has(input:disabled)': { cursor: 'default', opacity: 0.65 },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const sectionTitle = css({ fontWeight: 'semibold', fontSize: 'md' })
// Tighter on a phone, so the Deposit button is in the first screen with the demo's methods.
const form = css({ display: 'grid', gap: { base: '3', tablet: '4' }, maxW: '640px', w: 'full' })
const formCard = cx(card(), css({ gap: { base: '3', tablet: '4' } }))
// The method and 'Change method' share one line, even on a phone.
const headRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })

/**
 * The deposit page (SPEC §2.1 deposit, deposit/{sysname}): methods, amount with presets, offers,
 * requisites, submit. The deposit machine calls the API itself; what only the page can do (the
 * router, the provider's window, the root actor's balance) it asks for with emitted events.
 */
/** The deposit form's draft across a reload for a new build. */
const DEPOSIT_DRAFT = 'deposit'

export function DepositView({
  preselect,
  returnUrl,
}: {
  preselect: string | null
  /** Same-origin path the provider page returns to. */
  returnUrl: string
}) {
  const { i18n } = useLingui()
  // The amount is read in the page's locale (its thousands separator), never guessed.
  // What the form held before the page reloaded for a new build: the method and the amount only.
  const [draft] = useState(() => takeDraft(DEPOSIT_DRAFT))
  const actor = useFlowActor(depositMachine, { input: { preselect, returnUrl, locale: i18n.locale, prefill: draft } })
  // While the form is open, a reload for a new build keeps what the player chose and typed.
  useEffect(() => openDraft(DEPOSIT_DRAFT, () => selectDepositDraft(actor.getSnapshot())), [actor])
  const navigate = useNavigate()
  const [providerWindow] = useState(() => createProviderWindow())
  useEmitted(actor, DEPOSIT_PROVIDER_WINDOW, ({ url }) => (url === null ? providerWindow.discard() : providerWindow.navigate(url)))
  useEmitted(actor, DEPOSIT_LEFT_FOR_RESULT, ({ path, handOff }) => void navigate(path, { state: handOff ?? undefined }))
  useBalanceNews(actor)
  useProfilePrompt(actor)
  const view = useSelector(actor, selectDepositView)
  const dataState = useSelector(actor, selectDepositDataState)
  const loading = useSelector(actor, selectDepositLoading)
  return (
    <section data-testid="deposit" data-state={dataState} aria-busy={view === 'loading' || undefined}>
      {view === 'loading' ? <DepositSkeleton loading={loading} /> : null}
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'deposit.retry' })}>
          <Trans>We could not load the payment methods.</Trans>
        </LoadFailed>
      ) : null}
      {view === 'methods' ? <Methods actor={actor} /> : null}
      {view === 'form' ? <DepositForm actor={actor} providerWindow={providerWindow} /> : null}
      {view === 'done' ? (
        <div className={card()} aria-busy="true">
          <p className={muted()}>
            <Trans>Taking you to the payment…</Trans>
          </p>
        </div>
      ) : null}
    </section>
  )
}

/** SPEC §4 cashier loading flags: each region a skeleton while its call runs. */
function DepositSkeleton({ loading }: { loading: { deposit: boolean; paymentMethods: boolean; offer: boolean } }) {
  return (
    <div className={css({ display: 'grid', gap: '4' })} data-testid="deposit-loading">
      {loading.paymentMethods ? <MethodListSkeleton /> : null}
      {loading.deposit ? (
        <div className={card()} aria-hidden="true" data-testid="deposit-form-loading">
          <Skeleton width="40%" />
          <Skeleton height={44} radius="md" />
          <div className={presets}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={44} radius="md" />
            ))}
          </div>
        </div>
      ) : null}
      {loading.offer ? (
        <div data-testid="deposit-offers-loading">
          <Skeleton height={64} radius="lg" />
        </div>
      ) : null}
    </div>
  )
}

function Methods({ actor }: { actor: DepositRef }) {
  const { t } = useLingui()
  const methods = useSelector(actor, selectMethods)
  const currency = useSelector(actor, selectCurrency) ?? ''
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p className={muted()}>
        <Trans>Choose a payment method to add money to your account.</Trans>
      </p>
      <MethodList methods={methods} currency={currency} selected={null} label={t`Payment methods`} onSelect={(sysname) => actor.send({ type: 'deposit.method.select', sysname })} />
    </div>
  )
}

function DepositForm({ actor, providerWindow }: { actor: DepositRef; providerWindow: ProviderWindow }) {
  const { i18n, t } = useLingui()
  const method = useSelector(actor, selectMethod)
  const methods = useSelector(actor, selectMethods)
  const currency = useSelector(actor, selectCurrency) ?? ''
  const amount = useSelector(actor, selectAmount)
  const typedAmount = useSelector(actor, selectTypedAmount)
  const limit = useSelector(actor, selectMethodLimit)
  const presetList = useSelector(actor, selectPresets)
  const errors = useSelector(actor, selectFieldErrors)
  const busy = useSelector(actor, selectIsSubmitting)
  const requisites = useSelector(actor, selectRequisites)
  const savedRequisites = useSelector(actor, selectSavedRequisites)
  // Read once when the offer mounts: the offer's own flow decides from there (a limit set there
  // changes the settings' limit, which must not unmount it).
  const [offersDepositLimit] = useState(() => selectOffersDepositLimit(actor.getSnapshot()))
  // The site config's switch: no limit is offered where the operator turned the tools off.
  const responsibleGaming = useAppSelector(selectResponsibleGaming)
  const settings = useSelector(actor, (s) => s.context.settings)
  const alert = useSelector(actor, selectDepositAlert)
  const feePreview = useSelector(actor, selectFeePreview)
  if (!method) return null
  const range = limit ? formatAmountRange(limit.min, limit.max, currency, i18n.locale) : null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    // Synchronously on the click: a provider page for 'newwindow' opens in this window later.
    providerWindow.prepare()
    actor.send({ type: 'deposit.submit' })
    // A form refused at once (invalid, over the limit) opens nothing.
    if (!actor.getSnapshot().hasTag('busy')) providerWindow.discard()
  }
  return (
    <Form flow={actor} className={form} onSubmit={submit} data-testid="deposit-form">
      {methods.length > 1 ? (
        <div className={headRow}>
          <SelectedMethod method={method} currency={currency} />
          <Button variant="ghost" size="sm" className={css({ flexShrink: 0 })} onClick={() => actor.send({ type: 'deposit.method.clear' })} aria-label={t`Change method`} data-testid="deposit-change-method">
            <Trans>Change</Trans>
          </Button>
        </div>
      ) : (
        <SelectedMethod method={method} currency={currency} />
      )}
      <DepositAlertMessage alert={alert} />
      <div className={formCard}>
        <AmountField
          currency={currency}
          value={amount}
          hint={range ? (range.max === null ? t`From ${range.min}` : t`From ${range.min} to ${range.max}`) : undefined}
          error={errors.amount}
          onChange={(value) => actor.send({ type: 'deposit.amount.change', value })}
          testId="deposit-amount"
        />
        <FeePreview preview={feePreview} currency={currency} />
        {settings ? <LimitLeft limit={settings.deposit_limit} /> : null}
        {presetList.length > 0 ? (
          <div className={presets} role="group" aria-label={t`Quick amounts`}>
            {presetList.map((p) => (
              <button
                key={p.amount}
                type="button"
                className={preset}
                disabled={!p.enabled || busy}
                aria-pressed={amount === p.amount}
                onClick={() => actor.send({ type: 'deposit.amount.preset', amount: p.amount })}
                data-testid="deposit-preset"
              >
                {formatShortAmount(p.amount, currency, i18n.locale)}
              </button>
            ))}
          </div>
        ) : null}
        <RequisiteFields
          method={method}
          values={requisites}
          errors={errors}
          saved={(field) => savedRequisites.filter((r) => r.field === field)}
          onChange={(name, value) => actor.send({ type: 'deposit.requisite.change', name, value })}
        />
      </div>
      <Offers actor={actor} />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy} data-testid="deposit-submit">
        {typedAmount ? <Trans>Deposit {formatShortAmount(typedAmount, currency, i18n.locale)}</Trans> : <Trans>Deposit</Trans>}
      </Button>
      {/* Below the button, folded to a line: the button stays in a phone's first screen. */}
      {offersDepositLimit && responsibleGaming && settings ? (
        <DepositLimitOffer
          onSaved={(limit) => actor.send({ type: 'deposit.limit.set', limit })}
          currency={currency}
          limit={settings.deposit_limit}
          isFirstDeposit={settings.is_first_deposit}
        />
      ) : null}
    </Form>
  )
}

function SelectedMethod({ method, currency }: { method: NonNullable<ReturnType<typeof selectMethod>>; currency: string }) {
  const { fee, time } = useMethodFacts(method, currency)
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })} data-testid="deposit-method" data-sysname={method.sysname}>
      <Image src={method.icon.light} alt="" width={40} height={40} fit="contain" priority className={css({ w: { base: '8', tablet: '10' }, h: { base: '8', tablet: '10' }, objectFit: 'contain', bg: 'white', borderRadius: 'md', p: '1' })} />
      <div>
        <h2 className={sectionTitle}>{method.name}</h2>
        <p className={muted()}>{[fee, time].filter(Boolean).join(' · ')}</p>
      </div>
    </div>
  )
}

function Offers({ actor }: { actor: DepositRef }) {
  const { t } = useLingui()
  const offers = useSelector(actor, selectOffers)
  const offerId = useSelector(actor, selectOfferId)
  const refused = useSelector(actor, (s) => selectFieldErrors(s).offer !== undefined)
  const loading = useSelector(actor, (s) => selectDepositLoading(s).offer)
  if (loading) return <Skeleton height={64} radius="lg" />
  if (offers.length === 0) return null
  return (
    <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0', minW: '0' })} data-testid="deposit-offers" aria-describedby={refused ? 'deposit-offer-error' : undefined}>
      <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>{t`Bonus`}</legend>
      {refused ? (
        <p id="deposit-offer-error" className={css({ color: 'danger', fontSize: 'sm' })} role="alert" data-testid="deposit-offer-error">
          <Trans>This bonus needs a larger deposit. Raise the amount or choose another bonus.</Trans>
        </p>
      ) : null}
      {offers.map((o) => (
        <OfferRow key={o.id} actor={actor} offer={o} checked={offerId === o.id} />
      ))}
      <label className={offerRow}>
        <input type="radio" name="offer" checked={offerId === NO_OFFER} onChange={() => actor.send({ type: 'deposit.offer.select', id: NO_OFFER })} />
        <span className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t`No bonus`}</span>
      </label>
    </fieldset>
  )
}

/**
 * One offer: its title, then what it gives and from which deposit, worded from the offer's data
 * as the registration banner words it (offer-words.ts). Below its minimum it is shown, not hidden,
 * and can be chosen once the amount reaches it.
 */
function OfferRow({ actor, offer, checked }: { actor: DepositRef; offer: DepositOffer; checked: boolean }) {
  const { t } = useLingui()
  const currency = useSelector(actor, selectCurrency)
  const selectable = useSelector(actor, (s) => selectOfferSelectable(s, offer.id))
  const { cap, minimum } = useOfferWords(offer, currency)
  const facts = [cap ? t`Up to ${cap}` : null, minimum ? t`Minimum deposit ${minimum}` : null].filter(Boolean).join(' · ')
  const detailsId = `deposit-offer-${offer.id}-details`
  return (
    <label className={offerRow} data-testid="deposit-offer" data-offer={offer.id} data-selectable={selectable}>
      <input
        type="radio"
        name="offer"
        checked={checked}
        disabled={!selectable && !checked}
        aria-describedby={detailsId}
        onChange={() => actor.send({ type: 'deposit.offer.select', id: offer.id })}
      />
      <span className={css({ display: 'grid', gap: '0.5', minW: '0' })}>
        <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{offer.description.title}</span>
        {/* One line on a phone (the form's button stays in the first screen), whole from a tablet up. */}
        <span id={detailsId} className={css({
            fontSize: 'xs',
            color: 'textMuted',
            overflow: { base: 'hidden', tablet: 'visible' },
            textOverflow: { base: 'ellipsis', tablet: 'clip' },
            whiteSpace: { base: 'nowrap', tablet: 'normal' },
          })} data-testid="deposit-offer-facts">
          {[facts, offer.description.text].filter(Boolean).join(' · ')}
        </span>
      </span>
    </label>
  )
}

/**
 * The binding deposit limit (SPEC §3: with several, the one with the least left), under the amount:
 * what may still be deposited now and over which period.
 */
const link = css({ color: 'text', textDecoration: 'underline', textUnderlineOffset: '2px' })

function LimitLeft({ limit }: { limit: DepositSettings['deposit_limit'] }) {
  const { i18n } = useLingui()
  const limitPer = usePerPeriod()
  if (limit.period === 'none' || !limit.available_amount) return null
  const available = formatAmount(limit.available_amount, i18n.locale)
  const perPeriod = limitPer(limit.period)
  return (
    <p className={muted()} data-testid="deposit-limit-left" data-period={String(limit.period)}>
      <Trans>
        Deposit limit {perPeriod}: {available} left now.{' '}
        <Link to="/responsible-game" className={link}>
          Manage limits
        </Link>
      </Trans>
    </p>
  )
}

function DepositAlertMessage({ alert }: { alert: DepositAlert | null }) {
  const { i18n } = useLingui()
  const limitPer = usePerPeriod()
  if (!alert) return null
  const available = alert.availableAmount ? formatAmount(alert.availableAmount, i18n.locale) : null
  const perPeriod = alert.limitPeriod ? limitPer(alert.limitPeriod) : null
  return (
    <Alert
      tone="error"
      data-testid="deposit-alert"
      data-message={alert.messageId}
      data-period={alert.limitPeriod ?? undefined}
      action={alert.messageId === 'profileRequired' ? <FillProfileLink toastType="fill_for_deposit" testId="deposit-alert-button" /> : null}
    >
      {alert.messageId === 'depositLimitExceeded' ? (
        available && perPeriod ? (
          <Trans>
            This deposit is above your deposit limit {perPeriod}. You can deposit up to {available} now.
          </Trans>
        ) : available ? (
          <Trans>This deposit is above your deposit limit. You can deposit up to {available} now.</Trans>
        ) : (
          <Trans>This deposit is above your deposit limit.</Trans>
        )
      ) : alert.messageId === 'profileRequired' ? (
        <Trans>Fill in your personal details before you deposit.</Trans>
      ) : alert.messageId === 'declined' ? (
        <Trans>The payment was declined. Try another amount or method.</Trans>
      ) : alert.messageId === 'billingUnavailable' ? (
        <Trans>Payments are unavailable right now. Please try again in a few minutes.</Trans>
      ) : (
        <Trans>Something went wrong. Please try again.</Trans>
      )}
    </Alert>
  )
}
