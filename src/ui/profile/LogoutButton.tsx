import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { selectLocale } from '../../machines/app/app/app.selectors'
import { useAppActor, useAppSelector, useServices } from '../app/AppProviders'
import { logoutPlayer } from '../app/logout'
import { Button } from '../kit/Button'

/** The player's own way out (SPEC §2.2: logout returns to the home page), from the profile pages. */
export function LogoutButton() {
  const { api, analytics } = useServices()
  const app = useAppActor()
  const locale = useAppSelector(selectLocale)
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="secondary"
      loading={busy}
      data-testid="logout"
      onClick={() => {
        setBusy(true)
        void logoutPlayer({ api, app, analytics, locale })
      }}
    >
      <Trans>Log out</Trans>
    </Button>
  )
}
