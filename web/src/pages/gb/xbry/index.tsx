import { useQueryClient } from '@tanstack/react-query'
import { Button, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { STATE_NAMES, STATES, type Selection, type State } from '@/api/generated/cadreSelection'
import { PERM } from '@/api/permissions'
import { actionColumn, CrudTable, getFetcher, RowActions, useCrud } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import { formatTime } from '@/utils/time'
import { API, deleteSelections, EXPORT } from './api'
import MotionForm from './MotionForm'
import SelectionDrawer, { STATE_COLORS } from './SelectionDrawer'

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

const columns = (open: (id: number) => void): TableColumnsType<Selection> => [
  {
    title: '标题',
    dataIndex: 'title',
    key: 'title',
    width: 240,
    ellipsis: true,
    render: (t: string, s) => (
      <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => open(s.id)}>
        {t}
      </Button>
    ),
  },
  { title: '单位', dataIndex: 'unitName', key: 'unitName', width: 160, ellipsis: true },
  { title: '岗位', key: 'position', width: 200, ellipsis: true, render: (_: unknown, s) => `${s.positionName}${s.levelLabel ? `（${s.levelLabel}）` : ''}` },
  {
    title: '当前环节',
    dataIndex: 'state',
    key: 'state',
    width: 110,
    render: (st: State, s) => <Tag color={STATE_COLORS[st]}>{s.stateName || STATE_NAMES[st]}</Tag>,
  },
  { title: '动议时间', dataIndex: 'motionOn', key: 'motionOn', width: 110, sorter: true },
  { title: '拟任人选', dataIndex: 'appointeeName', key: 'appointeeName', width: 100 },
  { title: '任职文号', dataIndex: 'docNo', key: 'docNo', width: 170, ellipsis: true },
  { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', width: 150, sorter: true, render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm') },
  actionColumn<Selection>((s) => <RowActions actions={[{ key: 'view', label: '查看', onClick: () => open(s.id) }]} />, 80),
]

/**
 * 选拔任用 (干部管理): each selection and appointment as the 《党政领导干部选拔任用工作条例》 records it — 动议,
 * 民主推荐, 考察, 讨论决定, 任前公示, 任职 (through 职数管理's documents) and 试用期满考核 — with its 纪实 printed.
 * A selection's drawer opens at ?id=.
 */
export default function SelectionPage() {
  const client = useQueryClient()
  const crud = useCrud<Selection>({ key: 'gbxbry', fetch: getFetcher<Selection>(API) })
  const [params, setParams] = useSearchParams()
  const id = positive(params.get('id'))
  const open = (next?: number) => setParams(next ? { id: String(next) } : {})
  const [adding, setAdding] = useState(false)
  const mayDelete = useHasPermission([PERM.gbxbryDel])
  const mayExport = useHasPermission([PERM.gbxbryExport])
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['gbxbry', 'one'] })
  }

  return (
    <>
      <CrudTable<Selection>
        crud={crud}
        columns={columns(open)}
        columnsKey="gb.xbry"
        emptyText="暂无选拔任用记录，点击「发起动议」开始"
        searchFields={[
          { name: 'blurry', label: '关键字', placeholder: '标题、岗位或人选' },
          { name: 'state', label: '当前环节', type: 'multiSelect', options: STATES.map((s) => ({ value: s, label: STATE_NAMES[s] })) },
          { name: 'unitId', label: '单位', render: () => <UnitSelect style={{ width: 220 }} /> },
        ]}
        toolbar={
          <Permission need={[PERM.gbxbryAdd]}>
            <Button type="primary" onClick={() => setAdding(true)}>
              发起动议
            </Button>
          </Permission>
        }
        onDelete={mayDelete ? deleteSelections : undefined}
        nameOf={(s) => s.title}
        noun="选拔任用记录"
        exportAction={mayExport ? { url: EXPORT, fileName: '干部选拔任用纪实.xlsx' } : undefined}
      />
      {adding && (
        <MotionForm
          selection={null}
          onClose={() => setAdding(false)}
          onSaved={(s) => {
            crud.reload()
            open(s.id)
          }}
        />
      )}
      {id && <SelectionDrawer id={id} onClose={() => open()} onChanged={changed} />}
    </>
  )
}
