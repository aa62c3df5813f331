import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, frameAncestorsFor, isGameClientPath } from './security'

const PARTNER = 'https://partner.example'

describe('who may frame the game client (docs/games.md#the-game-client)', () => {
  it('is our own site only, whatever FRAME_ALLOWLIST says', () => {
    for (const url of ['/platform/game/dice-classic/play', '/platform/game/aurora-lanterns/play?locale=de&mode=fun', '/platform/game/nope/play']) {
      expect(isGameClientPath(url), url).toBe(true)
      expect(contentSecurityPolicy('n', frameAncestorsFor(url, [PARTNER]))).toContain("frame-ancestors 'self';")
    }
  })

  it('leaves the /forms allowlist and every other page as they were', () => {
    expect(frameAncestorsFor('/forms/sign_in', [PARTNER])).toEqual([PARTNER])
    expect(frameAncestorsFor('/es/forms/sign_up', [PARTNER])).toEqual([PARTNER])
    for (const url of ['/', '/game/sample-game', '/platform/game/x', '/platform/game/x/playing', '/platform/wallet/acme/credit']) {
      expect(isGameClientPath(url), url).toBe(false)
      expect(frameAncestorsFor(url, [PARTNER]), url).toEqual([])
    }
  })
})
