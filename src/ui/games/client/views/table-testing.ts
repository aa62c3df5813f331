// For the views' tests only: a title and rounds made by the real engines through their kinds (the
// server's own adapters), so a view is tested on exactly what the client receives, and the props
// the shell would pass, with spies. Nothing here is imported by a view.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import { createElement, type ComponentType } from 'react'
import { vi } from 'vitest'
import type { Round } from '../../../../services/api/contract/games'
import type { StudioTitle } from '../../../../shared/games/catalogue'
import { KINDS, payoutOf, type RoundKind } from '../../../../shared/games/kinds'
import { minorToMajor } from '../../../../shared/money'
import { seededStream } from '../../../../shared/games/random'
import type { GameViewProps } from './view-types'

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

export function sampleTitle(kind: RoundKind, defaultBet: unknown = {}): StudioTitle {
  return {
    sysname: `sample-${kind.replace('_', '-')}`,
    studio: 'northlight',
    kind,
    text: {
      en: { title: `Sample ${kind}`, description: '' },
      es: { title: `Sample ${kind}`, description: '' },
      pt: { title: `Sample ${kind}`, description: '' },
      de: { title: `Sample ${kind}`, description: '' },
    },
    limits: 'standard',
    rules: KINDS[kind].defaultRules,
    defaultBet,
    figures: { rtp: 0.99, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2026-01-01',
    demo: true,
  }
}

/** An engine state as a Round from the server: USD, the kind's public view, settled when finished. */
export function sampleRound(kind: RoundKind, state: unknown, options: { id?: string; stake?: number; bet?: unknown; step?: number } = {}): Round {
  const adapter = KINDS[kind]
  const stake = options.stake ?? 100
  const finished = adapter.finished(state)
  const totalStake = adapter.totalStake(state, stake)
  const multiplier = finished ? adapter.multiplier(state) : null
  return {
    id: options.id ?? '1',
    game: `sample-${kind}`,
    kind,
    mode: 'fun',
    currency: 'USD',
    status: finished ? 'settled' : 'open',
    stake: minorToMajor(BigInt(stake), 2),
    totalStake: minorToMajor(BigInt(totalStake), 2),
    payout: multiplier === null ? null : minorToMajor(payoutOf(BigInt(totalStake), multiplier), 2),
    multiplier,
    step: options.step ?? 0,
    bet: options.bet ?? {},
    state: adapter.view(state),
    actions: [],
    abandoned: false,
    createdAt: '2026-05-01T10:00:00.000Z',
    settledAt: finished ? '2026-05-01T10:00:01.000Z' : null,
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'sample', nonce: 0, serverSeed: null },
    balance: null,
  }
}

/** The first seed whose fresh state passes `wanted`: a fixture found by the engine, not written by hand. */
export function seedWhere<S>(start: (seed: number) => S, wanted: (state: S) => boolean, limit = 5000): { seed: number; state: S } {
  for (let seed = 1; seed <= limit; seed++) {
    const state = start(seed)
    if (wanted(state)) return { seed, state }
  }
  throw new Error('no seed gives the state the test wants')
}

export const streamFor = seededStream

/** Renders a view with the shell's props (spies for its callbacks); `update` re-renders with some changed. */
export function renderView(View: ComponentType<GameViewProps>, props: Partial<GameViewProps> & Pick<GameViewProps, 'title'>) {
  let current: GameViewProps = {
    round: null,
    phase: 'idle',
    bet: {},
    onBetChange: vi.fn(),
    onAction: vi.fn(),
    turbo: true,
    reducedMotion: false,
    sound: vi.fn(),
    onAnimationEnd: vi.fn(),
    formatMoney: (amount: string) => `$${amount}`,
    stake: '1.00',
    ...props,
  }
  // Plain createElement: a .ts file, so the views' lazy glob (./*.tsx) never bundles this test helper.
  const view = (p: GameViewProps) => createElement(I18nProvider, { i18n }, createElement(View, p))
  const utils = render(view(current))
  return {
    ...utils,
    get props() {
      return current
    },
    update(next: Partial<GameViewProps>) {
      current = { ...current, ...next }
      utils.rerender(view(current))
    },
  }
}
