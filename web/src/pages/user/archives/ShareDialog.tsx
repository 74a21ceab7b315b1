import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Input, Radio, Select } from 'antd'
import { useState } from 'react'
import type { RecordAttachment } from '@/api/attachments'
import FormDialog from '@/components/FormDialog'
import type { PickedUser } from '@/components/UserPicker'
import PeopleFinder from './PeopleFinder'
import { createShare, shareOrgs, shareRoles } from './service'
import { SHARE_TYPE_NAMES, SHARE_TYPES_ORDER, type ShareType } from './shareTypes'

interface Values {
  fileId: number
  shareType: ShareType
  users?: PickedUser[]
  roleIds?: number[]
  orgIds?: number[]
  note?: string
}

/** The targets of the chosen type, as the server takes them (account, role or organisation ids). */
function targetIds(v: Values): number[] {
  if (v.shareType === 'CUSTOM') return (v.users ?? []).map((u) => u.value)
  if (v.shareType === 'ROLE') return v.roleIds ?? []
  return v.orgIds ?? []
}

/**
 * 共享文件: one of the owner's files with chosen accounts (指定人员, found by exact name or 工号), the holders
 * of roles, or the members of organisations.
 */
export default function ShareDialog({ files, fileId, onClose, onDone }: { files: RecordAttachment[]; fileId?: number; onClose: () => void; onDone: () => void }) {
  const [type, setType] = useState<ShareType>('ROLE')
  const roles = useQuery({ queryKey: ['archives', 'shareRoles'], queryFn: shareRoles })
  const orgs = useQuery({ queryKey: ['archives', 'shareOrgs'], queryFn: shareOrgs })
  return (
    <FormDialog<Values>
      title="共享档案文件"
      initialValues={{ fileId, shareType: 'ROLE' }}
      onValuesChange={(changed) => changed.shareType && setType(changed.shareType)}
      onSubmit={(v) => createShare({ fileId: v.fileId, shareType: v.shareType, targetIds: targetIds(v), note: v.note ?? '' })}
      successText="已共享"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="fileId" label="档案文件" rules={[{ required: true, message: '请选择要共享的档案文件' }]}>
        <Select placeholder="请选择档案文件" options={files.map((f) => ({ value: f.id, label: f.name }))} />
      </Form.Item>
      <Form.Item name="shareType" label="共享方式" rules={[{ required: true, message: '请选择共享方式' }]}>
        <Radio.Group options={SHARE_TYPES_ORDER.map((t) => ({ value: t, label: SHARE_TYPE_NAMES[t] }))} />
      </Form.Item>
      {type === 'CUSTOM' && (
        <Form.Item name="users" label="共享对象" rules={[{ required: true, type: 'array', min: 1, message: '请选择共享对象' }]}>
          <PeopleFinder />
        </Form.Item>
      )}
      {type === 'ROLE' && (
        <Form.Item name="roleIds" label="共享对象" rules={[{ required: true, type: 'array', min: 1, message: '请选择角色' }]}>
          <Select
            mode="multiple"
            placeholder="请选择角色"
            loading={roles.isLoading}
            optionFilterProp="label"
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.holders}人）` }))}
          />
        </Form.Item>
      )}
      {type === 'DZZ' && (
        <Form.Item name="orgIds" label="共享对象" rules={[{ required: true, type: 'array', min: 1, message: '请选择党组织' }]}>
          <Select
            mode="multiple"
            placeholder="请选择党组织"
            loading={orgs.isLoading}
            notFoundContent="您的账号未关联党组织，不能按党组织共享"
            options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="note" label="备注" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Alert type="info" showIcon title="指定人员：输入完整姓名或工号（学号）查找；按角色共享：持有所选角色的人员可查看；按党组织共享：可选本人所在党组织及其上级党组织，账号所属党组织为所选党组织的人员可查看。每次查看都会记录。" />
    </FormDialog>
  )
}
