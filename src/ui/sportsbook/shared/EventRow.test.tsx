// @vitest-environment happy-dom
// A row of the board: a live event shows its clock; one that ended while the list was shown keeps
// its place and its score, says so where the clock was, and its prices can no longer be taken.
import { setupI18n } from '@lingui/core'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { quietAppMachine } from '../../../machines/app/app/app.testing'
import { sampleEvent } from '../../../machines/sportsbook/board/board.samples'
import { applyChange } from '../../../machines/sportsbook/live.rules'
import { VISITOR } from '../../../services/api/contract/account'
import type { SbEventSummary } from '../../../services/api/contract/sportsbook'
import { AppProviders } from '../../app/AppProviders'
import { EventRow } from './EventRow'

afterEach(cleanup)

function show(events: SbEventSummary[]) {
  const app = createActor(quietAppMachine({}), { input: { account: VISITOR, locale: 'en', theme: 'dark' } }).start()
  render(
    <AppProviders i18n={setupI18n({ locale: 'en', messages: { en: {} } })} actor={app}>
      <MemoryRouter>
        <ul>
          {events.map((e) => (
            <EventRow key={e.id} event={e} flashes={{}} />
          ))}
        </ul>
      </MemoryRouter>
    </AppProviders>,
  )
}

describe('an event row', () => {
  it('shows an event that ended in its place: final score, "Ended" for the clock, its prices locked', () => {
    const live = sampleEvent('1', true)
    const ended = applyChange(live, { id: '1', version: 9, status: 'ended', suspended: true, live: { ...live.live!, period: 'ended', running: false }, prices: [], markets: [] }, {})
    show([ended, sampleEvent('2', true)])
    const [first, second] = screen.getAllByTestId('sb-event-row')
    expect(first!.dataset.status).toBe('ended')
    expect(first!.querySelector('[data-testid=sb-ended-label]')?.textContent).toBe('Ended')
    expect(first!.querySelector('[data-testid=sb-clock]')).toBeNull()
    expect(first!.querySelector('[data-testid=sb-score-home]')?.textContent).toBe(String(live.live!.score.home))
    const prices = [...first!.querySelectorAll<HTMLElement>('[data-testid=sb-price]')]
    expect(prices).toHaveLength(live.main!.outcomes.length)
    for (const price of prices) expect(price.dataset.locked).toBe('true')
    expect(second!.querySelector('[data-testid=sb-clock]')).not.toBeNull()
    expect(second!.querySelector('[data-testid=sb-ended-label]')).toBeNull()
  })
})
