import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { usePermissionStore } from '@/stores/permission'
import { useBarePage } from './useBarePage'

function Probe() {
  return <output>{useBarePage() ? 'bare' : 'header'}</output>
}

afterEach(() => usePermissionStore.getState().reset())

describe('pages with an external path', () => {
  it('go without the header; other pages keep it', () => {
    usePermissionStore.setState({
      routes: [
        { path: '/workbench/djjsc/zhdt', component: 'workbench/screen', top: '/workbench/djjsc', meta: { title: '综合地图', extpath: '/dv1', trail: [] } },
        { path: '/tjfx/sjjy', component: 'tjfx/sjjy', top: '/tjfx', meta: { title: '数据校验', trail: [] } },
      ],
    })
    const { unmount } = render(
      <MemoryRouter initialEntries={['/workbench/djjsc/zhdt']}>
        <Probe />
      </MemoryRouter>,
    )
    expect(screen.getByRole('status').textContent).toBe('bare')
    unmount()
    render(
      <MemoryRouter initialEntries={['/tjfx/sjjy']}>
        <Probe />
      </MemoryRouter>,
    )
    expect(screen.getByRole('status').textContent).toBe('header')
  })
})
