import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import RichTextEditor from './index'
import RichText from './RichText'
import { hasText, safeHtml } from './html'

function Harness({ initial, seen, uploadImage }: { initial: string; seen: string[]; uploadImage?: (f: File) => Promise<string> }) {
  const [value, setValue] = useState(initial)
  return (
    <RichTextEditor
      aria-label="会议记录"
      uploadImage={uploadImage}
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
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull()
  })

  it('uploads a picture and inserts it at our address; a pasted picture of another site does not enter', async () => {
    const seen: string[] = []
    const sent: File[] = []
    const upload = (f: File) => {
      sent.push(f)
      return Promise.resolve('/api/content/items/7/images/12')
    }
    renderWithApp(<Harness initial={'<p>会场</p><img src="https://tracker.example/p.png">'} seen={seen} uploadImage={upload} />)
    const box = await screen.findByRole('textbox', { name: '会议记录' })
    expect(box.innerHTML).not.toContain('tracker')
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '会场.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('选择图片'), { target: { files: [file] } })
    await waitFor(() => expect(seen.at(-1)).toContain('<img src="/api/content/items/7/images/12" alt="会场">'))
    expect(sent).toEqual([file])
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

  it('keeps our own pictures (src and alt only) and drops every other', () => {
    expect(safeHtml('<p>图<img src="/api/content/items/7/images/12" alt="会场" onerror="x()" width="9"></p>')).toBe(
      '<p>图<img src="/api/content/items/7/images/12" alt="会场" style="max-width: 100%"></p>',
    )
    for (const src of ['https://e.example/a.png', '//e.example/api/content/items/7/images/12', '/api/file/view?id=1', '/api/content/items/7/images/12?x=1', 'data:image/png;base64,AA=='])
      expect(safeHtml(`<p>a<img src="${src}">b</p>`)).toBe('<p>ab</p>')
  })

  it('says so when there is nothing', () => {
    renderWithApp(<RichText html="<script>alert(1)</script>" />)
    expect(screen.getByText('未记录')).toBeTruthy()
  })
})
