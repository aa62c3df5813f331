// Vike loads its client runtime only for pages that have a Page. Ours is the provider frame both
// render hooks wrap around react-router (static on the server, browser router in the client).
export { AppProviders as default } from '../ui/app/AppProviders'
