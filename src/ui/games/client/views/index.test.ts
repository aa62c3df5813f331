import { describe, expect, it } from 'vitest'
import { ROUND_KINDS } from '../../../../shared/games/kinds'
import { kindsWithViews, VIEW_FILES, viewLoader } from './index'

describe('the views registry', () => {
  it('names a view file for every kind a title can play alone', () => {
    expect(Object.keys(VIEW_FILES).sort()).toEqual([...ROUND_KINDS].sort())
    expect(VIEW_FILES.line_slot).toBe('./line-slot.tsx')
    expect(VIEW_FILES.video_poker).toBe('./video-poker.tsx')
  })

  it('loads the views this build has, and none for a kind without one', async () => {
    expect(kindsWithViews()).toEqual(expect.arrayContaining(['dice', 'limbo', 'wheel', 'keno', 'plinko', 'line_slot']))
    const dice = await viewLoader('dice')!()
    expect(typeof dice.default).toBe('function')
    expect(viewLoader('crash')).toBeNull()
    expect(viewLoader('cluster_slot')).toBeNull()
  })
})
