import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import ApiDocPage, { DOC_JSON, DOC_PAGE } from './index'

describe('monitor/apidoc', () => {
  it('shows the documentation page in a frame and offers it in a tab and as a download', () => {
    render(<ApiDocPage />)
    expect(screen.getByTitle('接口文档').getAttribute('src')).toBe(DOC_PAGE)
    expect(screen.getByRole('link', { name: /新窗口打开/ }).getAttribute('href')).toBe(DOC_PAGE)
    const download = screen.getByRole('link', { name: /下载 OpenAPI 文档/ })
    expect(download.getAttribute('href')).toBe(DOC_JSON)
    expect(download.getAttribute('download')).toBe('zhdj-openapi.json')
  })
})
