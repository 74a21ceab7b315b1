import { Button, Drawer, Space, Spin } from 'antd'
import type { ReactNode } from 'react'
import { openPrintView } from '@/app/router/print'

/** Where a record that prints as an official form goes out: its print view (pages/print/<view>) and its Word file. */
export interface DocumentOutputs {
  view: string
  params: Record<string, string | number>
  word: () => void
}

export interface DocumentDrawerProps {
  /** The title once the record is loaded, and while it loads. */
  title: ReactNode
  loadingTitle: string
  /** True until the record is there: a spinner stands for the body. */
  loading: boolean
  /** 打印 and 下载 Word; absent (not loaded, or the caller may not print): no buttons. */
  outputs?: DocumentOutputs | false
  onClose: () => void
  children?: ReactNode
}

/** The detail drawer of a record that prints as an official form (a notice, an introduction letter). */
export default function DocumentDrawer({ title, loadingTitle, loading, outputs, onClose, children }: DocumentDrawerProps) {
  return (
    <Drawer
      open
      size={720}
      title={loading ? loadingTitle : title}
      onClose={onClose}
      extra={
        !loading &&
        outputs && (
          <Space>
            <Button onClick={() => openPrintView(outputs.view, outputs.params)}>打印</Button>
            <Button onClick={outputs.word}>下载 Word</Button>
          </Space>
        )
      }
    >
      {loading ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : children}
    </Drawer>
  )
}
