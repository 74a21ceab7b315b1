import { useQuery } from '@tanstack/react-query'
import { Table, Typography } from 'antd'
import { useState } from 'react'
import { deleteNotices, fetchNotices, NOTICE_KINDS, noticeDetail, noticeDocxUrl, type DevRecord, type Notice } from '@/api/develop'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { AddButton, defineResource, deleteAction, ResourcePage } from '@/components/crud'
import FactList from '@/components/FactList'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { DocumentDrawer } from '@/components/flow'
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
          <FactList
            column={{ xs: 1, sm: 2 }}
            bordered
            facts={[
              ['公示类别', n.kindName],
              ['党组织', n.orgName],
              ['公示期', `${n.startOn} 至 ${n.endOn}（${n.workdays} 个工作日）`],
              ['意见受理', n.contact || '—'],
              ['公示内容', <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{n.content || '—'}</Typography.Paragraph>, 'filled'],
            ]}
          />
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
  const [creating, setCreating] = useState(false)
  const [viewing, setViewing] = useState<number | null>(null)
  const resource = defineResource<Notice>({
    key: 'fzdy-notices',
    columnsKey: 'develop.notice',
    noun: '公示',
    api: { fetch: fetchNotices, remove: deleteNotices },
    keyword: '公示标题',
    permissions: { del: PERM.fzdyNotice },
    titleOf: (n) => n.title,
    nameField: 'title',
    emptyText: '暂无公示：确定发展对象、接收预备党员和转正前，在此发布不少于 5 个工作日的公示',
    fields: [
      { name: 'title', label: '公示标题', width: 220, column: { ellipsis: true }, render: (t: string, n: Notice) => <Typography.Link onClick={() => setViewing(n.id)}>{t}</Typography.Link> },
      { name: 'kind', label: '公示类别', type: 'select', options: NOTICE_KINDS.map((k) => ({ value: k.value, label: k.label })), display: 'kindName', width: 150, search: { single: true } },
      { name: 'orgId', label: '党组织', display: 'orgName', type: 'custom', width: 200, search: { render: () => <OrgTreeSelect style={{ width: 220 }} /> } },
      { name: 'startOn', label: '开始日期', type: 'date', width: 110, column: { sorter: true } },
      { name: 'endOn', label: '结束日期', type: 'date', width: 110, column: { sorter: true } },
      { name: 'recordCount', label: '人数', type: 'number', width: 70 },
    ],
  })
  return (
    <ResourcePage<Notice>
      resource={resource}
      actionWidth={170}
      rowActions={(n) => [
        { key: 'detail', label: '详情', onClick: () => setViewing(n.id) },
        { key: 'print', label: '打印', onClick: () => openPrintView('devNotice', { id: n.id }) },
      ]}
      moreActions={(n, { crud }) => [
        { key: 'word', label: '下载 Word', onClick: () => void downloadWord(n) },
        deleteAction(PERM.fzdyNotice, n.title, () => deleteNotices([n.id]), crud.reload, { key: 'delete' }),
      ]}
      toolbar={
        <AddButton need={PERM.fzdyNotice} onClick={() => setCreating(true)}>
          发布公示
        </AddButton>
      }
      dialogs={({ crud }) => (
        <>
          {creating && <NoticeForm onClose={() => setCreating(false)} onDone={crud.reload} />}
          {viewing !== null && <NoticeDrawer id={viewing} onClose={() => setViewing(null)} />}
        </>
      )}
    />
  )
}
