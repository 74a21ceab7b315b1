import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import RichTextEditor from './index'
import RichText from './RichText'
import { hasText, safeHtml } from './html'

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial)
  return (
    <RichTextEditor
      aria-label="会议记录"
      value={value}
      onChange={(v) => {
        seen.push(v)
        setValue(v)
      }}
    />
  )
}

describe('RichTextEditor', { timeout: 20_000 }, () => {
  it('loads on demand, shows the value formatted and turns a paragraph into a list and a heading', async () => {
    const seen: string[] = []
    renderWithApp(<Harness initial="<p>一、<strong>学习</strong></p>" seen={seen} />)
    const box = await screen.findByRole('textbox', { name: '会议记录' })
    expect(box.innerHTML).toContain('<strong>学习</strong>')
    fireEvent.click(screen.getByRole('button', { name: '编号列表' }))
    await waitFor(() => expect(seen.at(-1)).toBe('<ol><li><p>一、<strong>学习</strong></p></li></ol>'))
    fireEvent.click(screen.getByRole('button', { name: '编号列表' }))
    await waitFor(() => expect(seen.at(-1)).toBe('<p>一、<strong>学习</strong></p>'))
    expect(screen.getByRole('button', { name: '撤销' })).toBeTruthy()
  })
})

describe('rich text shown', () => {
  it('keeps the formatting and drops scripts, handlers and link targets', () => {
    const html = safeHtml(
      '<h2 onclick="x()">题</h2><p>a<strong>b</strong><em>c</em><u>d</u><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">链</a></p><ul><li>e</li></ul>',
    )
    expect(html).toBe('<h2>题</h2><p>a<strong>b</strong><em>c</em><u>d</u>链</p><ul><li>e</li></ul>')
    expect(hasText('<p></p>')).toBe(false)
    expect(hasText('<p> 一 </p>')).toBe(true)
  })

  it('says so when there is nothing', () => {
    renderWithApp(<RichText html="<script>alert(1)</script>" />)
    expect(screen.getByText('未记录')).toBeTruthy()
  })
})
