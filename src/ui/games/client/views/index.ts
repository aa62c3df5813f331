// The per-kind views of the game client, one lazy chunk each (view-types.ts). A view file is named
// after its kind with a dash (`line_slot` → ./line-slot.tsx) and default-exports its component. The
// glob finds whichever exist, so a kind whose view is not written yet builds, and the shell shows
// that the game cannot be shown rather than failing.
import type { ComponentType } from 'react'
import { ROUND_KINDS, type RoundKind } from '../../../../shared/games/kinds'
import type { GameViewProps } from './view-types'

type ViewModule = { default?: ComponentType<GameViewProps> } & Record<string, unknown>

const modules = import.meta.glob<ViewModule>(['./*.tsx', '!./*.test.tsx'])

/** The file of each kind's view. */
export const VIEW_FILES: Readonly<Record<RoundKind, string>> = Object.fromEntries(ROUND_KINDS.map((kind) => [kind, `./${kind.replace(/_/g, '-')}.tsx`])) as Record<RoundKind, string>

/** The component a view module offers: its default export, else the one component it exports. */
function componentOf(module: ViewModule): ComponentType<GameViewProps> | null {
  if (typeof module.default === 'function') return module.default
  const functions = Object.values(module).filter((value): value is ComponentType<GameViewProps> => typeof value === 'function')
  return functions.length === 1 ? functions[0]! : null
}

/** Loads a kind's view; null when there is none for the kind (a kind the client cannot show yet). */
export function viewLoader(kind: string): (() => Promise<{ default: ComponentType<GameViewProps> }>) | null {
  const file = (VIEW_FILES as Record<string, string | undefined>)[kind]
  const load = file ? modules[file] : undefined
  if (!load) return null
  return async () => {
    const component = componentOf(await load())
    if (!component) throw new Error(`game client: ${file} exports no view component`)
    return { default: component }
  }
}

/** Kinds with a view in this build. */
export function kindsWithViews(): RoundKind[] {
  return ROUND_KINDS.filter((kind) => modules[VIEW_FILES[kind]] !== undefined)
}
