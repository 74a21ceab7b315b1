import { useQuery } from '@tanstack/react-query'
import { Descriptions, Table, Typography, type TableColumnType } from 'antd'
import { useState } from 'react'
import { deleteNotices, fetchNotices, NOTICE_KINDS, noticeDetail, noticeDocxUrl, type DevRecord, type Notice } from '@/api/develop'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { actionColumn, AddButton, confirmDeleteOf, CrudTable, RowActions, useCrud, type SearchField } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { DocumentDrawer } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import NoticeForm from './NoticeForm'

const downloadWord = (n: Pick<Notice, 'id' | 'title'>) => downloadFile(noticeDocxUrl(n.id), undefined, `${n.title}.docx`).catch(() => undefined)

/** A notice with its records: 打印 opens the print view, 下载 Word the filled template. */
function NoticeDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['fzdy', 'notice', id], queryFn: () => noticeDetail(id) })
  const n = detail.data
  return (
    <DocumentDrawer
      title={n?.title}
      loadingTitle="公示详情"
      loading={!n}
      outputs={n && { view: 'devNotice', params: { id }, word: () => void downloadWord(n) }}
      onClose={onClose}
    >
      {n && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="公示类别">{n.kindName}</Descriptions.Item>
            <Descriptions.Item label="党组织">{n.orgName}</Descriptions.Item>
            <Descriptions.Item label="公示期">
              {n.startOn} 至 {n.endOn}（{n.workdays} 个工作日）
            </Descriptions.Item>
            <Descriptions.Item label="意见受理">{n.contact || '—'}</Descriptions.Item>
            <Descriptions.Item label="公示内容" span="filled">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{n.content || '—'}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            公示人员（{n.records.length} 人）
          </Typography.Title>
          <Table<DevRecord>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={n.records}
            scroll={{ x: 520 }}
            columns={[
              { title: '姓名', dataIndex: 'name', width: 90 },
              { title: '性别', dataIndex: 'genderLabel', width: 60 },
              { title: '学号/工号', dataIndex: 'personNo', width: 120 },
              { title: '党支部', dataIndex: 'orgName', ellipsis: true },
              { title: '阶段', dataIndex: 'stageName', width: 110 },
            ]}
          />
        </>
      )}
    </DocumentDrawer>
  )
}

/** 公示管理: the notices before 确定发展对象, 接收预备党员 and 转正; publish, view, print, download, delete. */
export default function DevNoticePage() {
  const crud = useCrud<Notice>({ key: 'fzdy-notices', fetch: fetchNotices })
  const [creating, setCreating] = useState(false)
  const [viewing, setViewing] = useState<number | null>(null)
  const canDelete = useHasPermission([PERM.fzdyNotice])
  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '公示标题' },
    { name: 'kind', label: '公示类别', type: 'select', options: NOTICE_KINDS.map((k) => ({ value: k.value, label: k.label })) },
    { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
  ]
  const columns: TableColumnType<Notice>[] = [
    {
      title: '公示标题',
      dataIndex: 'title',
      key: 'title',
      width: 220,
      fixed: 'left',
      ellipsis: true,
      render: (t: string, n) => <Typography.Link onClick={() => setViewing(n.id)}>{t}</Typography.Link>,
    },
    { title: '公示类别', dataIndex: 'kindName', key: 'kindName', width: 150 },
    { title: '党组织', dataIndex: 'orgName', key: 'orgName', width: 200, ellipsis: true },
    { title: '开始日期', dataIndex: 'startOn', key: 'startOn', width: 110, sorter: true },
    { title: '结束日期', dataIndex: 'endOn', key: 'endOn', width: 110, sorter: true },
    { title: '人数', dataIndex: 'recordCount', key: 'recordCount', width: 70 },
    actionColumn<Notice>(
      (n) => (
        <RowActions
          actions={[
            { key: 'detail', label: '详情', onClick: () => setViewing(n.id) },
            { key: 'print', label: '打印', onClick: () => openPrintView('devNotice', { id: n.id }) },
          ]}
          more={[
            { key: 'word', label: '下载 Word', onClick: () => void downloadWord(n) },
            {
              key: 'delete',
              label: '删除',
              danger: true,
              need: PERM.fzdyNotice,
              onClick: () => void confirmDeleteOf(n.title, () => deleteNotices([n.id])).then((ok) => ok && crud.reload()),
            },
          ]}
        />
      ),
      170,
    ),
  ]
  return (
    <>
      <CrudTable<Notice>
        crud={crud}
        columns={columns}
        columnsKey="develop.notice"
        searchFields={searchFields}
        emptyText="暂无公示：确定发展对象、接收预备党员和转正前，在此发布不少于 5 个工作日的公示"
        onDelete={canDelete ? (ids) => deleteNotices(ids as number[]) : undefined}
        nameOf={(n) => n.title}
        noun="公示"
        toolbar={
          <AddButton need={PERM.fzdyNotice} onClick={() => setCreating(true)}>
            发布公示
          </AddButton>
        }
      />
      {creating && <NoticeForm onClose={() => setCreating(false)} onDone={crud.reload} />}
      {viewing !== null && <NoticeDrawer id={viewing} onClose={() => setViewing(null)} />}
    </>
  )
}
