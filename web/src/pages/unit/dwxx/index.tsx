import { DownOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Dropdown, Space, Tag, type MenuProps, type TableProps } from 'antd'
import { useState } from 'react'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { ImportWizard } from '@/components/import'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useLinkedRecord } from '@/components/useLinkedRecord'
import Permission, { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import UnitDetailDrawer, { statusTag } from './components/UnitDetailDrawer'
import UnitForm from './components/UnitForm'
import { confirmRestore, RevokeDialog } from './components/UnitOps'
import { fetchUnits, isBrowsing, unitDetail } from './service'
import { DICT_UNIT_STATUS, DICT_UNIT_TYPE, UNIT_STATUS_NORMAL, type Unit } from './types'

type Editing = { unit: Unit | null; parent: Unit | null }

/** 单位基本信息: the units as a tree while browsing, a paged list while searching. */
export default function UnitPage() {
  const crud = useCrud<Unit>({ key: 'dwxx', fetch: fetchUnits })
  const client = useQueryClient()
  const dicts = useDicts(DICT_UNIT_TYPE, DICT_UNIT_STATUS)
  const canAdd = useHasPermission(['dw:add'])
  const canEdit = useHasPermission(['dw:edit'])
  const canDel = useHasPermission(['dw:del'])
  const [editing, setEditing] = useState<Editing | null>(null)
  const [revoking, setRevoking] = useState<Unit | null>(null)
  const [importing, setImporting] = useState(false)
  // The detail opens from the row, or from a link (?id=) of the unit trail page.
  const [viewing, setViewing, closeDetail] = useLinkedRecord()
  const tree = isBrowsing(crud.query.filters)

  // Pickers elsewhere cache the units: refresh them with the list.
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['dwxx'] })
  }


  const edit = async (u: Unit) => {
    try {
      setEditing({ unit: await unitDetail(u.id), parent: null })
    } catch {
      /* shown by the request pipeline */
    }
  }

  const more = (u: Unit): MenuProps['items'] => {
    const items: MenuProps['items'] = []
    if (canDel && u.hasInfo && u.status === UNIT_STATUS_NORMAL) items.push({ key: 'revoke', label: '撤销', danger: true })
    if (canDel && u.status !== UNIT_STATUS_NORMAL) items.push({ key: 'restore', label: '恢复' })
    return items
  }

  const onMore = (u: Unit, key: string) => {
    if (key === 'revoke') setRevoking(u)
    else void confirmRestore(u).then((ok) => ok && changed())
  }

  const columns: TableProps<Unit>['columns'] = [
    {
      title: '单位名称',
      dataIndex: 'name',
      sorter: !tree,
      render: (v: string, u) => (
        <Space size={4}>
          <a onClick={() => setViewing(u.id)}>{v}</a>
          {!u.hasInfo && <Tag color="orange">信息未完善</Tag>}
        </Space>
      ),
    },
    { title: '单位编码', dataIndex: 'code', sorter: !tree, width: 130 },
    { title: '单位类型', dataIndex: 'typeLabel', key: 'type', width: 110 },
    { title: '上级单位', dataIndex: 'parentName', width: 160, ellipsis: true },
    { title: '对应党组织', dataIndex: 'dzzName', width: 180, ellipsis: true },
    { title: '负责人', dataIndex: 'leaderName', width: 100 },
    { title: '联系电话', dataIndex: 'contactPhone', width: 130 },
    { title: '成立日期', dataIndex: 'foundedOn', sorter: !tree, width: 120 },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: string, u) => (u.hasInfo ? statusTag(v, u.statusLabel) : '') },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 230,
      render: (_, u) => {
        const items = more(u)
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setViewing(u.id)}>
              详情
            </Button>
            {canAdd && u.status === UNIT_STATUS_NORMAL && (
              <Button type="link" size="small" onClick={() => setEditing({ unit: null, parent: u })}>
                新增下级
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => void edit(u)}>
                {u.hasInfo ? '编辑' : '完善信息'}
              </Button>
            )}
            {items && items.length > 0 && (
              <Dropdown menu={{ items, onClick: ({ key }) => onMore(u, key) }}>
                <Button type="link" size="small">
                  更多 <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        )
      },
    },
  ]

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '单位名称、简称或编码' },
    { name: 'type', label: '单位类型', type: 'multiSelect', options: dicts[DICT_UNIT_TYPE] },
    { name: 'status', label: '状态', type: 'select', options: dicts[DICT_UNIT_STATUS] },
    { name: 'pid', label: '上级单位', render: () => <UnitSelect placeholder="请选择上级单位" style={{ width: 200 }} /> },
    { name: 'dzzId', label: '对应党组织', render: () => <OrgTreeSelect placeholder="请选择党组织" style={{ width: 200 }} /> },
  ]

  return (
    <>
      <CrudTable<Unit>
        crud={crud}
        tree={tree}
        columns={columns}
        columnsKey="unit.dwxx"
        searchFields={searchFields}
        scrollX={1500}
        exportAction={{ url: '/api/dwxx/export', fileName: '单位信息.xlsx' }}
        emptyText={tree ? '暂无单位' : '没有符合条件的单位'}
        toolbar={
          <>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ unit: null, parent: null })}>
                新增
              </Button>
            )}
            <Permission need={['dw:import']}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            </Permission>
          </>
        }
      />
      {editing && <UnitForm unit={editing.unit} parent={editing.parent} onClose={() => setEditing(null)} onDone={changed} />}
      {revoking && <RevokeDialog unit={revoking} onClose={() => setRevoking(null)} onDone={changed} />}
      {viewing !== null && <UnitDetailDrawer id={viewing} onClose={closeDetail} onChanged={changed} />}
      {importing && <ImportWizard kind="dw" title="单位信息" onClose={() => setImporting(false)} onDone={changed} />}
    </>
  )
}
