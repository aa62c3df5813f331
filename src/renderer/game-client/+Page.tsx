// Vike loads its client runtime only for pages that have a Page. The render hooks beside this file
// draw the game client themselves (its shell is a lazy chunk of its own), so nothing renders this.
export default function GameClientEntry() {
  return null
}
