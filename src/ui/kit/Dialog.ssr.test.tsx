import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { Dialog } from './Dialog'
import { Curtain } from './Curtain'

// Runs in the node environment: there is no document, so touching it would throw.
describe('modals on the server', () => {
  it('render nothing and do not touch document', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <main>
          <Dialog open title="Confirm" onClose={() => {}}>
            Body
          </Dialog>
          <Curtain open title="Menu" onClose={() => {}} />
        </main>
      </I18nProvider>,
    )
    expect(typeof document).toBe('undefined')
    expect(html).toBe('<main></main>')
  })
})
