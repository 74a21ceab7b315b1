import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Form, Input, Progress, Space, Upload } from 'antd'
import { useState } from 'react'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { createSchool, updateSchool, uploadLogo } from '../service'
import type { School, SchoolBody } from '../types'
import FileImage from './FileImage'

const CODE = /^[a-z0-9_-]{1,50}$/
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']

/** Picks an image, uploads it (POST /api/file/upload) and keeps the new file's id. */
function LogoField({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const [percent, setPercent] = useState<number | null>(null)
  return (
    <Space align="center" size="middle">
      <div style={{ width: 72, height: 72, border: '1px dashed #d9d9d9', borderRadius: 6, display: 'grid', placeItems: 'center' }}>
        {value ? <FileImage id={value} size={64} alt="学校标志" /> : <span style={{ color: '#999', fontSize: 12 }}>默认标志</span>}
      </div>
      <Space orientation="vertical" size={4}>
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!IMAGE_TYPES.includes(file.type)) {
              ui.message.error('请选择 PNG、JPG、GIF、WebP 或 BMP 图片')
              return Upload.LIST_IGNORE
            }
            return true
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setPercent(0)
            uploadLogo(file as File, setPercent).then(
              (f) => {
                setPercent(null)
                onChange?.(f.id)
                onSuccess?.(f)
                ui.message.success('图片已上传，保存后生效')
              },
              (e: Error) => {
                setPercent(null)
                onError?.(e)
              },
            )
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {value ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
        {value && (
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)} style={{ padding: 0 }}>
            使用默认标志
          </Button>
        )}
        {percent !== null && <Progress percent={percent} size="small" style={{ width: 160 }} />}
      </Space>
    </Space>
  )
}

export default function SchoolForm({ school, onClose, onDone }: { school: School | null; onClose: () => void; onDone: () => void }) {
  const submit = (v: SchoolBody) => {
    const body: SchoolBody = {
      code: v.code.trim(),
      name: v.name.trim(),
      titlePrefix: v.titlePrefix?.trim() ?? '',
      footer: v.footer ?? '',
      logoFileId: v.logoFileId ?? null,
    }
    return school ? updateSchool({ ...body, id: school.id }) : createSchool(body)
  }
  return (
    <FormDialog<SchoolBody>
      title={school ? '编辑学校' : '新增学校'}
      initialValues={school ?? { logoFileId: null }}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      width={720}
      labelSpan={4}
    >
      <Form.Item
        label="学校代码"
        name="code"
        extra="系统配置 schoolCode 按此代码选择当前学校"
        rules={[
          { required: true, whitespace: true, message: '请输入学校代码' },
          { pattern: CODE, message: '学校代码须为1-50位小写字母、数字、下划线或连字符' },
        ]}
      >
        <Input placeholder="如 default" maxLength={50} />
      </Form.Item>
      <Form.Item
        label="学校名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '请输入学校名称' },
          { max: 100, message: '学校名称不能超过100个字' },
        ]}
      >
        <Input placeholder="请输入学校名称" maxLength={100} />
      </Form.Item>
      <Form.Item label="标题前缀" name="titlePrefix" extra="显示在浏览器标题和登录页标题前" rules={[{ max: 100, message: '标题前缀不能超过100个字' }]}>
        <Input placeholder="可不填" maxLength={100} />
      </Form.Item>
      <Form.Item label="学校标志" name="logoFileId">
        <LogoField />
      </Form.Item>
      <Form.Item label="页脚" name="footer" extra="HTML，保存时会去掉脚本等不安全内容" rules={[{ max: 10000, message: '页脚不能超过10000个字' }]}>
        <Input.TextArea rows={5} placeholder="如 <p>版权所有 © 某某大学党委组织部</p>" />
      </Form.Item>
    </FormDialog>
  )
}
