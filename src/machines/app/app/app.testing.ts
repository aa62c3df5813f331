// For view tests: the root machine with its long-lived children silent, so a test wakes only the
// child it is about and the others neither fetch nor open sockets.
import { fromCallback, fromPromise, type AnyActorLogic } from 'xstate'
import { appMachine } from './app.machine'

const silent = fromCallback(() => () => {})

/** Every child that 'app.hydrated' wakes; a test passes its own logic for the one under test. */
const SILENT_CHILDREN = {
  consent: silent,
  inactivity: silent,
  balance: silent,
  hints: silent,
  balanceSocket: silent,
  supportChat: silent,
  chatWidget: silent,
  frames: silent,
  serviceWorker: silent,
  buildWatch: silent,
  sitePopups: silent,
  favourites: silent,
  betslip: silent,
  realityCheck: silent,
} satisfies Record<string, AnyActorLogic>

export function quietAppMachine(awake: Partial<Record<keyof typeof SILENT_CHILDREN, AnyActorLogic>>) {
  return appMachine.provide({
    // The site's general info is the one fetch at wake-up; a refusal leaves the defaults.
    actors: { ...SILENT_CHILDREN, ...awake, loadGeneralInfo: fromPromise(async () => ({ ok: false as const, error: { type: 'x' } })) } as never,
  })
}
