import '../../ui/index.css'
import { hydrateRoot } from 'react-dom/client'
import { createI18n, loadMessages, setCatalogLocale } from '../../services/i18n/i18n'
import { pageInspection } from '../page-inspection'
import { yieldToMain } from '../yield'
import { GAME_STATE_ID, type GameState } from './game-state'

/**
 * The game client in the browser: its locale's catalog, the page's inspection (the inspector with
 * ?inspect=1, the journeys' flow coverage) and the shell's own chunk, then hydration. None of the
 * site's app (router, root actor, chrome) is loaded here.
 */
export async function onRenderClient() {
  await yieldToMain()
  const script = document.getElementById(GAME_STATE_ID)
  if (!script?.textContent) return
  const state = JSON.parse(script.textContent) as GameState
  // Lazy chunks bring their messages in this locale before they run (src/services/i18n/i18n.ts).
  setCatalogLocale(state.locale)
  const messages = loadMessages(state.locale)
  const inspect = pageInspection(state.appEnv)
  const { GameClientPage } = await import('../../ui/games/client/GameClientPage')
  const i18n = createI18n(state.locale, await messages)
  const observer = await inspect
  await yieldToMain()
  hydrateRoot(document.getElementById('root')!, <GameClientPage i18n={i18n} title={state.title} mode={state.mode} inSite={state.inSite === true} inspect={observer} />)
}
