import { Drawer, Tag } from 'antd'
import { useMemo, useState } from 'react'
import { post, put } from '@/api/request'
import { COLUMN_DICTS, KIND_NAMES, LIMITS, STATE_NAMES, STATES, type ItemView, type Kind, type State } from '@/api/generated/content'
import { PERM, type Perm } from '@/api/permissions'
import ReasonDialog from '@/components/ReasonDialog'
import RichTextEditor from '@/components/RichTextEditor'
import RichText from '@/components/RichTextEditor/RichText'
import { confirmAction, defineResource, deleter, getFetcher, ResourcePage, type ResourcePageApi, type RowAction } from '@/components/crud'
import RecordAttachments from '@/components/flow/RecordAttachments'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { API_BASE, flowStep, uploadBodyImage } from './api'
import RoleSelect from './RoleSelect'
import ReadersDrawer from './ReadersDrawer'

interface KindPerms {
  add: Perm
  edit: Perm
  del: Perm
  export: Perm
  publish: Perm
}

const PERMS: Record<Kind, KindPerms> = {
  NEWS: { add: PERM.dwxwAdd, edit: PERM.dwxwEdit, del: PERM.dwxwDel, export: PERM.dwxwExport, publish: PERM.dwxwPublish },
  ARTICLE: { add: PERM.wzglAdd, edit: PERM.wzglEdit, del: PERM.wzglDel, export: PERM.wzglExport, publish: PERM.wzglPublish },
}

const STATE_COLORS: Record<State, string> = { DRAFT: 'default', PENDING: 'orange', PUBLISHED: 'green', WITHDRAWN: 'red' }
const editable = (s: State) => s === 'DRAFT' || s === 'WITHDRAWN'

function resourceOf(kind: Kind) {
  const api = API_BASE[kind]
  const noun = KIND_NAMES[kind]
  return defineResource<ItemView>({
    key: `content-${kind}`,
    columnsKey: `content.${kind}`,
    noun: kind === 'NEWS' ? '新闻' : '文章',
    api: { fetch: getFetcher<ItemView>(api), create: (b) => post(api, b), update: (b) => put(api, b), remove: deleter(api) },
    keyword: '标题或摘要',
    permissions: { add: PERMS[kind].add, edit: PERMS[kind].edit, del: PERMS[kind].del, export: PERMS[kind].export },
    export: { url: `${api}/export`, fileName: `${noun}.xlsx` },
    titleOf: (v) => v.title,
    emptyText: `还没有${noun}`,
    fields: [
      { name: 'title', label: '标题', required: true, max: LIMITS.title, column: { ellipsis: true } },
      { name: 'column', label: '栏目', type: 'dict', dict: COLUMN_DICTS[kind], required: true, width: 110, search: true },
      {
        name: 'state',
        label: '状态',
        type: 'select',
        options: STATES.map((s) => ({ value: s, label: STATE_NAMES[s] })),
        width: 90,
        search: true,
        form: false,
        column: { render: (_: unknown, v: ItemView) => <Tag color={STATE_COLORS[v.state as State]}>{v.stateLabel}</Tag> },
      },
      {
        name: 'orgId',
        label: '发布范围',
        display: 'orgName',
        type: 'custom',
        width: 180,
        search: { render: () => <OrgTreeSelect style={{ width: 220 }} /> },
        form: { render: () => <OrgTreeSelect />, extra: '该党组织及其下级党组织的人员可见；不选为本人所在党组织' },
      },
      {
        name: 'roleIds',
        label: '可见角色',
        type: 'custom',
        column: false,
        // Named only in the form: the roles' list is the writers' (a reader of the list alone would get a 403).
        detail: false,
        form: { render: () => <RoleSelect kind={kind} />, extra: '发布范围内持有所选角色之一的人员可见；不选则不限角色' },
      },
      { name: 'pinnedUntil', label: '置顶至', type: 'date', width: 110, form: { extra: '截止日之后按发布时间排列' } },
      { name: 'summary', label: '摘要', type: 'textarea', max: 500, column: false, form: { extra: '不填则取正文开头' } },
      {
        name: 'body',
        label: '正文',
        type: 'custom',
        required: true,
        column: false,
        form: {
          render: ({ record }) => (
            <RichTextEditor
              aria-label="正文"
              uploadImage={record ? (file) => uploadBodyImage(kind, record.id, file) : undefined}
              imageUnavailable="保存草稿后可插入图片"
            />
          ),
        },
        detail: { span: 'filled', render: (v: ItemView) => <RichText html={v.body} /> },
      },
      { name: 'authorName', label: '作者', width: 100, form: false },
      { name: 'publishedAt', label: '发布时间', type: 'datetime', width: 160, form: false },
      { name: 'reviewNote', label: '审核意见', column: false, form: false },
    ],
  })
}

/** 党务新闻 / 文章管理: the writers' list within their scope, the editor, the flow and the readers of each item. */
export default function ItemPage({ kind }: { kind: Kind }) {
  const resource = useMemo(() => resourceOf(kind), [kind])
  const perms = PERMS[kind]
  const [readers, setReaders] = useState<ItemView | null>(null)
  const [rejecting, setRejecting] = useState<{ item: ItemView; page: ResourcePageApi<ItemView> } | null>(null)
  const [files, setFiles] = useState<ItemView | null>(null)
  const step = (page: ResourcePageApi<ItemView>, v: ItemView, name: 'submit' | 'publish' | 'withdraw', question: string, done: string) =>
    void confirmAction(question, () => flowStep(kind, v.id, name), done).then((ok) => ok && page.crud.reload())
  const actions = (v: ItemView, page: ResourcePageApi<ItemView>): RowAction[] => {
    const state = v.state as State
    return [
      { key: 'submit', label: '提交审核', need: perms.add, hidden: !editable(state), onClick: () => step(page, v, 'submit', `提交“${v.title}”审核？`, '已提交审核') },
      { key: 'publish', label: '发布', need: perms.publish, hidden: state !== 'PENDING', onClick: () => step(page, v, 'publish', `发布“${v.title}”？`, '已发布') },
      { key: 'reject', label: '退回', need: perms.publish, hidden: state !== 'PENDING', onClick: () => setRejecting({ item: v, page }) },
      { key: 'withdraw', label: '撤回', need: perms.publish, hidden: state !== 'PUBLISHED', danger: true, onClick: () => step(page, v, 'withdraw', `撤回“${v.title}”？撤回后读者不再看到。`, '已撤回') },
      { key: 'readers', label: '阅读情况', hidden: state !== 'PUBLISHED', onClick: () => setReaders(v) },
      { key: 'files', label: '附件', onClick: () => setFiles(v) },
    ]
  }
  return (
    <>
      <ResourcePage resource={resource} actionWidth={260} rowActions={actions} />
      {readers && <ReadersDrawer kind={kind} item={readers} onClose={() => setReaders(null)} />}
      {files && (
        <AttachmentsDrawer kind={kind} item={files} editPerm={perms.edit} onClose={() => setFiles(null)} />
      )}
      {rejecting && (
        <ReasonDialog
          title={`退回“${rejecting.item.title}”`}
          label="退回原因"
          name="note"
          maxLength={500}
          send={(note) => flowStep(kind, rejecting.item.id, 'reject', { note })}
          successText="已退回"
          onClose={() => setRejecting(null)}
          onDone={() => rejecting.page.crud.reload()}
        />
      )}
    </>
  )
}


/** The item's attachments (downloaded by their file names); added or removed while it is a draft or withdrawn. */
function AttachmentsDrawer({ kind, item, editPerm, onClose }: { kind: Kind; item: ItemView; editPerm: Perm; onClose: () => void }) {
  return (
    <Drawer open title={`附件：${item.title}`} size={560} onClose={onClose}>
      <RecordAttachments api={`${API_BASE[kind]}/${item.id}/attachments`} editPerm={editPerm} readOnly={!editable(item.state as State)} emptyText="没有附件" />
    </Drawer>
  )
}
