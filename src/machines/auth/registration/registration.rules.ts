// The pure rules of the registration flow (SPEC §3 'Registration settings', §4 'Registration', §5,
// §8 'Registration failure'), kept out of the chart so each is tested on its own. Field rules are
// SPEC §5's, from src/shared/validation; the chart and the selectors both call these, so what the
// view shows and what the chart decides cannot disagree.
import {
  FIELD_RULES,
  canSubmit,
  mapServerErrors,
  registrationFieldRules,
  validateForm,
  type FieldRules,
  type FormErrors,
  type FormSchema,
  type RuleSpec,
} from '../../../shared/validation/rules'
import { safeRedirectPath } from '../../../shared/redirect'
import { splitLocale } from '../../../shared/locales'
import type { AuthFailure } from '../auth.types'
import {
  AFTER_REGISTRATION_PATH,
  type CurrencyRule,
  type ProfileField,
  type ProfileFieldSysname,
  type RegistrationContext,
  type RegistrationGeneralError,
  type RegistrationMode,
  type RegistrationSettings,
  type RegistrationValues,
  type StoredBettingPreference,
} from './registration.types'

// ── fields ──────────────────────────────────────────────────────────────────

/**
 * The profile fields the form shows and sends (SPEC §5 'Registration fields'): the visible ones;
 * in fast registration only those both visible and required. Social mode has no form.
 */
export function activeFields(fields: readonly ProfileField[] | null, mode: RegistrationMode): readonly ProfileField[] {
  if (!fields || mode === 'social') return []
  return fields.filter((f) => f.is_visible && (mode === 'form' || f.is_required))
}

function fieldOf(fields: readonly ProfileField[] | null, sysname: ProfileFieldSysname): ProfileField | undefined {
  return fields?.find((f) => f.sysname === sysname)
}

/** The first choice of a select field, or '' (SPEC §4: region and document type reset to it). */
export function firstChoice(fields: readonly ProfileField[] | null, sysname: ProfileFieldSysname): string {
  return fieldOf(fields, sysname)?.options.list?.[0]?.value ?? ''
}

/** Currencies offered: the currency field's list for this country, else the site's list. */
export function currencyOptions(fields: readonly ProfileField[] | null, fallback: readonly string[]): readonly string[] {
  const list = fieldOf(fields, 'currency')?.options.list
  return list && list.length > 0 ? list.map((c) => c.value) : fallback
}

// ── currency rules (SPEC §3) ────────────────────────────────────────────────

/** What one rule picks; undefined when it cannot (no list, or the selected one is not offered). */
export function pickCurrency(rule: CurrencyRule, options: readonly string[], selected: string | null): string | undefined {
  switch (rule) {
    case 'emptyValue':
      return ''
    case 'firstValue':
      return options[0]
    case 'selectedValue':
      return selected && (options.length === 0 || options.includes(selected)) ? selected : undefined
  }
}

/** The currency when the form opens: defaultValue, else emptyValue's pick, else none. */
export function initialCurrency(rules: RegistrationSettings['currency'], options: readonly string[], preselected: string | null): string {
  return pickCurrency(rules.defaultValue, options, preselected) ?? pickCurrency(rules.emptyValue, options, preselected) ?? ''
}

/** The currency after a country change: changeCountryValue, else its fallback, else none. */
export function countryChangeCurrency(rules: RegistrationSettings['currency'], options: readonly string[], current: string): string {
  const selected = current === '' ? null : current
  return (
    pickCurrency(rules.changeCountryValue, options, selected) ??
    pickCurrency(rules.changeCountryFallbackValue, options, selected) ??
    ''
  )
}

/**
 * The values once a field list arrived (SPEC §4): region and document type go to their first
 * choice, the currency follows the content-system rules (defaultValue the first time, the
 * changeCountry rules after the player changed the country).
 */
export function applyFieldList(context: RegistrationContext, fields: readonly ProfileField[]): RegistrationValues {
  const options = currencyOptions(fields, context.currencies)
  const rules = context.settings.currency
  const currency =
    context.fields === null
      ? initialCurrency(rules, options, context.preselectedCurrency)
      : countryChangeCurrency(rules, options, context.values.currency)
  return {
    ...context.values,
    currency,
    profile: {
      ...context.values.profile,
      region: firstChoice(fields, 'region'),
      document_type: firstChoice(fields, 'document_type'),
    },
  }
}

// ── betting preference (SPEC §3) ────────────────────────────────────────────

/** The stored preference '2' is betting (1), '1' casino (0); without one, the setting's default. */
export function isBettingFrom(stored: StoredBettingPreference | null | undefined, settings: RegistrationSettings): 0 | 1 {
  if (stored === '2') return 1
  if (stored === '1') return 0
  return settings.markBetting.defaultValue === 'betting' ? 1 : 0
}

// ── validation (SPEC §5) ────────────────────────────────────────────────────

/** The form's values flat, as the rules and the server name them. */
export function flatValues(values: RegistrationValues): Record<string, unknown> {
  return {
    ...values.profile,
    password: values.password,
    currency: values.currency,
    promo_code: values.promo_code,
    terms: values.terms,
  }
}

function baseRules(sysname: ProfileFieldSysname, values: RegistrationValues): FieldRules {
  if (sysname === 'mobile') {
    // The phone rule needs the country whose mask the number follows.
    const country = values.profile.phone_country_code || values.profile.country_code || null
    return FIELD_RULES.mobile.map((spec): RuleSpec => (spec.rule === 'phone' ? { rule: 'phone', country } : spec))
  }
  const known = (FIELD_RULES as Readonly<Record<string, FieldRules>>)[sysname]
  return known ?? [{ rule: 'required' }, { rule: 'text' }]
}

/**
 * The form's schema: password and currency always; every active profile field, required per its
 * is_required (all are, in fast mode) with its regex option; the promo code while its field is
 * open; terms while they are active.
 */
export function registrationSchema(context: RegistrationContext, promoOpen: boolean): FormSchema {
  const schema: Record<string, FieldRules> = {
    password: FIELD_RULES.password,
    currency: [{ rule: 'required' }],
  }
  for (const field of activeFields(context.fields, context.mode)) {
    if (field.sysname === 'currency') continue
    schema[field.sysname] = registrationFieldRules(baseRules(field.sysname, context.values), {
      is_required: field.is_required,
      regex: field.options.regex ?? null,
    })
  }
  if (promoOpen) schema.promo_code = [{ rule: 'promoCode', required: true }]
  if (context.settings.terms.isActive) schema.terms = FIELD_RULES.terms
  return schema
}

/** Every error of the form, whatever the strategy shows: what decides a submit. */
export function allErrors(context: RegistrationContext, promoOpen: boolean): FormErrors {
  return validateForm(flatValues(context.values), registrationSchema(context, promoOpen))
}

/** SPEC §5: submission is blocked when invalid, except when the promo code is the only error. */
export function isSubmittable(context: RegistrationContext, promoOpen: boolean): boolean {
  return context.mode !== 'social' && canSubmit(allErrors(context, promoOpen))
}

/** The errors the view shows now: the strategy's share of the client rules, then the reported ones. */
export function shownErrors(context: RegistrationContext, promoOpen: boolean): FormErrors {
  const client = validateForm(flatValues(context.values), registrationSchema(context, promoOpen), {
    strategy: context.settings.strategy,
    submitted: context.submitted,
    touched: context.touched,
  })
  return { ...client, ...context.reportedErrors }
}

/** The field names the form shows, for placing server errors. */
export function formFieldNames(context: RegistrationContext): string[] {
  return Object.keys(registrationSchema(context, true))
}

/** SPEC §5 'Checkbox': a social click is blocked while active terms are unticked. */
export function termsBlockSocial(context: RegistrationContext): boolean {
  return context.settings.terms.isActive && !context.values.terms
}

// ── server answers (SPEC §8 'Registration failure') ─────────────────────────

export interface MappedFailure {
  readonly errors: FormErrors
  readonly generalError: RegistrationGeneralError | null
}

/**
 * invalid_parameters and error_data become field errors, phone and mobile being aliases (SPEC §5).
 * The login defaults to the e-mail or the phone (SPEC §7), so without a login field its error is
 * put on the field it came from. An error that no field of the form can show, or a failure with
 * no field errors at all, gives the general 'wrong registration server error' notice.
 */
export function mapRegistrationFailure(failure: AuthFailure, context: RegistrationContext): MappedFailure {
  const fields = formFieldNames(context)
  const mapped: Record<string, FormErrors[string]> = {
    ...mapServerErrors(failure.invalidParameters, failure.errorData, { fields }),
  }
  if (mapped.login && !fields.includes('login')) {
    const source = context.values.profile.email && fields.includes('email') ? 'email' : 'mobile'
    mapped[source] ??= mapped.login
    delete mapped.login
  }
  const errors: FormErrors = Object.fromEntries(Object.entries(mapped).filter(([name]) => fields.includes(name)))
  const unplaced = Object.keys(mapped).length - Object.keys(errors).length
  return {
    errors,
    generalError: Object.keys(errors).length === 0 || unplaced > 0 ? 'wrongRegistrationServerError' : null,
  }
}

/** SPEC §2.3: /cashier/deposit unless a redirectUrl; only a same-origin path is followed (ARCHITECTURE §5). */
export function redirectTarget(redirectUrl: string | null): string {
  return safeRedirectPath(redirectUrl?.trim()) ?? AFTER_REGISTRATION_PATH
}

/** The register=success query the page after registration reads (SPEC §2.2). */
export const REGISTER_SUCCESS_QUERY = { name: 'register', value: 'success' } as const

/**
 * Where the router goes after registration: the redirect target with register=success, without
 * a locale prefix, since the router's basename carries the page's locale (a redirectUrl may name one too).
 */
export function registeredRedirectPath(redirectUrl: string | null): string {
  const url = new URL(redirectTarget(redirectUrl), 'http://same-origin')
  url.searchParams.set(REGISTER_SUCCESS_QUERY.name, REGISTER_SUCCESS_QUERY.value)
  return splitLocale(url.pathname).path + url.search + url.hash
}
