import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import PrintLayout from './PrintLayout'
import { PRINT_ANCESTORS, PRINT_AROUND } from './printStyles'

const sheet = () => document.querySelector('.print-layout style')?.textContent ?? ''

afterEach(() => vi.restoreAllMocks())

describe('PrintLayout', () => {
  it('lays out title, meta lines, body and the signature block', () => {
    render(
      <PrintLayout
        title="入党积极分子考察登记表"
        meta={[
          { label: '姓名', value: '张三' },
          { label: '所在支部', value: '计算机学院第一党支部' },
        ]}
        signatures={[{ label: '党支部（盖章）' }, { label: '日期', value: '2026年3月1日' }]}
      >
        <p>该同志入党动机端正。</p>
      </PrintLayout>,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('入党积极分子考察登记表')
    const meta = [...document.querySelectorAll('.print-meta > div')].map((d) => d.textContent)
    expect(meta).toEqual(['姓名：张三', '所在支部：计算机学院第一党支部'])
    expect(document.querySelector('.print-body')?.textContent).toBe('该同志入党动机端正。')
    const signatures = [...document.querySelectorAll('.print-signatures > div')].map((d) => d.textContent)
    expect(signatures).toEqual(['党支部（盖章）：', '日期：2026年3月1日'])
  })

  it('prints A4 at the given margins, without the app around it or its own buttons', () => {
    render(
      <PrintLayout title="t" margin="25mm 20mm" actions={<button type="button">关闭</button>}>
        x
      </PrintLayout>,
    )
    expect(sheet()).toContain('@page { size: A4; margin: 25mm 20mm; }')
    expect(sheet()).toContain(`@media print {\n  ${PRINT_AROUND} { display: none !important; }\n  ${PRINT_ANCESTORS} {`)
    expect(sheet()).toContain('.print-layout .print-hide { display: none !important; }')
    // The toolbar with 打印 and the extra actions is what print hides.
    const toolbar = screen.getByRole('button', { name: /打\s*印/ }).closest('.print-hide')
    expect(toolbar).not.toBeNull()
    expect(toolbar?.contains(screen.getByRole('button', { name: '关闭' }))).toBe(true)
    expect(document.querySelector('.print-paper .print-hide')).toBeNull()
  })

  it('in print removes the app around the layout and keeps the layout whole', () => {
    render(
      <div id="shell">
        <nav id="sider">菜单</nav>
        <main id="main">
          <div id="crumbs">首页 / 党员发展</div>
          <PrintLayout title="t">
            <p id="body">x</p>
          </PrintLayout>
          <div id="below">列表</div>
        </main>
      </div>,
    )
    const modal = document.body.appendChild(document.createElement('div'))
    modal.id = 'modal'
    const ids = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.id).filter(Boolean)
    expect(ids(PRINT_AROUND)).toEqual(['sider', 'crumbs', 'below', 'modal'])
    expect(ids(PRINT_ANCESTORS)).toEqual(['shell', 'main'])
    modal.remove()
  })

  it('omits empty meta and signature blocks and uses default margins', () => {
    render(<PrintLayout title="通知">正文</PrintLayout>)
    expect(document.querySelector('.print-meta')).toBeNull()
    expect(document.querySelector('.print-signatures')).toBeNull()
    expect(sheet()).toContain('@page { size: A4; margin: 20mm 18mm; }')
  })

  it('打印 prints the window the layout is in', () => {
    const print = vi.fn()
    window.print = print
    render(<PrintLayout title="t">x</PrintLayout>)
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('prints the window whose document holds the layout (a new window, when rendered there)', () => {
    const own = vi.fn()
    window.print = own
    render(<PrintLayout title="新窗口">x</PrintLayout>)
    // Stands for a layout rendered into window.open()'s document: happy-dom loads no second window.
    const print = vi.fn()
    const pass = <T extends object>(target: T, over: Record<PropertyKey, unknown>) =>
      new Proxy(target, {
        get: (t, k) => {
          if (k in over) return over[k]
          const v: unknown = Reflect.get(t, k, t)
          return typeof v === 'function' ? v.bind(t) : v
        },
      })
    const other = pass(document, { defaultView: pass(window, { print }) })
    Object.defineProperty(document.querySelector('.print-layout')!, 'ownerDocument', { value: other })
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }))
    expect(print).toHaveBeenCalledTimes(1)
    expect(own).not.toHaveBeenCalled()
  })
})
