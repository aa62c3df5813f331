import { Struct } from 'superstruct'
import { callPath, type CallDef } from '../../src/services/api/contract/define'

// Every call of the contract, found by reading the contract's files: a new call is in a test that
// uses this list without anyone adding it there. Vitest only (import.meta.glob).

const contractModules = import.meta.glob<Record<string, unknown>>(['../../src/services/api/contract/*.ts', '!../../src/services/api/contract/*.test.ts'], {
  eager: true,
})

function isCallDef(value: unknown): value is CallDef<unknown, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<CallDef<unknown, unknown>>
  return typeof v.area === 'string' && typeof v.name === 'string' && (v.method === 'GET' || v.method === 'POST') && v.request instanceof Struct
}

/** The contract's calls, each once, by path. */
export const CONTRACT_CALLS: readonly CallDef<unknown, unknown>[] = [
  ...new Map(
    Object.values(contractModules)
      .flatMap((module) => Object.values(module))
      .filter(isCallDef)
      .map((call) => [callPath(call), call] as const),
  ).values(),
].sort((a, b) => callPath(a).localeCompare(callPath(b)))
