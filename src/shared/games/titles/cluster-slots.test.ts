import { describe, expect, it } from 'vitest'
import { volatilityClass } from '../payouts'
import { validateClusterSlotRules } from '../engines/cluster-slot'
import { CLUSTER_SLOT_TITLES, clusterRulesFingerprint, clusterWinBin, clusterWinEdges } from './cluster-slots'
import { LINE_SLOT_TITLES } from './line-slots'

describe('cluster slot titles', () => {
  it('two titles: valid rules, texts and symbol names in four languages, bets per currency', () => {
    expect(CLUSTER_SLOT_TITLES).toHaveLength(2)
    const sysnames = [...CLUSTER_SLOT_TITLES, ...LINE_SLOT_TITLES].map((t) => t.sysname)
    expect(new Set(sysnames).size).toBe(sysnames.length)
    for (const t of CLUSTER_SLOT_TITLES) {
      expect(t.sysname).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(['northlight', 'redfox', 'tidewater']).toContain(t.studio)
      expect(t.type).toBe('slots')
      expect(validateClusterSlotRules(t.rules), t.sysname).toBeNull()
      expect(Object.keys(t.symbolNames).sort()).toEqual(t.rules.symbols.map((s) => s.id).sort())
      for (const lang of ['en', 'es', 'pt', 'de'] as const) {
        expect(t.text[lang].title.length, `${t.sysname} ${lang}`).toBeGreaterThan(0)
        expect(t.text[lang].description.length, `${t.sysname} ${lang}`).toBeGreaterThan(20)
        for (const [id, names] of Object.entries(t.symbolNames)) expect(names[lang].length, `${t.sysname} ${id} ${lang}`).toBeGreaterThan(0)
      }
      for (const c of ['EUR', 'USD', 'GBP'] as const) {
        const { min, max } = t.bets[c]
        expect(Number.isInteger(min) && Number.isInteger(max) && min > 0 && min < max, `${t.sysname} ${c}`).toBe(true)
      }
    }
  })

  it('the stated figures are what the simulation gave: the RTP to 0.01 % inside its 99 % interval, bins adding up to the rounds, the RTP, the hit frequency', () => {
    for (const t of CLUSTER_SLOT_TITLES) {
      const f = t.figures
      expect(f.method).toBe('simulation')
      // The figures were measured on these very rules: edit a pay, a weight or a multiplier and run
      // the simulation again (bench/games-sim.ts prints the new figures and fingerprint).
      expect(clusterRulesFingerprint(t.rules), `${t.sysname}: rules changed since the simulation`).toBe(f.rulesFingerprint)
      expect(f.rounds, t.sysname).toBeGreaterThanOrEqual(100_000_000)
      expect(f.rtp).toBeGreaterThanOrEqual(0.955)
      expect(f.rtp).toBeLessThanOrEqual(0.975)
      // The interval is the mean ± 2.5758 standard errors: its centre is the unrounded mean.
      const centre = (f.rtp99[0] + f.rtp99[1]) / 2
      expect(Math.abs(centre - f.rtp), t.sysname).toBeLessThanOrEqual(0.00005 + 0.00001)
      expect((f.rtp99[1] - f.rtp99[0]) / 2).toBeCloseTo((2.5758 * f.sd) / Math.sqrt(f.rounds), 4)
      expect(volatilityClass(f.sd), t.sysname).toBe(f.volatility)
      const edges = clusterWinEdges(t.rules.maxWin)
      let rounds = 0
      let sum = 0
      f.winBins.forEach((b, i) => {
        expect(edges, `${t.sysname} bin ${b.upTo}`).toContain(b.upTo)
        if (i > 0) expect(b.upTo).toBeGreaterThan(f.winBins[i - 1]!.upTo)
        // Each bin's mean lies inside the bin.
        expect(clusterWinBin(edges, b.mean), `${t.sysname} bin ${b.upTo}`).toBe(edges.indexOf(b.upTo))
        rounds += b.rounds
        sum += b.rounds * b.mean
      })
      expect(rounds).toBe(f.rounds)
      expect(Math.abs(sum / rounds - f.rtp), t.sysname).toBeLessThanOrEqual(0.0001)
      expect(f.winBins[0]!.upTo).toBe(0)
      expect(1 - f.winBins[0]!.rounds / rounds).toBeCloseTo(f.hitFrequency, 5)
    }
  })

  it('the fingerprint sees any change of the rules, and not the order keys are written in', () => {
    const rules = CLUSTER_SLOT_TITLES[0]!.rules
    const fingerprint = clusterRulesFingerprint(rules)
    expect(fingerprint).toMatch(/^[0-9a-f]{14}$/)
    const reordered = Object.fromEntries(Object.entries(rules).reverse()) as unknown as typeof rules
    expect(Object.keys(reordered)[0]).toBe('maxWin')
    expect(clusterRulesFingerprint(reordered)).toBe(fingerprint)
    expect(clusterRulesFingerprint({ ...rules, maxWin: rules.maxWin + 1 })).not.toBe(fingerprint)
    const symbols = rules.symbols.map((s, i) => (i === 0 ? { ...s, pays: [s.pays[0]! + 0.01, ...s.pays.slice(1)] } : s))
    expect(clusterRulesFingerprint({ ...rules, symbols })).not.toBe(fingerprint)
  })
})
