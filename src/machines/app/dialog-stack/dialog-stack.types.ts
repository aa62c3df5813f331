// Types of the dialog stack (SPEC §2.3, §2.4, §4 'Dialog stack').

/**
 * Every popup and side curtain of SPEC §2.3 and §2.4. The view layer maps a kind to its component;
 * a closed list means a typo is a compile error rather than a dialog that silently never renders.
 */
export const DIALOG_KINDS = [
  'auth', // SPEC §2.3: one shell, views authorization | registration | restore | twofa | socialRegistration
  'confirm', // SPEC §2.4: the generic confirm dialog, answered true or false
  'promo-activated',
  'cashback-unseen',
  'identity-verification',
  'demo-mode',
  'campaign',
  'loyalty-shop-confirm',
  'loyalty-shop-buy',
  'loyalty-insufficient-funds',
  'loyalty-quest',
  'loyalty-character-change',
  'loyalty-character-confirm',
  'games-search',
  'inactivity-warning',
  'reality-check', // the reality check's time played and result, with continue or stop
  'promotion-detail',
  'confirmation-success',
  'confirm-email',
  'burn-bonuses-confirm',
  'bonus-confirm',
  'fill-profile-info-confirm',
  'betting-bonus-activated',
  'reset-password', // the dialog a password-recovery link (#reset_token=...) opens
  'site-popup', // an operator's popup (content popups.json), opened by the site-popups flow
  'site-menu', // DESIGN 'Layout': the phone's menu sheet (a curtain), opened by the bottom bar's Menu
] as const
export type DialogKind = (typeof DIALOG_KINDS)[number]

/** Props travel in the dehydrated SSR snapshot, so they are JSON and nothing else. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }
export type DialogProps = { readonly [key: string]: JsonValue }

/** SPEC §2.4 generic confirm: already translated texts, since machines do not translate. */
export interface ConfirmProps {
  readonly content: string
  readonly textAgree: string
  readonly textReject: string
  readonly [key: string]: JsonValue
}

interface DialogBase {
  /** Chosen by the caller, so it can close the dialog or match a confirm answer later. */
  readonly id: string
  readonly preventClose: boolean
}
export interface ConfirmDialog extends DialogBase {
  readonly kind: 'confirm'
  readonly props: ConfirmProps
}
export interface ViewDialog extends DialogBase {
  readonly kind: Exclude<DialogKind, 'confirm'>
  readonly props: DialogProps
}
export type Dialog = ConfirmDialog | ViewDialog

/** What a caller asks to open; `preventClose` and `props` default to false and {}. */
export type DialogRequest =
  | { readonly id: string; readonly kind: 'confirm'; readonly props: ConfirmProps; readonly preventClose?: boolean }
  | {
      readonly id: string
      readonly kind: Exclude<DialogKind, 'confirm'>
      readonly props?: DialogProps
      readonly preventClose?: boolean
    }

export interface DialogStackContext {
  /** Open dialogs, bottom first; the last one is on top and receives Escape and overlay clicks. */
  readonly stack: readonly Dialog[]
  /** Dialogs waiting for the stack to empty, first in first out. Empty whenever the stack is. */
  readonly queue: readonly Dialog[]
}

export type DialogStackEvent =
  /** Opens on top; with `queue` it waits until nothing is open (opens at once if nothing is). */
  | { type: 'dialog.open'; dialog: DialogRequest; queue?: boolean }
  /** Closes an open or queued dialog; refused for preventClose unless `immediate`. */
  | { type: 'dialog.close'; id: string; immediate?: boolean }
  /** Escape or overlay click: closes the top dialog unless it prevents closing. */
  | { type: 'dialog.closeTop' }
  /** The agree (true) or reject (false) button of a confirm dialog. */
  | { type: 'dialog.confirm.answer'; id: string; answer: boolean }
  /** The browser took over a server-rendered page: re-apply the scroll lock the server could not. */
  | { type: 'app.hydrated' }

export type DialogStackEmitted = { type: 'dialog.confirm.resolved'; id: string; answer: boolean }
