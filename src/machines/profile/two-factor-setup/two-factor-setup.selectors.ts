// What the security section reads from the two-factor set-up (views never read state names).
import type { SnapshotFrom } from 'xstate'
import { TWO_FACTOR_TAGS, type twoFactorSetupMachine } from './two-factor-setup.machine'
import type { PendingSecret, TwoFactorAlert, TwoFactorFieldErrors } from './two-factor-setup.types'

export type TwoFactorSetupSnapshot = SnapshotFrom<typeof twoFactorSetupMachine>

/** Which panel shows: the status with 'Enable', the password form, the secret and code, the recovery codes, 'Disable', or its code form. */
export type TwoFactorView = 'off' | 'password' | 'scan' | 'codes' | 'on' | 'disable' | 'blocked'

export function selectTwoFactorView(snapshot: TwoFactorSetupSnapshot): TwoFactorView {
  if (snapshot.matches('enabling')) return 'password'
  if (snapshot.matches('scanning')) return 'scan'
  if (snapshot.matches('recoveryCodes')) return 'codes'
  if (snapshot.matches('disabling')) return 'disable'
  if (snapshot.matches('blocked')) return 'blocked'
  return snapshot.context.enabled ? 'on' : 'off'
}

/** For `data-state` on the section: 'twofa-setup.scanning.editing' and so on. */
export function selectTwoFactorDataState(snapshot: TwoFactorSetupSnapshot): string {
  const value = snapshot.value
  const flat = typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${String(v)}`)[0]
  return `twofa-setup.${flat}`
}

export const selectIsBusy = (snapshot: TwoFactorSetupSnapshot): boolean => snapshot.hasTag(TWO_FACTOR_TAGS.busy)
export const selectEnabled = (snapshot: TwoFactorSetupSnapshot): boolean => snapshot.context.enabled
export const selectPassword = (snapshot: TwoFactorSetupSnapshot): string => snapshot.context.password
export const selectCode = (snapshot: TwoFactorSetupSnapshot): string => snapshot.context.code
export const selectPending = (snapshot: TwoFactorSetupSnapshot): PendingSecret | null => snapshot.context.pending
export const selectRecoveryCodes = (snapshot: TwoFactorSetupSnapshot): readonly string[] => snapshot.context.recoveryCodes
export const selectFieldErrors = (snapshot: TwoFactorSetupSnapshot): TwoFactorFieldErrors => snapshot.context.fieldErrors
export const selectAlert = (snapshot: TwoFactorSetupSnapshot): TwoFactorAlert | null => snapshot.context.alert
export const selectCopied = (snapshot: TwoFactorSetupSnapshot): boolean => snapshot.matches({ recoveryCodes: 'copied' })
export const selectCopying = (snapshot: TwoFactorSetupSnapshot): boolean => snapshot.matches({ recoveryCodes: 'copying' })
