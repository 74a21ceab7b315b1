import { ImportOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Checkbox, DatePicker, Space, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { timeCell } from '@/components/format'
import { ImportWizard } from '@/components/import'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { usePersonalCells } from '@/components/personal/usePersonalCells'
import Permission, { useHasPermission } from '@/components/Permission'
import MemberForm from './components/MemberForm'
import { deleteMembers, fetchMembers, MEMBER_EXPORT_URL, memberDetail, memberDetailPath } from './service'
import { MEMBER_DICT_FIELDS, MEMBER_DICTS, type Member } from './types'

/** 党员信息: the members of the caller's organisations, with filters on every dictionary field. */
export default function MemberPage() {
  const crud = useCrud<Member>({ key: 'dyjbxx', fetch: fetchMembers })
  const dicts = useDicts(...MEMBER_DICTS)
  const navigate = useNavigate()
  const canEdit = useHasPermission(['dy:edit'])
  const canDelete = useHasPermission(['dy:del'])
  const personal = usePersonalCells<Member>('dy:unmask', memberDetail)
  const canExport = useHasPermission(['dy:export'])
  const canUnmask = useHasPermission(['dy:unmask'])
  const [editing, setEditing] = useState<Member | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  // Holders of dy:unmask may export the roster with ID numbers and phones in clear (logged).
  const [exportClear, setExportClear] = useState(false)

  const edit = async (m: Member) => {
    try {
      setEditing(await memberDetail(m.id))
    } catch {
      /* e.g. deleted meanwhile: shown by the request pipeline */
    }
  }

  const columns: TableProps<Member>['columns'] = [
    {
      title: '姓名',
      dataIndex: 'name',
      sorter: true,
      width: 110,
      fixed: 'left',
      render: (v: string, m) => <a onClick={() => navigate(memberDetailPath(m.id))}>{v}</a>,
    },
    { title: '学号/工号', dataIndex: 'staffOrStudentNo', width: 120 },
    { title: '性别', dataIndex: 'genderLabel', key: 'gender', width: 70 },
    { title: '身份证号码', dataIndex: 'idNumber', width: 210, render: personal('idNumber') },
    { title: '手机号码', dataIndex: 'phone', width: 160, render: personal('phone') },
    { title: '党籍状态', dataIndex: 'partyStatusLabel', key: 'partyStatus', width: 100, render: (v: string) => (v ? <Tag color="red">{v}</Tag> : '') },
    { title: '党员状态', dataIndex: 'memberStatusLabel', key: 'memberStatus', width: 90 },
    { title: '人员类别', dataIndex: 'personCategoryLabel', key: 'personCategory', width: 100 },
    { title: '学历', dataIndex: 'educationLabel', key: 'education', width: 90 },
    { title: '年级', dataIndex: 'gradeLabel', key: 'grade', width: 80 },
    { title: '所在党组织', dataIndex: 'orgName', sorter: true, width: 200, ellipsis: true },
    { title: '所在单位', dataIndex: 'unitName', width: 160, ellipsis: true },
    { title: '入党日期', dataIndex: 'joinedOn', sorter: true, width: 120 },
    { title: '转正日期', dataIndex: 'fullOn', sorter: true, width: 120 },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(memberDetailPath(m.id))}>
            详情
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => void edit(m)}>
              编辑
            </Button>
          )}
        </Space>
      ),
    },
  ]

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '姓名、学号/工号、身份证号或手机号' },
    { name: 'subtreeOf', label: '党组织', render: () => <OrgTreeSelect placeholder="含下级党组织" style={{ width: 220 }} /> },
    ...MEMBER_DICT_FIELDS.map((f) => ({ name: f.name, label: f.label, type: 'multiSelect' as const, options: dicts[f.dict] })),
    { name: 'className', label: '班级' },
    { name: 'joinedFrom', label: '入党日期从', render: () => <DatePicker placeholder="开始日期" /> },
    { name: 'joinedTo', label: '至', render: () => <DatePicker placeholder="结束日期" /> },
  ]

  return (
    <>
      <CrudTable<Member>
        crud={crud}
        columns={columns}
        columnsKey="party.dyjbxx"
        searchFields={searchFields}
        searchVisible={4}
        scrollX={2100}
        onDelete={canDelete ? (ids) => deleteMembers(ids as number[]) : undefined}
        exportAction={
          canExport
            ? { url: MEMBER_EXPORT_URL, fileName: '党员花名册.xlsx', label: '导出花名册', params: () => (exportClear ? { unmask: true } : {}) }
            : undefined
        }
        emptyText="暂无党员"
        toolbar={
          <>
            <Permission need={['dy:add']}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新增
              </Button>
            </Permission>
            <Permission need={['dy:import']}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            </Permission>
            {canExport && canUnmask && (
              <Checkbox checked={exportClear} onChange={(e) => setExportClear(e.target.checked)}>
                导出完整身份证号和手机号
              </Checkbox>
            )}
          </>
        }
      />
      {editing && (
        <MemberForm
          member={editing === 'new' ? null : editing}
          orgId={(crud.query.filters.subtreeOf as number | undefined) ?? null}
          onClose={() => setEditing(null)}
          onDone={crud.reload}
        />
      )}
      {importing && <ImportWizard kind="dyjbxx" title="党员信息" onClose={() => setImporting(false)} onDone={crud.reload} />}
    </>
  )
}
