import { useQuery } from '@tanstack/react-query'
import { Button, Card, Tabs, Tooltip, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { actionColumn, confirmDeleteOf, CrudTable, ImportButton, RowActions, TrailDrawer, useCrud, type CrudFetcher } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission, { useHasPermission } from '@/components/Permission'
import YearSelect from '@/components/YearSelect'
import { BASE_API, deleteBases, fetchBases, fetchMissing, getMeta, type Base, type Meta, type MissingBase } from '../standard/api'
import BaseDialog from './BaseDialog'
import HardshipTab from './HardshipTab'

/** The list's fetcher with the chosen year as a filter. */
const ofYear = <T,>(fetch: CrudFetcher<T>, year: number): CrudFetcher<T> => (q) => fetch({ ...q, filters: { ...q.filters, year } })

type Editing = { base: Base | null; memberId?: number; memberLabel?: string }

function BasesTab({ meta, year, onEdit }: { meta: Meta; year: number; onEdit: (e: Editing) => void }) {
  const crud = useCrud<Base>({ key: `dfjs-${year}`, fetch: ofYear(fetchBases, year) })
  const canEdit = useHasPermission([PERM.dfjsEdit])
  const canExport = useHasPermission([PERM.dfjsExport])
  const [trail, setTrail] = useState<Base | null>(null)
  const columns: TableColumnsType<Base> = [
    { title: '姓名', dataIndex: 'memberName', key: 'memberName', width: 100, sorter: true },
    { title: '工号/学号', dataIndex: 'staffNo', key: 'staffNo', width: 120 },
    { title: '党组织', dataIndex: 'orgName', key: 'orgName', width: 200, ellipsis: true },
    { title: '起始月份', dataIndex: 'fromMonth', key: 'fromMonth', width: 90, render: (m: number) => `${m} 月` },
    { title: '类别', dataIndex: 'categoryLabel', key: 'category', width: 100 },
    { title: '月基数（元）', dataIndex: 'base', key: 'base', width: 120, align: 'right', sorter: true },
    { title: '月党费（元）', dataIndex: 'due', key: 'due', width: 110, align: 'right' },
    { title: '计算过程', dataIndex: 'working', key: 'working', width: 460, ellipsis: { showTitle: false }, render: (w: string) => <Tooltip title={w}>{w}</Tooltip> },
    actionColumn<Base>(
      (b) => (
        <RowActions
          actions={[
            { key: 'trail', label: '变动轨迹', onClick: () => setTrail(b) },
            { key: 'edit', label: '修改', need: PERM.dfjsEdit, onClick: () => onEdit({ base: b }) },
            {
              key: 'del',
              label: '删除',
              danger: true,
              need: PERM.dfjsEdit,
              onClick: () => void confirmDeleteOf(`${b.memberName} ${b.year} 年 ${b.fromMonth} 月起的基数`, () => deleteBases([b.id])).then((ok) => ok && crud.reload()),
            },
          ]}
        />
      ),
      canEdit ? 170 : 90,
    ),
  ]
  return (
    <>
      <CrudTable<Base>
        crud={crud}
        columns={columns}
        scrollX={1700}
        exportAction={canExport ? { url: `${BASE_API}/export`, fileName: '党费基数.xlsx', params: () => ({ year }) } : undefined}
        searchFields={[
          { name: 'blurry', label: '姓名或工号' },
          { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
          { name: 'category', label: '类别', type: 'select', options: meta.categories.map((c) => ({ value: c.code, label: c.label })) },
        ]}
        toolbar={
          <>
            <Permission need={[PERM.dfjsEdit]}>
              <Button type="primary" onClick={() => onEdit({ base: null })}>
                录入基数
              </Button>
            </Permission>
            <ImportButton need={PERM.dfjsImport} kind="dfjs" title="党费基数（财务处工资表）" onDone={crud.reload} />
          </>
        }
      />
      {/* Who changed the base, when, from what to what; no restore: a base is entered again instead. */}
      {trail && (
        <TrailDrawer
          api={BASE_API}
          id={trail.id}
          title={`${trail.memberName} ${trail.year} 年 ${trail.fromMonth} 月起`}
          canRestore={false}
          onClose={() => setTrail(null)}
          onRestored={crud.reload}
        />
      )}
    </>
  )
}

function MissingTab({ year, onEdit }: { year: number; onEdit: (e: Editing) => void }) {
  const crud = useCrud<MissingBase>({ key: `dfjs-missing-${year}`, fetch: ofYear(fetchMissing, year) })
  const canEdit = useHasPermission([PERM.dfjsEdit])
  const columns: TableColumnsType<MissingBase> = [
    { title: '姓名', dataIndex: 'memberName', key: 'memberName', width: 120 },
    { title: '工号', dataIndex: 'staffNo', key: 'staffNo', width: 140 },
    { title: '党组织', dataIndex: 'orgName', key: 'orgName', ellipsis: true },
  ]
  const add = (m: MissingBase) => onEdit({ base: null, memberId: m.memberId, memberLabel: `${m.memberName}（${m.orgName}）` })
  if (canEdit) columns.push({ ...actionColumn<MissingBase>((m) => <RowActions actions={[{ key: 'add', label: '录入基数', onClick: () => add(m) }]} />, 110), fixed: undefined })
  return (
    <CrudTable<MissingBase>
      crud={crud}
      columns={columns}
      emptyText="没有缺少基数的党员（学生党员按固定标准交纳，无需基数）"
      searchFields={[
        { name: 'blurry', label: '姓名或工号' },
        { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
      ]}
    />
  )
}

/**
 * 党费基数: every member's category and base of a year (salary items, or the pension), from a month on; the
 * members still missing one; and the hardship reductions (困难减免) the branches propose and the committees approve.
 */
export default function FeeBasePage() {
  const [year, setYear] = useState(dayjs().year())
  const [editing, setEditing] = useState<Editing | null>(null)
  const [version, setVersion] = useState(0)
  const [params] = useSearchParams()
  const openId = Number(params.get('hardship')) || undefined
  const [tab, setTab] = useState(openId ? 'hardship' : 'bases')
  const meta = useQuery({ queryKey: ['dfbz', 'meta'], queryFn: getMeta, staleTime: Infinity })
  const canHardship = useHasPermission([PERM.dfjmList])
  if (!meta.data) return <Card variant="borderless" loading />
  return (
    <Card variant="borderless" title="党费基数" extra={<YearSelect value={year} onChange={setYear} past={4} />}>
      <Tabs
        key={version}
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'bases', label: '基数', children: <BasesTab meta={meta.data} year={year} onEdit={setEditing} /> },
          { key: 'missing', label: '缺少基数', children: <MissingTab year={year} onEdit={setEditing} /> },
          ...(canHardship ? [{ key: 'hardship', label: '困难减免', children: <HardshipTab openId={openId} /> }] : []),
        ]}
      />
      {editing && (
        <BaseDialog
          meta={meta.data}
          year={year}
          base={editing.base}
          memberId={editing.memberId}
          memberLabel={editing.memberLabel}
          onClose={() => setEditing(null)}
          onDone={() => setVersion((v) => v + 1)}
        />
      )}
    </Card>
  )
}
