/** The dialog id of the auth popup: one popup, whoever opens it (header, query flags, guards). */
export const AUTH_DIALOG_ID = 'auth'
