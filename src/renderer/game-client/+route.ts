// The game client (docs/games.md#the-game-client): a page of its own beside the site's catch-all
// (../+route.ts). A Route String with static segments wins over '/*', so the site never sees it.
export default '/platform/game/@sysname/play'
