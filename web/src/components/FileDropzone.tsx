import { InboxOutlined } from '@ant-design/icons'
import { Upload } from 'antd'
import type { ReactNode } from 'react'

interface Props {
  file: File | null
  /** The chosen file, or null when it is removed. */
  onChange: (file: File | null) => void
  /** Refuses a file before it is taken (says why itself); true keeps it. */
  check?: (file: File) => boolean
  accept?: string
  disabled?: boolean
  text: string
  hint?: ReactNode
}

/** Picks one file to send later (nothing uploads on drop): the dialogs upload it on their own button. */
export default function FileDropzone({ file, onChange, check, accept, disabled, text, hint }: Props) {
  return (
    <Upload.Dragger
      accept={accept}
      maxCount={1}
      disabled={disabled}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      beforeUpload={(f) => {
        if (check && !check(f)) return Upload.LIST_IGNORE
        onChange(f)
        return false
      }}
      onRemove={() => onChange(null)}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{text}</p>
      {hint && <p className="ant-upload-hint">{hint}</p>}
    </Upload.Dragger>
  )
}
