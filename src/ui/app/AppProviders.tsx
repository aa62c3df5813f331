import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useSelector } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import type { ActorRefFrom, InspectionEvent, Observer, SnapshotFrom } from 'xstate'
import type { appMachine } from '../../machines/app/app/app.machine'
import type { Analytics } from '../../services/analytics/analytics'
import type { ApiClient } from '../../services/api/client'
import { selectDialogsRef, selectToastsRef } from '../../machines/app/app/app.selectors'
import type { dialogStackMachine } from '../../machines/app/dialog-stack/dialog-stack.machine'
import type { toastsMachine } from '../../machines/app/toasts/toasts.machine'

export type AppActorRef = ActorRefFrom<typeof appMachine>
export type AppSnapshot = SnapshotFrom<typeof appMachine>
export type DialogsRef = ActorRefFrom<typeof dialogStackMachine>
export type ToastsRef = ActorRefFrom<typeof toastsMachine>

const AppActorContext = createContext<AppActorRef | null>(null)

/** The side-effect services flows are provided with (ARCHITECTURE §3: views wire, machines stay pure). */
export interface AppServices {
  api: ApiClient
  analytics: Analytics
  /**
   * The page's inspection observer (Stately inspector with ?inspect=1, e2e flow coverage), if any.
   * Flows a view creates get it through `useFlowActor(machine)` (useFlowActor.ts).
   */
  inspect?: Observer<InspectionEvent>
}
const ServicesContext = createContext<AppServices | null>(null)

/** Per request on the server, per page in the browser: nothing here is a module-level singleton. */
export function AppProviders({ i18n, actor, services, children }: { i18n: I18n; actor: AppActorRef; services?: AppServices; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ServicesContext.Provider value={services ?? null}>
        <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>
      </ServicesContext.Provider>
    </I18nProvider>
  )
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices must be used inside <AppProviders services>')
  return services
}

/** The services, or null while rendering on the server (they exist in the browser only). */
export function useOptionalServices(): AppServices | null {
  return useContext(ServicesContext)
}

export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext)
  if (!actor) throw new Error('useAppActor must be used inside <AppProviders>')
  return actor
}

export function useAppSelector<T>(selector: (snapshot: AppSnapshot) => T): T {
  return useSelector(useAppActor(), selector)
}

/** The dialog stack child of the root actor; subscribe with dialog-stack.selectors. */
export function useDialogs(): DialogsRef {
  const dialogs = useAppSelector(selectDialogsRef)
  if (!dialogs) throw new Error("the root actor has no 'dialogs' child")
  return dialogs
}

/** The toasts child of the root actor; subscribe with toasts.selectors. */
export function useToasts(): ToastsRef {
  const toasts = useAppSelector(selectToastsRef)
  if (!toasts) throw new Error("the root actor has no 'toasts' child")
  return toasts
}
