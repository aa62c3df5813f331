import { Trans } from '@lingui/react/macro'
import { CasinoRounds } from '../../ui/games/history/CasinoRounds'
import { SectionPage } from '../../ui/layout/SectionPage'
import { SportsBets } from '../../ui/sportsbook/bets/SportsBets'
import { BettingBonuses } from '../../ui/sportsbook/betting-bonuses/BettingBonuses'
import { LogoutButton } from '../../ui/profile/LogoutButton'
import { TwoFactorSection } from '../../ui/profile/two-factor-setup/TwoFactorSection'
import { ChangePasswordSection } from '../../ui/profile/change-password/ChangePasswordSection'
import { SessionsSection } from '../../ui/profile/sessions/SessionsSection'
import { NotificationsSection } from '../../ui/profile/notifications/NotificationsSection'
import { PushSection } from '../../ui/profile/notifications/PushSection'
import { useAppSelector } from '../../ui/app/AppProviders'
import { Link, useSearchParams } from 'react-router'
import { button } from 'styled-system/recipes'
import { selectFeature, selectResponsibleGaming } from '../../machines/app/app/app.selectors'
import { ResponsibleGamingView } from '../../ui/responsible/deposit-limit/ResponsibleGamingView'
import { PersonalDetails } from '../../ui/profile/settings/PersonalDetails'
import { VerificationSection } from '../../ui/profile/verification/VerificationSection'
import { returnPath } from '../../machines/profile/profile-settings/return-path'

// The site config's switches (SPEC §3 'Site config'); the server refuses these sections' calls too.
const selectIdentityVerification = selectFeature('identityVerification')

export function ProfileBetsPage() {
  return (
    <SectionPage intro={<Trans>Your sports bets with cash-out, and your casino rounds, real money and fun, each with its proof of fairness.</Trans>}>
      <SportsBets />
      <CasinoRounds />
    </SectionPage>
  )
}

export function ProfileBonusesPage() {
  return (
    <SectionPage intro={<Trans>Your active and available bonuses.</Trans>}>
      <BettingBonuses />
    </SectionPage>
  )
}

export function ProfileLoyaltyPage() {
  return <SectionPage intro={<Trans>Your loyalty level and points.</Trans>} empty={<Trans>No loyalty activity yet.</Trans>} />
}

export function ProfileCashbackPage() {
  return <SectionPage intro={<Trans>Cashback you have earned.</Trans>} empty={<Trans>You have no cashback yet.</Trans>} />
}

export function ProfileSecurityPage() {
  return (
    <SectionPage intro={<Trans>Password, two-factor authentication and the devices signed in to your account.</Trans>}>
      <ChangePasswordSection />
      <TwoFactorSection />
      <SessionsSection />
    </SectionPage>
  )
}

export function ProfileSettingsPage() {
  // The fill-profile prompt (SPEC §2.4) sends the player here with where they were and why.
  const [query] = useSearchParams()
  return (
    <SectionPage intro={<Trans>Your personal details and preferences.</Trans>} footer={<LogoutButton />}>
      <PersonalDetails returnTo={returnPath(query.get('from'))} reason={query.get('toastType')} />
    </SectionPage>
  )
}

export function ProfileNotificationPage() {
  return (
    <SectionPage intro={<Trans>Choose which messages you receive.</Trans>}>
      <NotificationsSection />
      <PushSection />
    </SectionPage>
  )
}

export function ProfileVerificationPage() {
  const offered = useAppSelector(selectIdentityVerification)
  if (!offered) {
    return <SectionPage intro={<Trans>Verify your identity to withdraw without limits.</Trans>} empty={<Trans>Identity verification is not offered on this site. For questions about your account, contact support.</Trans>} />
  }
  return (
    <SectionPage intro={<Trans>Verify your identity to withdraw without limits.</Trans>}>
      <VerificationSection />
    </SectionPage>
  )
}

export function ProfileResponsibleGamePage() {
  const offered = useAppSelector(selectResponsibleGaming)
  if (!offered) {
    return (
      <SectionPage
        intro={<Trans>Deposit and loss limits, session time, reality checks, breaks and self-exclusion.</Trans>}
        empty={<Trans>These tools are not offered on this site. A limit you set before still applies. To limit or stop your play, contact support.</Trans>}
        footer={
          <Link to="/support" className={button({ variant: 'secondary', size: 'md' })} data-testid="responsible-game-support">
            <Trans>Contact support</Trans>
          </Link>
        }
      />
    )
  }
  return (
    <SectionPage intro={<Trans>Deposit and loss limits, session time, reality checks, breaks and self-exclusion.</Trans>}>
      <ResponsibleGamingView />
    </SectionPage>
  )
}
