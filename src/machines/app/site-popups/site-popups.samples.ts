// Sample events of the site popups, walked by the model test and listed in the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { sitePopupsMachine } from './site-popups.machine'
import type { PopupMemory, SitePopup, SitePopupsEvent, SitePopupsInput } from './site-popups.types'

/** One popup per trigger, as an operator would write them (content/en/popups.json has the real ones). */
export const samplePopups: readonly SitePopup[] = [
  { id: 'first-visit', trigger: 'firstVisit', audience: 'visitor', delaySeconds: 20, title: 'New here?', text: 'Register and collect your welcome bonus.', cta: { label: 'Register', href: '?show_popup_reg=1' } },
  { id: 'welcome-back', trigger: 'afterLogin', audience: 'player', delaySeconds: 2, title: 'Welcome back', text: 'Your weekly cashback is waiting.' },
  { id: 'welcome', trigger: 'afterRegistration', audience: 'all', delaySeconds: 0, title: 'Welcome', text: 'Your first deposit doubles.' },
  { id: 'stay', trigger: 'exitIntent', audience: 'visitor', delaySeconds: 0, title: 'Leaving already?', text: 'Spin once on the house.' },
]

export const sitePopupsInput: SitePopupsInput = { items: samplePopups, loggedIn: false, path: '/' }

export const sitePopupsSamples = {
  'popups.trigger': [
    { type: 'popups.trigger', trigger: 'afterLogin' },
    { type: 'popups.trigger', trigger: 'afterRegistration' },
  ],
  'popups.exitIntent': [{ type: 'popups.exitIntent' }],
  'session.change': [
    { type: 'session.change', loggedIn: true },
    { type: 'session.change', loggedIn: false },
  ],
  'route.change': [
    { type: 'route.change', path: '/es/game/book-of-gold' },
    { type: 'route.change', path: '/promotions' },
  ],
} satisfies SampleTable<SitePopupsEvent>

const READ = doneEventType(sitePopupsMachine, 'readMemory')
const READ_FAILED = errorEventType(sitePopupsMachine, 'readMemory')
/** A waiting popup's delay ending. */
export const DELAY = delayEvent(sitePopupsMachine, 'popupDelay').type
export type SitePopupsOutcome = { type: typeof READ; output: PopupMemory } | { type: typeof READ_FAILED; error: unknown } | { type: typeof DELAY }

const timers: SampleTable<{ type: typeof DELAY }> = { [DELAY]: [{ type: DELAY }] }

export const sitePopupsOutcomes = {
  [READ]: [
    { type: READ, output: { seen: [], carried: null } },
    { type: READ, output: { seen: ['first-visit'], carried: null } },
    { type: READ, output: { seen: [], carried: 'afterLogin' } },
  ],
  [READ_FAILED]: [{ type: READ_FAILED, error: 'storage refused' }],
  ...timers,
} satisfies SampleTable<SitePopupsOutcome>

export const sitePopupsEntry = defineEntry<typeof sitePopupsMachine, SitePopupsOutcome>({
  name: 'site-popups',
  area: 'app',
  spec: "§2.4 'Other popups', §4 'Campaign popups' (quiet pages)",
  description: "The operator's popups: each opens its delay after its trigger (first visit, login, registration, exit intent), once per browser, for its audience, never over a game or the deposit",
  machine: sitePopupsMachine,
  input: sitePopupsInput,
  otherInputs: [{ ...sitePopupsInput, loggedIn: true, path: '/game/book-of-gold' }],
  events: sitePopupsSamples,
  outcomes: sitePopupsOutcomes,
})
