import { Trans } from '@lingui/react/macro'
import { selectIsLoggingOut } from '../../machines/app/app/app.selectors'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { Button } from '../kit/Button'

/** The player's own way out (SPEC §2.2: logout returns to the home page), from the profile pages. */
export function LogoutButton() {
  const app = useAppActor()
  const busy = useAppSelector(selectIsLoggingOut)
  return (
    <Button variant="secondary" loading={busy} data-testid="logout" onClick={() => app.send({ type: 'session.logout' })}>
      <Trans>Log out</Trans>
    </Button>
  )
}
