import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '@/test/render'
import DocumentDrawer from './DocumentDrawer'

const opened: unknown[][] = []
vi.mock('@/app/router/print', () => ({ openPrintView: (...args: unknown[]) => opened.push(args) }))

describe('DocumentDrawer', { timeout: 20_000 }, () => {
  it('shows the loading title and a spinner, without buttons, until the record is there', () => {
    renderWithApp(
      <DocumentDrawer title="公示一" loadingTitle="公示详情" loading outputs={{ view: 'devNotice', params: { id: 7 }, word: () => undefined }} onClose={() => undefined}>
        正文
      </DocumentDrawer>,
    )
    expect(screen.getByText('公示详情')).toBeTruthy()
    expect(screen.queryByText('正文')).toBeNull()
    expect(screen.queryByRole('button', { name: /打\s*印/ })).toBeNull()
  })

  it('prints through the print view and downloads the Word file', () => {
    const word = vi.fn()
    renderWithApp(
      <DocumentDrawer title="公示一" loadingTitle="公示详情" loading={false} outputs={{ view: 'devNotice', params: { id: 7 }, word }} onClose={() => undefined}>
        正文
      </DocumentDrawer>,
    )
    expect(screen.getByText('公示一')).toBeTruthy()
    expect(screen.getByText('正文')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }))
    expect(opened).toEqual([['devNotice', { id: 7 }]])
    fireEvent.click(screen.getByRole('button', { name: /下载 Word/ }))
    expect(word).toHaveBeenCalledTimes(1)
  })

  it('has no buttons for a caller who may not print', () => {
    renderWithApp(
      <DocumentDrawer title="介绍信 2026-0001" loadingTitle="介绍信详情" loading={false} outputs={false} onClose={() => undefined}>
        正文
      </DocumentDrawer>,
    )
    expect(screen.getByText('正文')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /打\s*印/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /下载 Word/ })).toBeNull()
  })
})
