import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { BACK_URL_QUERY } from '../../services/frame/frame-messages'
import { useDialogs } from '../app/AppProviders'
import { AUTH_DIALOG_ID } from '../auth/auth-popup/AuthPopupShell.ids'
import { isPlainClick, useCurrentHref } from './enhanced-click'

/**
 * Log in and Sign up for a visitor: links to the stand-alone forms of SPEC §2.1 (/forms/sign_in
 * comes back here after the login), so a tap before hydration or without JavaScript still opens
 * them; once hydrated a plain click opens the auth popup over this page instead.
 */
export function AuthLink({
  view,
  className,
  onOpen,
  children,
}: {
  view: 'authorization' | 'registration'
  className: string
  /** Runs before the popup opens (the phone's menu sheet closes itself). */
  onOpen?: () => void
  children: ReactNode
}) {
  const dialogs = useDialogs()
  const back = useCurrentHref()
  const to = view === 'authorization' ? `/forms/sign_in?${new URLSearchParams({ [BACK_URL_QUERY]: back })}` : '/forms/sign_up'
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        onOpen?.()
        dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view } } })
      }}
    >
      {children}
    </Link>
  )
}
