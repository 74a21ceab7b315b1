import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Spin } from 'antd'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { downloadFile } from '@/api/file'

interface Props<R> {
  /** The record's query key; the id is added. */
  queryKey: readonly unknown[]
  fetch: (id: number) => Promise<R>
  /** Said when the address has no id (缺少…). */
  noId: string
  /** Said when the record cannot be read (gone, or outside the caller's scope). */
  missing: string
  /** The printed document of the record. */
  children: (record: R) => ReactNode
}

/** The record a print view prints, by the address's id (/print/<view>?id=): read, then printed; else why not. */
export default function PrintedRecord<R>({ queryKey, fetch, noId, missing, children }: Props<R>) {
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const q = useQuery({ queryKey: [...queryKey, id], queryFn: () => fetch(id), enabled: valid })
  if (!valid) return <Alert type="error" showIcon title={noId} style={{ margin: 24 }} />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title={missing} style={{ margin: 24 }} />
  return children(q.data)
}

/** 下载Word beside 打印: the document as a filled Word template; a failed download is said. */
export function WordButton({ url, fileName }: { url: string; fileName: string }) {
  const { message } = App.useApp()
  const download = () => downloadFile(url, undefined, fileName).catch(() => void message.error('下载失败，请稍后重试'))
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void download()}>
      下载Word
    </Button>
  )
}
