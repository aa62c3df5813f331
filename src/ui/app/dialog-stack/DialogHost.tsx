import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { selectOpenDialogs } from '../../../machines/app/dialog-stack/dialog-stack.selectors'
import type { Dialog } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { AuthPopupSkeleton } from '../../auth/auth-popup/AuthPopupSkeleton'
import { ConfirmDialog } from './ConfirmDialog'
import { useDialogs } from '../AppProviders'

// The auth popup, its flows and the validation tables load when it first opens, not with every page.
const AuthPopupShell = lazy(() => import('../../auth/auth-popup/AuthPopupShell').then((m) => ({ default: m.AuthPopupShell })))
// The popups queued after registration (SPEC §4 'Registration').
const ConfirmEmailDialog = lazy(() => import('../../auth/registration/PostRegistrationDialogs').then((m) => ({ default: m.ConfirmEmailDialog })))
const CampaignDialog = lazy(() => import('../../auth/registration/PostRegistrationDialogs').then((m) => ({ default: m.CampaignDialog })))
const CashbackUnseenDialog = lazy(() => import('../../auth/registration/PostRegistrationDialogs').then((m) => ({ default: m.CashbackUnseenDialog })))
// Shown only after a player idles or opens the menu: neither belongs on a first load.
const RealityCheckDialog = lazy(() => import('../../responsible/reality-check/RealityCheckDialog').then((m) => ({ default: m.RealityCheckDialog })))
const InactivityWarningDialog = lazy(() => import('../../session/inactivity/InactivityWarningDialog').then((m) => ({ default: m.InactivityWarningDialog })))
const SiteMenuCurtain = lazy(() => import('../../layout/SiteMenuCurtain').then((m) => ({ default: m.SiteMenuCurtain })))
// The operator's popups open seconds after a page starts, if at all.
const SitePopupDialog = lazy(() => import('../site-popup/SitePopupDialog').then((m) => ({ default: m.SitePopupDialog })))
// The header's games search: its flow and list load when the player first opens it.
const GamesSearchDialog = lazy(() => import('../../games/hall/GamesSearchDialog').then((m) => ({ default: m.GamesSearchDialog })))
// Opened only by a player putting a free bet on the betslip.
const BettingBonusActivatedDialog = lazy(() => import('../../sportsbook/betting-bonuses/BettingBonusActivatedDialog').then((m) => ({ default: m.BettingBonusActivatedDialog })))
// Opened only when a withdrawal waits for a verified identity.
const IdentityVerificationDialog = lazy(() => import('../../profile/verification/IdentityVerificationDialog').then((m) => ({ default: m.IdentityVerificationDialog })))
// Opened only when a payment is refused for missing personal details.
const FillProfileInfoDialog = lazy(() => import('../../profile/settings/FillProfileInfoDialog').then((m) => ({ default: m.FillProfileInfoDialog })))
const ResetPasswordDialog = lazy(() => import('../../auth/reset-password/ResetPasswordDialog').then((m) => ({ default: m.ResetPasswordDialog })))

/** Renders the open dialogs of the stack, bottom first, each by its kind. */
export function DialogHost() {
  const dialogs = useDialogs()
  const open = useSelector(dialogs, selectOpenDialogs)
  return (
    <>
      {open.map((dialog) => (
        <DialogView key={dialog.id} dialog={dialog} />
      ))}
    </>
  )
}

function DialogView({ dialog }: { dialog: Dialog }) {
  const dialogs = useDialogs()
  const close = () => dialogs.send({ type: 'dialog.close', id: dialog.id })
  switch (dialog.kind) {
    case 'auth':
      return (
        <Suspense fallback={<AuthPopupSkeleton />}>
          <AuthPopupShell dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'confirm-email':
      return (
        <Suspense fallback={null}>
          <ConfirmEmailDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'campaign':
      return (
        <Suspense fallback={null}>
          <CampaignDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'cashback-unseen':
      return (
        <Suspense fallback={null}>
          <CashbackUnseenDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'betting-bonus-activated':
      return (
        <Suspense fallback={null}>
          <BettingBonusActivatedDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'identity-verification':
      return (
        <Suspense fallback={null}>
          <IdentityVerificationDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'fill-profile-info-confirm':
      return (
        <Suspense fallback={null}>
          <FillProfileInfoDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'site-popup':
      return (
        <Suspense fallback={null}>
          <SitePopupDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'reset-password':
      return (
        <Suspense fallback={<AuthPopupSkeleton />}>
          <ResetPasswordDialog dialog={dialog} />
        </Suspense>
      )
    case 'reality-check':
      return (
        <Suspense fallback={null}>
          <RealityCheckDialog />
        </Suspense>
      )
    case 'inactivity-warning':
      return (
        <Suspense fallback={null}>
          <InactivityWarningDialog />
        </Suspense>
      )
    case 'site-menu':
      return (
        <Suspense fallback={null}>
          <SiteMenuCurtain />
        </Suspense>
      )
    case 'games-search':
      return (
        <Suspense fallback={null}>
          <GamesSearchDialog dialog={dialog} onClose={close} />
        </Suspense>
      )
    case 'confirm':
      return (
        <ConfirmDialog
          props={dialog.props}
          preventClose={dialog.preventClose}
          onAnswer={(answer) => dialogs.send({ type: 'dialog.confirm.answer', id: dialog.id, answer })}
        />
      )
    default:
      // Kinds whose views arrive with later issues are not opened by anything yet.
      return null
  }
}
