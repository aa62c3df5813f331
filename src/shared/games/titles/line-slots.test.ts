import { describe, expect, it } from 'vitest'
import { seededStream } from '../random'
import { volatilityClass } from '../payouts'
import { lineSlotFigures, playLineSlot, validateLineSlotRules } from '../engines/line-slot'
import { LINE_SLOT_TITLES } from './line-slots'

describe('line slot titles', () => {
  it('six titles: two per volatility class, three studios, four languages, bets per currency', () => {
    expect(LINE_SLOT_TITLES).toHaveLength(6)
    expect(new Set(LINE_SLOT_TITLES.map((t) => t.sysname)).size).toBe(6)
    for (const v of ['low', 'medium', 'high'] as const) expect(LINE_SLOT_TITLES.filter((t) => t.figures.volatility === v)).toHaveLength(2)
    expect(new Set(LINE_SLOT_TITLES.map((t) => t.studio))).toEqual(new Set(['northlight', 'redfox', 'tidewater']))
    for (const t of LINE_SLOT_TITLES) {
      expect(t.sysname).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(t.type).toBe('slots')
      for (const lang of ['en', 'es', 'pt', 'de'] as const) {
        expect(t.text[lang].title.length, `${t.sysname} ${lang}`).toBeGreaterThan(0)
        expect(t.text[lang].description.length, `${t.sysname} ${lang}`).toBeGreaterThan(20)
      }
      for (const c of ['EUR', 'USD', 'GBP'] as const) {
        const { min, max } = t.bets[c]
        expect(Number.isInteger(min) && Number.isInteger(max) && min > 0 && min < max, `${t.sysname} ${c}`).toBe(true)
      }
      expect(validateLineSlotRules(t.rules), t.sysname).toBeNull()
      // A trigger always pays its scatters, so the base spin's hit frequency is the round's.
      expect(t.rules.scatterPays[0]).toBeGreaterThan(0)
      expect(t.rules.reels.reduce((p, r) => p * r.length, 1)).toBe(t.figures.combinations)
      expect(t.figures.combinations).toBeLessThanOrEqual(30_000_000)
    }
  })

  it('each stated RTP lies in 95.5–97.5 % and equals the exact RTP within 0.01 %; the class fits the sd', () => {
    for (const t of LINE_SLOT_TITLES) {
      const rtp = lineSlotFigures(t.rules).rtp
      expect(t.figures.rtp).toBeGreaterThanOrEqual(0.955)
      expect(t.figures.rtp).toBeLessThanOrEqual(0.975)
      expect(Math.abs(rtp - t.figures.rtp), `${t.sysname}: exact ${rtp}`).toBeLessThanOrEqual(0.0001)
      expect(volatilityClass(t.figures.sd), t.sysname).toBe(t.figures.volatility)
    }
  })

  it('seeded play of each title lies within 4 standard errors of its exact RTP and hit frequency', () => {
    const rounds = 40_000
    LINE_SLOT_TITLES.forEach((t, i) => {
      const exact = lineSlotFigures(t.rules).rtp
      const stream = seededStream(9100 + i)
      const bet = { lines: t.rules.paylines.length }
      let sum = 0
      let hits = 0
      for (let r = 0; r < rounds; r++) {
        const m = playLineSlot(t.rules, bet, stream).multiplier
        sum += m
        if (m > 0) hits++
      }
      const z = (sum / rounds - exact) / (t.figures.sd / Math.sqrt(rounds))
      expect(Math.abs(z), `${t.sysname}: mean ${sum / rounds}, exact ${exact}`).toBeLessThanOrEqual(4)
      const h = t.figures.hitFrequency
      const zh = (hits / rounds - h) / Math.sqrt((h * (1 - h)) / rounds)
      expect(Math.abs(zh), `${t.sysname}: hit ${hits / rounds}, stated ${h}`).toBeLessThanOrEqual(4)
    })
  })
})
