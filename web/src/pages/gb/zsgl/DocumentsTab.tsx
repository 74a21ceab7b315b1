import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, Modal, Row, Select, Switch, Table, Tag, type TableColumnsType } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { DOC_STATE_NAMES, EVENT_BASE_REFRESH, ITEM_KIND_NAMES, MAX_ITEMS, MAX_WITHDRAW_REASON, type Document, type DocumentInput, type Item, type ItemKind } from '@/api/generated/cadreQuota'
import { actionColumn, confirmAction, confirmDeleteOf, CrudTable, getFetcher, RowActions, useCrud } from '@/components/crud'
import FormDrawer from '@/components/FormDrawer'
import { timeCell } from '@/components/format'
import Permission, { useHasPermission } from '@/components/Permission'
import ReasonDialog from '@/components/ReasonDialog'
import RemoteSelect from '@/components/RemoteSelect'
import { announceBaseRefresh, createDocument, deleteDocuments, DOCUMENTS, fetchDocument, issueDocument, searchCadres, searchPositions, updateDocument, withdrawDocument } from './api'

const DAY = 'YYYY-MM-DD'

/** The form's values: dates as dayjs. */
interface ItemValues {
  kind: ItemKind
  cadreId?: number
  positionId?: number
  onDate?: Dayjs
  promotion?: boolean
  overReason?: string
}
interface DocValues {
  docNo: string
  issuedOn?: Dayjs
  issuer: string
  title: string
  items: ItemValues[]
}

const toBody = (v: DocValues): DocumentInput => ({
  docNo: v.docNo,
  issuedOn: v.issuedOn ? v.issuedOn.format(DAY) : '',
  issuer: v.issuer,
  title: v.title,
  items: (v.items ?? []).map((it) => ({
    kind: it.kind,
    cadreId: it.cadreId ?? 0,
    positionId: it.positionId ?? 0,
    onDate: it.onDate ? it.onDate.format(DAY) : '',
    promotion: !!it.promotion,
    overReason: it.overReason ?? '',
  })),
})

const valuesOf = (d: Document): DocValues => ({
  docNo: d.docNo,
  issuedOn: d.issuedOn ? dayjs(d.issuedOn) : undefined,
  issuer: d.issuer,
  title: d.title,
  items: d.items.map((it) => ({
    kind: it.kind,
    cadreId: it.cadreId,
    positionId: it.positionId,
    onDate: it.onDate ? dayjs(it.onDate) : undefined,
    promotion: it.promotion,
    overReason: it.overReason,
  })),
})

const itemColumns: TableColumnsType<Item> = [
  { title: '序号', dataIndex: 'sort', key: 'sort', width: 60 },
  { title: '任免', dataIndex: 'kind', key: 'kind', width: 70, render: (k: ItemKind) => ITEM_KIND_NAMES[k] },
  { title: '干部', dataIndex: 'cadreName', key: 'cadreName', width: 100 },
  { title: '单位', dataIndex: 'unitName', key: 'unitName', ellipsis: true },
  { title: '岗位', dataIndex: 'positionName', key: 'positionName', ellipsis: true },
  { title: '日期', dataIndex: 'onDate', key: 'onDate', width: 110 },
  { title: '提拔', dataIndex: 'promotion', key: 'promotion', width: 60, render: (p: boolean, it) => (it.kind === 'appoint' ? (p ? '是' : '否') : '') },
  { title: '试用期至', dataIndex: 'probationUntil', key: 'probationUntil', width: 110, render: (d: string | null) => d ?? '' },
  {
    title: '超职数',
    key: 'over',
    width: 200,
    render: (_: unknown, it) => (it.overQuota ? <Tag color="error">超职数：{it.overReason}</Tag> : it.overReason ? `理由：${it.overReason}` : ''),
  },
]

const STATE_COLORS: Record<Document['state'], string> = { draft: 'default', issued: 'success', withdrawn: 'warning' }

/** A document's head and items, read-only (an issued or withdrawn document, the result of issuing). */
function DocumentView({ doc }: { doc: Document }) {
  return (
    <>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="文号">{doc.docNo}</Descriptions.Item>
        <Descriptions.Item label="发文日期">{doc.issuedOn}</Descriptions.Item>
        <Descriptions.Item label="发文机关">{doc.issuer}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATE_COLORS[doc.state]}>{DOC_STATE_NAMES[doc.state]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="标题" span={2}>
          {doc.title}
        </Descriptions.Item>
        {doc.state === 'withdrawn' && (
          <>
            <Descriptions.Item label="撤销理由" span={2}>
              {doc.withdrawReason}
            </Descriptions.Item>
            <Descriptions.Item label="撤销人">{doc.withdrawnBy}</Descriptions.Item>
            <Descriptions.Item label="撤销时间">{timeCell(doc.withdrawnAt)}</Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Table<Item> rowKey="id" size="small" columns={itemColumns} dataSource={doc.items} pagination={false} scroll={{ x: 900 }} locale={{ emptyText: '没有任免事项' }} />
    </>
  )
}

/** The items of the form: kind, cadre, position, date, promotion and the over-quota reason. */
function ItemsField({ known }: { known: Item[] }) {
  const cadres = known.map((it) => ({ value: it.cadreId, label: it.cadreName }))
  const positions = known.map((it) => ({ value: it.positionId, label: `${it.unitName} · ${it.positionName}` }))
  return (
    <Form.List name="items">
      {(rows, { add, remove }, { errors }) => (
        <>
          {rows.map((row, i) => (
            <Row key={row.key} gutter={8} align="top">
              <Col span={1} style={{ paddingTop: 6 }}>
                {i + 1}.
              </Col>
              <Col span={3}>
                <Form.Item name={[row.name, 'kind']} rules={[{ required: true, message: '请选择任免' }]}>
                  <Select aria-label="任免" options={(['appoint', 'remove'] as const).map((k) => ({ value: k, label: ITEM_KIND_NAMES[k] }))} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name={[row.name, 'cadreId']} rules={[{ required: true, message: '请选择干部' }]}>
                  <RemoteSelect search={searchCadres} known={cadres} placeholder="干部" emptyText="暂无干部" />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[row.name, 'positionId']} rules={[{ required: true, message: '请选择岗位' }]}>
                  <RemoteSelect search={searchPositions} known={positions} placeholder="岗位" emptyText="暂无岗位：先在“岗位”中新增" />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name={[row.name, 'onDate']} rules={[{ required: true, message: '请选择日期' }]}>
                  <DatePicker placeholder="任/免职日期" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={2}>
                <Form.Item noStyle dependencies={[['items', row.name, 'kind']]}>
                  {({ getFieldValue }) =>
                    getFieldValue(['items', row.name, 'kind']) === 'appoint' && (
                      <Form.Item name={[row.name, 'promotion']} valuePropName="checked" tooltip="提拔任职" label="提拔" layout="horizontal">
                        <Switch size="small" />
                      </Form.Item>
                    )
                  }
                </Form.Item>
              </Col>
              <Col span={2}>
                <Button type="link" danger onClick={() => remove(row.name)}>
                  移除
                </Button>
              </Col>
              <Col offset={1} span={23}>
                <Form.Item noStyle dependencies={[['items', row.name, 'kind']]}>
                  {({ getFieldValue }) =>
                    getFieldValue(['items', row.name, 'kind']) === 'appoint' && (
                      <Form.Item name={[row.name, 'overReason']} rules={[{ max: 200, message: '超职数理由不超过200个字' }]}>
                        <Input placeholder="超职数理由（仅在超出核定职数时需要填写）" maxLength={200} />
                      </Form.Item>
                    )
                  }
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button type="dashed" block disabled={rows.length >= MAX_ITEMS} onClick={() => add({ kind: 'appoint', promotion: true })}>
            添加任免事项
          </Button>
          {/* The server names the item that failed (第2项（免去…）：…) on the field items. */}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  )
}

type Editing = { doc: Document | null }

interface Acts {
  open: (d: Document) => void
  edit: (d: Document) => void
  issue: (d: Document) => void
  withdraw: (d: Document) => void
  remove: (d: Document) => void
}

const columns = ({ open, edit, issue, withdraw, remove }: Acts, canEdit: boolean): TableColumnsType<Document> => [
  { title: '文号', dataIndex: 'docNo', key: 'docNo', width: 160, sorter: true },
  { title: '标题', dataIndex: 'title', key: 'title', ellipsis: true },
  { title: '发文机关', dataIndex: 'issuer', key: 'issuer', width: 160, ellipsis: true },
  { title: '发文日期', dataIndex: 'issuedOn', key: 'issuedOn', width: 110, sorter: true },
  { title: '事项', dataIndex: 'itemCount', key: 'itemCount', width: 70, align: 'right' },
  {
    title: '状态',
    dataIndex: 'state',
    key: 'state',
    width: 90,
    render: (s: Document['state']) => <Tag color={STATE_COLORS[s]}>{DOC_STATE_NAMES[s]}</Tag>,
  },
  actionColumn<Document>(
    (d) => (
      <RowActions
        actions={[
          { key: 'view', label: '查看', onClick: () => open(d) },
          ...(d.state === 'draft'
            ? [
                { key: 'edit', label: '修改', need: PERM.gbzsEdit, onClick: () => edit(d) },
                { key: 'issue', label: '发布', need: PERM.gbzsIssue, onClick: () => issue(d) },
                { key: 'del', label: '删除', danger: true, need: PERM.gbzsDel, onClick: () => remove(d) },
              ]
            : []),
          ...(d.state === 'issued' ? [{ key: 'withdraw', label: '撤销', danger: true, need: PERM.gbzsIssue, onClick: () => withdraw(d) }] : []),
        ]}
      />
    ),
    canEdit ? 200 : 80,
  ),
]

/**
 * 任免文件: drafts edited freely; 发布 applies every item at once (or none) and makes the document read-only;
 * 撤销 (with a reason) takes an issued document's items back at once (or none, the server naming the item a
 * later document built on) and leaves it read-only, 已撤销.
 */
export default function DocumentsTab() {
  const crud = useCrud<Document>({ key: 'gbzs-documents', fetch: getFetcher<Document>(DOCUMENTS) })
  const mayEdit = useHasPermission([PERM.gbzsEdit])
  const mayIssue = useHasPermission([PERM.gbzsIssue])
  const canEdit = mayEdit || mayIssue
  const [editing, setEditing] = useState<Editing | null>(null)
  const [shown, setShown] = useState<{ doc: Document; issued?: boolean; withdrawn?: boolean } | null>(null)
  const [withdrawing, setWithdrawing] = useState<Document | null>(null)

  const open = (d: Document) => void fetchDocument(d.id).then((doc) => setShown({ doc }))
  const edit = (d: Document) => void fetchDocument(d.id).then((doc) => setEditing({ doc }))
  const remove = (d: Document) => void confirmDeleteOf(`任免文件“${d.docNo}”`, () => deleteDocuments([d.id])).then((ok) => ok && crud.reload())
  const issue = (d: Document) =>
    void confirmAction(
      `发布任免文件“${d.docNo}”后，其中${d.itemCount}项任免将同时写入干部的任职信息和职数占用，文件不可再修改。任一项不符合（如超出核定职数而未填写理由）则全部不发布。确定发布吗？`,
      () =>
        issueDocument(d.id).then((r) => {
          announceBaseRefresh(EVENT_BASE_REFRESH)
          setShown({ doc: r.document, issued: true })
        }),
      '任免文件已发布',
    ).then((ok) => ok && crud.reload())
  const withdraw = (d: Document) => setWithdrawing(d)

  return (
    <>
      <CrudTable<Document>
        crud={crud}
        columns={columns({ open, edit, issue, withdraw, remove }, canEdit)}
        emptyText="还没有任免文件"
        searchFields={[
          { name: 'blurry', label: '文号或标题' },
          {
            name: 'state',
            label: '状态',
            type: 'select',
            options: (['draft', 'issued', 'withdrawn'] as const).map((s) => ({ value: s, label: DOC_STATE_NAMES[s] })),
          },
          { name: 'issuedOn', label: '发文日期', type: 'dateRange' },
        ]}
        toolbar={
          <Permission need={[PERM.gbzsAdd]}>
            <Button type="primary" onClick={() => setEditing({ doc: null })}>
              新增任免文件
            </Button>
          </Permission>
        }
      />
      {editing && (
        <FormDrawer<DocValues>
          title={editing.doc ? '修改任免文件' : '新增任免文件'}
          width={1000}
          initialValues={editing.doc ? valuesOf(editing.doc) : { items: [{ kind: 'appoint', promotion: true }] }}
          onSubmit={(v) => (editing.doc ? updateDocument(editing.doc.id, toBody(v)) : createDocument(toBody(v)))}
          onClose={() => setEditing(null)}
          onDone={crud.reload}
          successText="已保存为草稿"
        >
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="docNo" label="文号" rules={[{ required: true, message: '请输入文号' }, { max: 50, message: '文号不超过50个字' }]}>
                <Input placeholder="如 校党干〔2026〕12号" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="issuedOn" label="发文日期" rules={[{ required: true, message: '请选择发文日期' }]}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="issuer" label="发文机关" rules={[{ required: true, message: '请输入发文机关' }, { max: 100, message: '发文机关不超过100个字' }]}>
                <Input placeholder="如 中共某某大学委员会" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="title" label="文件标题" rules={[{ required: true, message: '请输入文件标题' }, { max: 200, message: '文件标题不超过200个字' }]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="提拔担任非选举产生的职务，试用期一年（《党政领导干部选拔任用工作条例》第五十三条），发布时按任职日期计算；选任制岗位和平级转任不设试用期。"
          />
          <Form.Item label="任免事项">
            <ItemsField known={editing.doc?.items ?? []} />
          </Form.Item>
        </FormDrawer>
      )}
      {withdrawing && (
        <ReasonDialog
          title={`撤销任免文件“${withdrawing.docNo}”`}
          label="撤销理由"
          okText="确定撤销"
          danger
          vertical
          width={560}
          maxLength={MAX_WITHDRAW_REASON}
          showCount
          note={
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`撤销后，其中${withdrawing.itemCount}项任免将按相反顺序同时撤回：任命的任职记录删除、职数释放，免去的职务恢复、职数重新占用，干部的现任职务随之恢复；文件保留为“已撤销”，不可再修改。任一项已被其后的任免文件改变（如任命后又被免去）则全部不撤销。`}
            />
          }
          send={(reason) =>
            withdrawDocument(withdrawing.id, { reason }).then((doc) => {
              announceBaseRefresh(EVENT_BASE_REFRESH)
              setShown({ doc, withdrawn: true })
            })
          }
          successText="任免文件已撤销"
          onClose={() => setWithdrawing(null)}
          onDone={crud.reload}
        />
      )}
      {shown && (
        <Modal open width={1000} title={shown.issued ? '发布结果' : shown.withdrawn ? '撤销结果' : '任免文件'} footer={null} onCancel={() => setShown(null)}>
          {shown.issued && <Alert type="success" showIcon style={{ marginBottom: 12 }} title="任免文件已发布：各项任免已写入干部任职信息，职数占用已更新。" />}
          {shown.withdrawn && <Alert type="success" showIcon style={{ marginBottom: 12 }} title="任免文件已撤销：各项任免已从干部任职信息中撤回，职数占用已恢复。" />}
          <DocumentView doc={shown.doc} />
        </Modal>
      )}
    </>
  )
}
