import { render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() }
const init = vi.fn((_el: HTMLElement) => chart)
vi.mock('./echarts', () => ({ init }))

import EChart from './EChart'

describe('EChart', () => {
  it('loads echarts on first use, draws the option, redraws a new one and disposes on unmount', async () => {
    const first = { series: [{ type: 'pie', data: [{ name: '正式党员', value: 5 }] }] }
    const { rerender, unmount, getByRole } = render(<EChart option={first} label="党籍状态" />)
    const box = getByRole('img', { name: '党籍状态' })
    await waitFor(() => expect(init).toHaveBeenCalledWith(box))
    expect(chart.setOption).toHaveBeenCalledWith(first)

    const second = { series: [{ type: 'pie', data: [{ name: '预备党员', value: 1 }] }] }
    rerender(<EChart option={second} label="党籍状态" />)
    expect(chart.setOption).toHaveBeenLastCalledWith(second, true)

    unmount()
    expect(chart.dispose).toHaveBeenCalledTimes(1)
  })
})
