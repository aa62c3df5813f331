/** The dialog id of the auth popup: one popup, whoever opens it (header, query flags, guards, flows). */
export const AUTH_DIALOG_ID = 'auth'

/** The dialog a password-recovery link opens (kind 'reset-password'). */
export const RESET_PASSWORD_DIALOG_ID = 'reset-password'
