import { Button, Form, Input, Modal, Progress } from 'antd'
import { useState } from 'react'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import FileDropzone from '@/components/FileDropzone'
import { uploadFile } from '../service'

const LABEL = /^[A-Za-z0-9_\-\p{Script=Han}]{0,50}$/u
const LABEL_MESSAGE = '只能包含字母、数字、汉字、下划线和连字符，不超过50个字符'

interface Values {
  moduleName?: string
  tag?: string
}

/** Upload one file with an optional module and tag, showing the progress. */
export default function UploadDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const [file, setFile] = useState<File | null>(null)
  const [percent, setPercent] = useState<number | null>(null)

  const start = async () => {
    if (!file) {
      ui.message.warning('请选择要上传的文件')
      return
    }
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setPercent(0)
    try {
      await uploadFile(file, { moduleName: v.moduleName?.trim(), tag: v.tag?.trim(), onProgress: setPercent })
      ui.message.success('上传成功')
      onDone()
      onClose()
    } catch {
      /* e.g. 文件类型不允许, shown by the request pipeline */
    } finally {
      setPercent(null)
    }
  }

  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title="上传文件"
      width={560}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={percent !== null}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={percent !== null} onClick={start}>
          上传
        </Button>,
      ]}
    >
      <Form form={form} labelCol={{ span: 4 }} style={{ marginTop: 16 }}>
        <Form.Item label="模块" name="moduleName" rules={[{ pattern: LABEL, message: LABEL_MESSAGE }]}>
          <Input placeholder="可不填，如 school" />
        </Form.Item>
        <Form.Item label="标签" name="tag" rules={[{ pattern: LABEL, message: LABEL_MESSAGE }]}>
          <Input placeholder="可不填" />
        </Form.Item>
      </Form>
      <FileDropzone
        file={file}
        onChange={setFile}
        disabled={percent !== null}
        text="点击或拖动文件到此处"
        hint="允许的类型和大小见系统配置（uploadAllowedExt、uploadMaxMB）"
      />
      {percent !== null && <Progress percent={percent} style={{ marginTop: 12 }} />}
    </Modal>
  )
}
