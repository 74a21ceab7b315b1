import { PrinterOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useRef, type ReactNode } from 'react'
import { printCss } from './printStyles'

export interface PrintMeta {
  label: string
  value: ReactNode
}

export interface PrintSignature {
  /** e.g. 党支部（盖章）, 支部书记签字, 日期. */
  label: string
  /** Printed on the line; left blank for a hand signature. */
  value?: ReactNode
}

export interface PrintLayoutProps {
  title: ReactNode
  /** Lines under the title, two to a row (编号, 姓名, 所在支部…). */
  meta?: readonly PrintMeta[]
  /** The signature and date block at the foot of the document. */
  signatures?: readonly PrintSignature[]
  /** The page margins of @page and of the on-screen sheet (CSS length list). */
  margin?: string
  /** More buttons next to 打印 (hidden in print). */
  actions?: ReactNode
  children: ReactNode
}

/**
 * An A4 print view: title, meta lines, body, signature block, with a 打印 button. On screen it shows a sheet
 * of paper; printed, only the document (no app shell, no buttons) at the given margins. It uses no route or
 * store, so it renders in a page or into a new window's document alike (the button prints its own window).
 *
 *   <PrintLayout title="入党积极分子考察登记表" meta={[{ label: '姓名', value: m.name }]}
 *     signatures={[{ label: '党支部（盖章）' }, { label: '日期', value: '    年  月  日' }]}>
 *     <p>…</p>
 *   </PrintLayout>
 */
export default function PrintLayout({ title, meta = [], signatures = [], margin = '20mm 18mm', actions, children }: PrintLayoutProps) {
  const self = useRef<HTMLDivElement>(null)
  const print = () => (self.current?.ownerDocument.defaultView ?? window).print()

  return (
    <div className="print-layout" ref={self}>
      <style>{printCss(margin)}</style>
      <div className="print-toolbar print-hide">
        <Button type="primary" icon={<PrinterOutlined />} onClick={print}>
          打印
        </Button>
        {actions}
      </div>
      <article className="print-paper">
        <h1 className="print-title">{title}</h1>
        {meta.length > 0 && (
          <div className="print-meta">
            {meta.map((m) => (
              <div key={m.label}>
                <span className="print-meta-label">{m.label}：</span>
                {m.value}
              </div>
            ))}
          </div>
        )}
        <div className="print-body">{children}</div>
        {signatures.length > 0 && (
          <div className="print-signatures">
            {signatures.map((s) => (
              <div key={s.label}>
                {s.label}：<span className="print-signature-line">{s.value}</span>
              </div>
            ))}
          </div>
        )}
      </article>
    </div>
  )
}
