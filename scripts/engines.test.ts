import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }> }
type Manifest = { engines: { node: string } }

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Manifest
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as Lock

// A fresh `npm install` warns (EBADENGINE) for every package in the tree that refuses the Node
// version the README promises; every machine and CI run Node 20.
describe('the dependency tree and the Node version the README promises', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version

  it('declares Node 20', () => {
    expect(semver.major(oldest)).toBe(20)
  })

  it(`has no package that refuses Node ${oldest} or the Node running the tests`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined
        if (!range) return []
        const ok = semver.satisfies(oldest, range, { includePrerelease: true }) && semver.satisfies(process.version, range, { includePrerelease: true })
        return ok ? [] : [`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${range}`]
      })
    expect(refusing).toEqual([])
  })
})
