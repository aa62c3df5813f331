// The ids live with the auth flows, which open these dialogs too; views import them from here.
export { AUTH_DIALOG_ID, RESET_PASSWORD_DIALOG_ID } from '../../../machines/auth/auth-popup/auth-popup.ids'
