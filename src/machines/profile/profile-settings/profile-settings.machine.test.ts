import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { profileSettingsMachine } from './profile-settings.machine'
import {
  DE_FIELDS,
  lockedName,
  MX_FIELDS,
  profileSettingsEntry,
  profileSettingsOutcomes,
  profileSettingsSamples,
  refusedLastName,
  US_FIELDS,
  US_PROFILE,
  unavailable,
  type ProfileSettingsOutcome,
} from './profile-settings.samples'
import { selectProfileAlert, selectProfileBusy, selectProfileDirty, selectProfileErrors, selectProfileValues, selectShownFields } from './profile-settings.selectors'
import { PROFILE_SAVED, type LoadFieldsResult, type LoadProfileResult, type ProfileSettingsEvent, type ProfileSettingsInput, type SaveProfileInput, type SaveProfileResult } from './profile-settings.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { isLocked } from './profile-settings.rules'

type Snapshot = SnapshotFrom<typeof profileSettingsMachine>

function startSut(input: ProfileSettingsInput = { identityLocked: false, returnTo: null }) {
  const load = controllable<unknown, LoadProfileResult>()
  const fields = controllable<{ countryCode: string }, LoadFieldsResult>()
  const save = controllable<SaveProfileInput, SaveProfileResult>()
  const errors: unknown[] = []
  const returned: (string | null)[] = []
  const ref = createActor(
    profileSettingsMachine.provide({
      actors: { loadProfile: load.actor, loadFields: fields.actor, saveProfile: save.actor },
      actions: { reportError: (_, params) => void errors.push(params.error) },
    }),
    { input },
  )
  ref.on(PROFILE_SAVED, (event) => void returned.push(event.returnTo))
  ref.start()
  return { ref, load, fields, save, errors, returned }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: ProfileSettingsEvent) => sut.ref.send(event)
const gestures = {
  'profile.field.change': send, // typing in a field, or choosing in a select
  'profile.country.change': send, // choosing another country
  'profile.submit': send, // 'Save'
  'profile.reset': send, // 'Undo changes'
  'profile.retry': send, // 'Try again' after the profile could not be read
} satisfies GestureTable<ProfileSettingsEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadProfile', (sut: Sut) => sut.load),
  ...settleGestures('loadFields', (sut: Sut) => sut.fields),
  ...settleGestures('saveProfile', (sut: Sut) => sut.save),
} satisfies GestureTable<ProfileSettingsOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is ProfileSettingsOutcome => event.type in profileSettingsOutcomes
const serializeState = profileSettingsEntry.serializeState!
const callOf: Record<string, string> = { loading: 'loadProfile', loadingFields: 'loadFields', saving: 'saveProfile' }

const harnessFor = (input: ProfileSettingsInput) =>
  new ModelHarness<typeof profileSettingsMachine, Sut, ProfileSettingsOutcome>({
    machine: profileSettingsMachine,
    input,
    events: (snapshot) => [
      ...fixtureEvents<ProfileSettingsEvent, Snapshot>(profileSettingsSamples, snapshot),
      ...fixtureEvents<ProfileSettingsOutcome, Snapshot>(profileSettingsOutcomes, snapshot),
    ],
    filterEvents: (snapshot, event) => !isOutcome(event) || event.type.includes(callOf[String(snapshot.value)] ?? '\u0000'),
    serializeState: (s) => serializeState(s as never),
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const snapshot = sut.ref.getSnapshot()
      expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
      const { broken, rule } = ruleCollector()
      const running = Object.keys(snapshot.children)
      rule('one call at a time, and only while loading, reading a list or saving', running.length === (String(snapshot.value) in callOf ? 1 : 0))
      rule('busy exactly while a list is read or the details are saved', selectProfileBusy(snapshot) === (snapshot.matches('loadingFields') || snapshot.matches('saving')))
      // What was typed survives every answer: a refusal or a failure changes no value.
      if (from && (from.matches('saving') || from.matches('loadingFields')) && snapshot.matches('editing') && selectProfileAlert(snapshot) !== 'saved') {
        const before = from.context.values
        const after = selectProfileValues(snapshot)
        rule('a refusal or a failed read keeps every value typed', (['first_name', 'last_name', 'birth_date'] as const).every((f) => before[f] === after[f]))
      }
      if (from?.matches('saving') && selectProfileAlert(snapshot) === 'saved') rule('a save leaves nothing unsaved', !selectProfileDirty(snapshot))
      rule(
        'a verified identity is never edited, only filled in where it is empty',
        !input.identityLocked || (['first_name', 'last_name', 'birth_date', 'country_code'] as const).every((f) => snapshot.context.saved[f] === '' || snapshot.context.values[f] === snapshot.context.saved[f]),
      )
      rule('nothing is sent that the form would refuse', sut.save.calls.every((c) => c.birth_date !== '01.01.2020' && c.first_name !== '<b>'))
      if (event?.type === 'profile.submit' && from?.matches('editing') && !snapshot.matches('saving'))
        rule('a refused submit sends nothing', sut.save.calls.length === 0 || snapshot.context.alert !== null || Object.keys(selectProfileErrors(snapshot)).length > 0 || !selectProfileDirty(snapshot))
      rule('goes back only after a save, to where the player came from', sut.returned.every((to) => to === input.returnTo))
      expect(broken).toEqual([])
    },
  })

describeModel(
  'profileSettingsMachine',
  { 'a player': harnessFor({ identityLocked: false, returnTo: null }), 'a verified player sent to fill in details': harnessFor({ identityLocked: true, returnTo: '/cashier/withdrawal' }) },
  // A verified player's US list (country and birth date) has nothing to edit: the first set-up reaches saving.
  { minShortestPaths: { 'a player': 12, 'a verified player sent to fill in details': 1 }, reach: 'together' },
)

describe('profileSettingsMachine: what the form does', () => {
  it('a new country brings its list, keeps the names typed and moves the region to a choice it has', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, profile: US_PROFILE, fields: US_FIELDS })
    await flush()
    expect(selectShownFields(sut.ref.getSnapshot()).map((f) => f.sysname)).toEqual(['country_code', 'birth_date'])
    sut.ref.send({ type: 'profile.field.change', name: 'first_name', value: 'Lupe' })
    sut.ref.send({ type: 'profile.country.change', countryCode: 'mx' })
    expect(sut.fields.calls.at(-1)).toEqual({ countryCode: 'MX' })
    sut.fields.resolve({ ok: true, fields: MX_FIELDS })
    await flush()
    const values = selectProfileValues(sut.ref.getSnapshot())
    expect(values).toMatchObject({ country_code: 'MX', first_name: 'Lupe', region: 'CMX' })
    sut.ref.send({ type: 'profile.submit' })
    expect(sut.save.calls.at(-1)).toEqual({ country_code: 'MX', first_name: 'Lupe', region: 'CMX' })
  })

  it('refuses an under-18 birth date and a missing required name before sending, then puts the server’s reasons on their fields', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, profile: US_PROFILE, fields: US_FIELDS })
    await flush()
    sut.ref.send({ type: 'profile.country.change', countryCode: 'DE' })
    sut.fields.resolve({ ok: true, fields: DE_FIELDS })
    await flush()
    sut.ref.send({ type: 'profile.field.change', name: 'birth_date', value: '01.01.2020' })
    sut.ref.send({ type: 'profile.submit' })
    expect(Object.keys(selectProfileErrors(sut.ref.getSnapshot())).sort()).toEqual(['birth_date', 'first_name', 'last_name'])
    expect(sut.save.calls).toEqual([])
    sut.ref.send({ type: 'profile.field.change', name: 'birth_date', value: '01.01.1990' })
    sut.ref.send({ type: 'profile.field.change', name: 'first_name', value: 'Anna' })
    sut.ref.send({ type: 'profile.field.change', name: 'last_name', value: 'Müller' })
    sut.ref.send({ type: 'profile.submit' })
    sut.save.resolve(refusedLastName)
    await flush()
    expect(selectProfileErrors(sut.ref.getSnapshot()).last_name).toMatchObject({ messageId: 'required' })
    expect(selectProfileValues(sut.ref.getSnapshot())).toMatchObject({ first_name: 'Anna', last_name: 'Müller', birth_date: '01.01.1990' })
    sut.ref.send({ type: 'profile.submit' })
    sut.save.resolve(unavailable)
    await flush()
    expect(selectProfileAlert(sut.ref.getSnapshot())).toBe('saveFailed')
    expect(selectProfileDirty(sut.ref.getSnapshot())).toBe(true)
  })

  it('a verified player’s identity stays; a server that says so anyway is shown on the field; a save goes back', async () => {
    const sut = startSut({ identityLocked: true, returnTo: '/cashier/withdrawal' })
    sut.load.resolve({ ok: true, profile: { ...US_PROFILE, first_name: 'Jo' }, fields: [...DE_FIELDS, { sysname: 'address', is_visible: true, is_required: false, type: 'input', options: {} }] })
    await flush()
    expect(isLocked('first_name', true, { ...selectProfileValues(sut.ref.getSnapshot()), first_name: 'Jo' })).toBe(true)
    sut.ref.send({ type: 'profile.field.change', name: 'first_name', value: 'Joe' })
    sut.ref.send({ type: 'profile.country.change', countryCode: 'MX' })
    expect(selectProfileValues(sut.ref.getSnapshot())).toMatchObject({ first_name: 'Jo', country_code: 'US' })
    sut.ref.send({ type: 'profile.field.change', name: 'address', value: 'Main St 1' })
    sut.ref.send({ type: 'profile.submit' })
    // The US profile has no last name: the form asks before sending.
    expect(sut.save.calls).toEqual([])
    expect(selectProfileErrors(sut.ref.getSnapshot()).last_name).toBeDefined()
    sut.ref.send({ type: 'profile.reset' })
    expect(selectProfileValues(sut.ref.getSnapshot()).address).toBe('')
    expect(lockedName.ok).toBe(false)
    expect(sut.returned).toEqual([])
  })

  it('a save announces where to go back to', async () => {
    const sut = startSut({ identityLocked: false, returnTo: '/cashier/withdrawal' })
    sut.load.resolve({ ok: true, profile: US_PROFILE, fields: US_FIELDS })
    await flush()
    sut.ref.send({ type: 'profile.field.change', name: 'birth_date', value: '06.04.1990' })
    sut.ref.send({ type: 'profile.submit' })
    sut.save.resolve({ ok: true })
    await flush()
    expect(sut.returned).toEqual(['/cashier/withdrawal'])
    expect(selectProfileAlert(sut.ref.getSnapshot())).toBe('saved')
  })
})
