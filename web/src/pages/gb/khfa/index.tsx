import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Collapse, Drawer, Empty, Form, Input, InputNumber, Spin, Tag, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { CADRE_GROUPS, LIMITS, type Scheme, type SchemeDetail } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { actionColumn, confirmDeleteOf, CrudTable, getFetcher, RowActions, useCrud } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import Permission, { useHasPermission } from '@/components/Permission'
import { formatTime } from '@/utils/time'
import { copyScheme, deleteSchemes, fetchScheme, SCHEMES, schemeVersions } from './api'
import DefinitionView from './DefinitionView'
import SchemeForm from './SchemeForm'

const MINUTE = 'YYYY-MM-DD HH:mm'

/** 复制为新年度方案: next year's scheme from this one (version 1). */
function CopyDialog({ scheme, onClose, onCopied }: { scheme: Scheme; onClose: () => void; onCopied: () => void }) {
  const year = scheme.year + 1
  return (
    <FormDialog<{ year: number; name: string }>
      title="复制为新年度方案"
      initialValues={{ year, name: scheme.name.replace(String(scheme.year), String(year)) }}
      onClose={onClose}
      onDone={onCopied}
      successText="已复制为新年度方案"
      onSubmit={(v) => copyScheme(scheme.id, { year: v.year, name: v.name.trim() })}
    >
      <Form.Item name="year" label="年度" rules={[{ required: true, message: '请输入年度' }]}>
        <InputNumber min={2000} max={2100} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="name" label="方案名称" rules={[{ required: true, whitespace: true, message: '请输入方案名称' }]}>
        <Input maxLength={LIMITS.name} />
      </Form.Item>
    </FormDialog>
  )
}

/** 版本记录: every saved version, newest first, each definition read-only. */
function VersionsDrawer({ scheme, onClose }: { scheme: Scheme; onClose: () => void }) {
  const q = useQuery({ queryKey: ['gbkh', 'versions', scheme.id], queryFn: () => schemeVersions(scheme.id) })
  return (
    <Drawer open size={860} title={`${scheme.name} · 版本记录`} onClose={onClose}>
      {q.isLoading ? <Spin /> : q.isError ? <Alert type="error" showIcon title="版本记录加载失败，请稍后重试" /> : q.data?.length ? (
        <Collapse defaultActiveKey={[q.data[0].version]} items={q.data.map((v) => ({
          key: v.version,
          label: <>第 {v.version} 版 <Tag>{v.savedBy}</Tag>{formatTime(v.savedAt, MINUTE)}</>,
          children: <DefinitionView definition={v.definition} />,
        }))} />
      ) : <Empty description="该方案还没有保存过版本" />}
    </Drawer>
  )
}

/** Loads a scheme's definition before its edit form opens. */
function EditScheme({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: () => void }) {
  const q = useQuery({ queryKey: ['gbkh', 'scheme', id], queryFn: () => fetchScheme(id), gcTime: 0 })
  if (!q.data) {
    return (
      <Drawer open title="编辑考核方案" size={980} onClose={onClose}>
        {q.isError ? <Alert type="error" showIcon title="考核方案不存在或已删除" /> : <Spin style={{ display: 'block', margin: 48 }} />}
      </Drawer>
    )
  }
  return <SchemeForm scheme={q.data as SchemeDetail} onClose={onClose} onSaved={onSaved} />
}

type Open = { kind: 'add' } | { kind: 'edit'; id: number } | { kind: 'copy' | 'versions'; scheme: Scheme } | null

/**
 * 考核方案 (docs/assess.md): each year's plan for one cadre group — the indicators and their weights, the evaluator
 * groups, the levels, the grade thresholds, the 优秀 share and the invalid-ballot rule. Every save is a new version;
 * a round keeps the version it was created with.
 */
export default function SchemePage() {
  const crud = useCrud<Scheme>({ key: 'gbkhScheme', fetch: getFetcher<Scheme>(SCHEMES) })
  const mayEdit = useHasPermission([PERM.gbkhScheme])
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const year = dayjs().year()
  const columns: TableColumnsType<Scheme> = [
    { title: '方案名称', dataIndex: 'name', key: 'name', width: 260, ellipsis: true },
    { title: '年度', dataIndex: 'year', key: 'year', width: 80 },
    { title: '干部类别', dataIndex: 'cadreGroup', key: 'cadreGroup', width: 130 },
    { title: '版本', dataIndex: 'version', key: 'version', width: 70, render: (v: number) => `第 ${v} 版` },
    { title: '复制自', dataIndex: 'copiedFromName', key: 'copiedFromName', width: 200, ellipsis: true, render: (n: string) => n || '—' },
    { title: '使用次数', dataIndex: 'rounds', key: 'rounds', width: 90 },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', width: 150, render: (t: string) => formatTime(t, MINUTE) },
    actionColumn<Scheme>((s) => (
      <RowActions
        actions={[
          { key: 'edit', label: '编辑', need: PERM.gbkhScheme, onClick: () => setOpen({ kind: 'edit', id: s.id }) },
          { key: 'versions', label: '版本记录', onClick: () => setOpen({ kind: 'versions', scheme: s }) },
        ]}
        more={[
          { key: 'copy', label: '复制为新年度方案', need: PERM.gbkhScheme, onClick: () => setOpen({ kind: 'copy', scheme: s }) },
          {
            key: 'delete', label: '删除', danger: true, need: PERM.gbkhScheme,
            disabled: s.rounds > 0, tip: '已有考核使用该方案，不能删除',
            onClick: () => void confirmDeleteOf(s.name, () => deleteSchemes([s.id]), { kind: '考核方案' }).then((done) => done && crud.reload()),
          },
        ]}
      />
    ), 220),
  ]
  return (
    <>
      <CrudTable<Scheme>
        crud={crud}
        columns={columns}
        columnsKey="gb.khfa"
        emptyText="暂无考核方案，点击「新增方案」从默认的德、能、勤、绩、廉指标开始"
        searchFields={[
          { name: 'blurry', label: '方案名称', placeholder: '方案名称' },
          { name: 'year', label: '年度', type: 'select', options: Array.from({ length: 7 }, (_, i) => year + 1 - i).map((y) => ({ value: y, label: `${y} 年` })) },
          { name: 'cadreGroup', label: '干部类别', type: 'select', options: CADRE_GROUPS.map((g) => ({ value: g, label: g })) },
        ]}
        toolbar={
          <Permission need={[PERM.gbkhScheme]}>
            <Button type="primary" onClick={() => setOpen({ kind: 'add' })}>新增方案</Button>
          </Permission>
        }
        onDelete={mayEdit ? deleteSchemes : undefined}
        nameOf={(s) => s.name}
        noun="考核方案"
      />
      {open?.kind === 'add' && <SchemeForm scheme={null} onClose={close} onSaved={crud.reload} />}
      {open?.kind === 'edit' && <EditScheme id={open.id} onClose={close} onSaved={crud.reload} />}
      {open?.kind === 'copy' && <CopyDialog scheme={open.scheme} onClose={close} onCopied={crud.reload} />}
      {open?.kind === 'versions' && <VersionsDrawer scheme={open.scheme} onClose={close} />}
    </>
  )
}
