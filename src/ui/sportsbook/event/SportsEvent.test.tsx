// @vitest-environment happy-dom
// The event page as a visitor meets it: the markets grouped under their sport's names, outcomes
// named from the teams, a group folding away, a live change moving a price and locking a market.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import { sampleFullEvent } from '../../../machines/sportsbook/board/board.samples'
import { sbEventMachine } from '../../../machines/sportsbook/event/event.machine'
import type { SbEventEvent } from '../../../machines/sportsbook/event/event.types'
import { parseChange } from '../../../machines/sportsbook/live.rules'
import { VISITOR } from '../../../services/api/contract/account'
import type { SbEvent } from '../../../services/api/contract/sportsbook'
import { AppProviders } from '../../app/AppProviders'
import { SportsEvent } from './SportsEvent'

const listeners = new Map<string, (data: unknown) => void>()
// The event's topic as a test hands it messages: the flow's own parsing and rules, no socket.
const machine = sbEventMachine.provide({
  actors: {
    followEvent: fromCallback<SbEventEvent, { id: string }>(({ input, sendBack }) => {
      const topic = `sb.event.${input.id}`
      listeners.set(topic, (data) => {
        const change = parseChange(data)
        if (change) sendBack({ type: 'event.live', change })
      })
      return () => listeners.delete(topic)
    }),
  },
})

afterEach(() => {
  cleanup()
  listeners.clear()
})

function show(event: SbEvent) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  const app = createActor(appMachine, { input: { account: VISITOR, locale: 'en', theme: 'dark' } }).start()
  const router = createMemoryRouter([{ path: '/betting/event/:id', element: <SportsEvent id={event.id} data={{ event }} machine={machine} /> }], { initialEntries: [`/betting/event/${event.id}`] })
  render(
    <AppProviders i18n={i18n} actor={app}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </AppProviders>,
  )
}

describe('the sportsbook event page', () => {
  it('groups the markets under their names, names outcomes from the teams, and folds a group away', () => {
    show(sampleFullEvent('7'))
    expect(screen.getByTestId('sb-event').dataset.state).toBe('event.event')
    const result = screen.getByRole('button', { name: /Match result/ })
    const totals = screen.getByRole('button', { name: /Total goals/ })
    expect(totals.getAttribute('aria-expanded')).toBe('true')
    const group = screen.getAllByTestId('sb-market')[0]!
    expect(within(group).getByText('Draw')).toBeTruthy()
    expect(screen.getByText('Over 2.5')).toBeTruthy()
    fireEvent.click(result)
    expect(result.getAttribute('aria-expanded')).toBe('false')
    expect(within(group).getByTestId('sb-market-body').hidden).toBe(true)
  })

  it('moves a price with its direction, locks a suspended market, and shows the final score at the end', () => {
    show(sampleFullEvent('7'))
    act(() => listeners.get('sb.event.7')!({ id: '7', version: 2, status: 'live', suspended: false, live: { score: { home: 2, away: 0 }, period: 'second_half', seconds: 3000, running: true }, prices: [{ id: '710', market: 'match_result', outcome: 'home', price: 2600 }], markets: [{ market: 'total:2.5', status: 'suspended' }] }))
    const moved = screen.getAllByTestId('sb-price').find((p) => p.dataset.price === '2600')!
    expect(moved.dataset.flash).toBe('up')
    expect(screen.getByTestId('sb-score').textContent).toBe('2 : 0')
    expect(screen.getAllByTestId('sb-market')[1]!.dataset.locked).toBe('true')
    expect(screen.getByTestId('sb-moves').textContent).toContain('1 up')
    act(() => listeners.get('sb.event.7')!({ id: '7', status: 'ended', suspended: true, live: { score: { home: 3, away: 0 }, period: 'ended', seconds: null, running: false }, prices: [], markets: [] }))
    expect(screen.getByTestId('sb-event').dataset.state).toBe('event.ended')
    expect(screen.getByTestId('sb-score').textContent).toBe('3 : 0')
    expect(screen.queryAllByTestId('sb-price')).toHaveLength(0)
  })
})
