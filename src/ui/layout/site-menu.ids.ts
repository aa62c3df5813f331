/** The dialog id of the phone's menu sheet (kind 'site-menu'), opened by the bottom bar's Menu. */
export const SITE_MENU_DIALOG_ID = 'site-menu'
