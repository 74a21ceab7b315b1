import { DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Modal, Progress, Space, Table } from 'antd'
import { isAxiosError } from 'axios'
import { useState } from 'react'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import FileDropzone from '@/components/FileDropzone'
import { downloadTemplate, importUsers } from '../service'
import type { ImportResult, ImportRowError } from '../types'
import InitialPasswordDialog from './InitialPasswordDialog'

interface Props {
  onClose: () => void
  onDone: () => void
}

/** The `errors` list of a rejected import, if the answer carries one. */
export function importErrors(error: unknown): ImportRowError[] | null {
  if (!isAxiosError(error) || error.response?.status !== 400) return null
  const errors = (error.response.data as { errors?: unknown } | undefined)?.errors
  return Array.isArray(errors) ? (errors as ImportRowError[]) : null
}

/**
 * Import users from the xlsx template. The server imports all rows or none: on a 400 with
 * `errors` nothing was written and every problem is listed here by row and column.
 */
export default function ImportDialog({ onClose, onDone }: Props) {
  const [file, setFile] = useState<File | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const [errors, setErrors] = useState<ImportRowError[] | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [showPasswords, setShowPasswords] = useState(false)
  const busy = percent !== null

  const start = async () => {
    if (!file) return
    setErrors(null)
    setResult(null)
    setPercent(0)
    try {
      const r = await importUsers(file, setPercent)
      setResult(r)
      setShowPasswords((r.passwords ?? []).length > 0)
      ui.message.success(`导入成功：新增 ${r.created} 人，更新 ${r.updated} 人`)
      onDone()
    } catch (e) {
      setErrors(importErrors(e))
    } finally {
      setPercent(null)
    }
  }

  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title="导入用户"
      width={720}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{result ? '关闭' : '取消'}</Button>
          <Button type="primary" disabled={!file} loading={busy} onClick={start}>
            开始导入
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Alert
          type="info"
          showIcon
          title="请按模板填写后上传。导入时全部行一起校验，有任何错误都不会导入任何数据；新导入的账号为未激活状态，可在“未激活账号”中批量激活。"
        />
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate().catch(() => undefined)}>
          下载导入模板
        </Button>
        <FileDropzone
          file={file}
          accept=".xlsx"
          disabled={busy}
          check={(f) => {
            if (/\.xlsx$/i.test(f.name)) return true
            ui.message.error('请上传 .xlsx 格式的文件')
            return false
          }}
          onChange={(f) => {
            setFile(f)
            setErrors(null)
            if (f) setResult(null)
          }}
          text="点击或拖动 .xlsx 文件到此处"
        />
        {busy && <Progress percent={percent} />}
        {result && <Alert type="success" showIcon title={`导入完成：新增 ${result.created} 人，更新 ${result.updated} 人`} />}
        {result && showPasswords && (
          <InitialPasswordDialog title="新账号的初始密码" accounts={result.passwords} onClose={() => setShowPasswords(false)} />
        )}
        {errors && (
          <>
            <Alert type="error" showIcon title={`文件中有 ${errors.length} 处错误，本次没有导入任何数据。请修改后重新上传。`} />
            <Table<ImportRowError>
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '列', dataIndex: 'column', width: 140, render: (c: string) => c || '—' },
                { title: '问题', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  )
}
