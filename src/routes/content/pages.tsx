import { useLoaderData } from 'react-router'
import { css } from 'styled-system/css'
import type { ContentPage } from '../../services/api/contract/content'

const article = css({ maxW: '720px', mx: 'auto', py: '8', px: '4', display: 'grid', gap: '4' })
const heading = css({ textStyle: 'display' })

export function ContentPageView() {
  const page = useLoaderData() as ContentPage
  return (
    <article className={article} data-testid="content-page">
      <h1 className={heading}>{page.title}</h1>
      {page.body.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </article>
  )
}
