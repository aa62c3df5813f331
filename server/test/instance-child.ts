import { main } from '../main'

/**
 * For instances.test.ts: one server instance as server/main.ts starts it (settings from the
 * environment, migrations, jobs, SIGTERM handling), serving the API without pages, so the test
 * needs no client build.
 */
void main({ dev: false, pages: false })
