import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Drawer, Form, Input, InputNumber, Modal, Space, Table, Tabs, Tag } from 'antd'
import { useState } from 'react'
import { TRAINEE_IMPORT, type AccountsResult, type Batch, type Candidate, type CompletionRow, type Trainee } from '@/api/generated/pschool'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { confirmAction, ImportButton } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import InitialPasswordDialog from '@/pages/system/user/components/InitialPasswordDialog'
import { candidatesOf, certificate, certificates, complete, completionOf, enrol, exportTrainees, fail, openAccounts, setAttendance, traineesOf, withdraw } from './api'

const SIZE = 20

interface Props {
  batch: Batch
  onClose: () => void
  /** After a change of the batch's trainees (the list's counts). */
  onChanged: () => void
}

/** A batch's page: its trainees (enrolment, import, attendance, withdrawal) and their completion (结业, certificates). */
export default function BatchDrawer({ batch: b, onClose, onChanged }: Props) {
  const [version, setVersion] = useState(0)
  const changed = () => {
    setVersion((v) => v + 1)
    onChanged()
  }
  return (
    <Drawer open title={`${b.title}（编号 ${b.id}）`} width={1000} onClose={onClose} destroyOnHidden>
      <p>
        {b.typeName} · {b.schoolName} · {b.startOn} 至 {b.endOn} · {b.days} 天 {b.hours} 学时 · 出勤不少于 {b.attendPct}% · {b.stateName}
      </p>
      <Tabs
        items={[
          { key: 'trainees', label: '学员', children: <TraineesTab batch={b} version={version} onChanged={changed} /> },
          { key: 'completion', label: '结业', children: <CompletionTab batch={b} version={version} onChanged={changed} /> },
        ]}
      />
    </Drawer>
  )
}

interface TabProps {
  batch: Batch
  version: number
  onChanged: () => void
}

function TraineesTab({ batch: b, version, onChanged }: TabProps) {
  const [page, setPage] = useState(1)
  const [chosen, setChosen] = useState<number[]>([])
  const [picking, setPicking] = useState(false)
  const [attending, setAttending] = useState<Trainee | null>(null)
  const canEnrol = useHasPermission([PERM.pxbEnrol]) && b.state !== 'finished'
  const q = useQuery({
    queryKey: ['dx', 'trainees', b.id, page, version],
    queryFn: () => traineesOf(b.id, { page: page - 1, size: SIZE }),
    placeholderData: keepPreviousData,
  })
  const [opened, setOpened] = useState<AccountsResult | null>(null)
  const rows = q.data?.content ?? []
  const withoutAccount = chosen.filter((id) => rows.some((t) => t.id === id && t.userId == null))
  const openChosen = () =>
    ui.modal.confirm({
      title: '开通学员账号',
      content: `将为所选 ${withoutAccount.length} 名尚无账号的学员开通账号：党员使用其党员账号；入党申请人、积极分子和发展对象以学号/工号为用户名开通“学员”账号（已有该用户名的账号则直接关联），并成为本班考试的考生。新账号的初始密码只显示一次。`,
      okText: '开通',
      cancelText: '取消',
      onOk: async () => {
        const r = await openAccounts(b.id, withoutAccount)
        const created = r.accounts.filter((a) => a.how === 'created').length
        ui.message.success(`已开通 ${r.accounts.length} 人的账号（新建 ${created} 个）${r.skipped.length > 0 ? `，${r.skipped.length} 人已有账号` : ''}`)
        setChosen([])
        if (created > 0) setOpened(r)
        onChanged()
      },
    })
  const withdrawChosen = () =>
    void confirmAction(`确定让所选 ${chosen.length} 名学员退学吗？`, () => withdraw(b.id, chosen, ''), '已退学', true).then((ok) => {
      if (!ok) return
      setChosen([])
      onChanged()
    })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        {canEnrol && (
          <Button type="primary" onClick={() => setPicking(true)}>
            从发展党员报名
          </Button>
        )}
        {b.state !== 'finished' && <ImportButton need={PERM.pxbEnrol} kind={TRAINEE_IMPORT} title="培训班学员" onDone={onChanged} />}
        {canEnrol && (
          <Button disabled={withoutAccount.length === 0} onClick={openChosen}>
            开通学员账号
          </Button>
        )}
        {canEnrol && (
          <Button danger disabled={chosen.length === 0} onClick={withdrawChosen}>
            退学
          </Button>
        )}
        <Permission need={[PERM.pxbExport]}>
          <Button onClick={() => void exportTrainees(b.id, b.title)}>导出学员名单</Button>
        </Permission>
      </Space>
      <Table<Trainee>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        pagination={serverPager(page, setPage, SIZE, q.data, { unit: '人', hideOnSinglePage: true })}
        locale={{ emptyText: `尚无学员：可从本党校范围内的${b.typeName.replace('培训班', '')}报名或导入` }}
        rowSelection={canEnrol ? { selectedRowKeys: chosen, onChange: (k) => setChosen(k as number[]), getCheckboxProps: (t) => ({ disabled: t.state !== 'enrolled' }) } : undefined}
        columns={[
          { title: '学号/工号', dataIndex: 'personNo', width: 130 },
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '党支部', dataIndex: 'orgName', ellipsis: true },
          { title: '出勤天数', dataIndex: 'daysAttended', width: 90 },
          { title: '线下学时', dataIndex: 'hoursAttended', width: 90 },
          { title: '账号', width: 80, render: (_, t) => (t.userId == null ? <Tag>未开通</Tag> : <Tag color="green">已开通</Tag>) },
          { title: '状态', dataIndex: 'stateName', width: 80 },
          {
            title: '操作',
            width: 90,
            render: (_, t) =>
              canEnrol && t.state === 'enrolled' ? (
                <Button type="link" size="small" onClick={() => setAttending(t)}>
                  考勤
                </Button>
              ) : null,
          },
        ]}
      />
      {picking && <CandidatesModal batch={b} onClose={() => setPicking(false)} onDone={onChanged} />}
      {attending && <AttendanceModal batch={b} trainee={attending} onClose={() => setAttending(null)} onDone={onChanged} />}
      {opened && (
        <InitialPasswordDialog
          title={`${b.title}学员账号初始密码`}
          accounts={opened.accounts.filter((a) => a.how === 'created').map((a) => ({ username: a.username, nickName: a.name, initialPassword: a.initialPassword ?? '' }))}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  )
}

/** 报名: the development records of the batch type's stage under the school's organisation. */
function CandidatesModal({ batch: b, onClose, onDone }: { batch: Batch; onClose: () => void; onDone: () => void }) {
  const [page, setPage] = useState(1)
  const [blurry, setBlurry] = useState('')
  const [chosen, setChosen] = useState<number[]>([])
  const q = useQuery({
    queryKey: ['dx', 'candidates', b.id, page, blurry],
    queryFn: () => candidatesOf(b.id, { page: page - 1, size: 10, ...(blurry ? { blurry } : {}) }),
    placeholderData: keepPreviousData,
  })
  const submit = async () => {
    const { enrolled } = await enrol(b.id, chosen)
    ui.message.success(`已报名 ${enrolled} 人`)
    onDone()
    onClose()
  }
  return (
    <Modal open title="从发展党员报名" width={760} okText="报名" okButtonProps={{ disabled: chosen.length === 0 }} onOk={submit} onCancel={onClose}>
      <Input.Search placeholder="姓名或学号/工号" allowClear onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} style={{ marginBottom: 12 }} />
      <Table<Candidate>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.content ?? []}
        pagination={serverPager(page, setPage, 10, q.data, { unit: '人' })}
        rowSelection={{ selectedRowKeys: chosen, preserveSelectedRowKeys: true, onChange: (k) => setChosen(k as number[]) }}
        locale={{ emptyText: '本党校范围内没有该阶段的发展党员记录' }}
        columns={[
          { title: '学号/工号', dataIndex: 'personNo', width: 140 },
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '党支部', dataIndex: 'orgName', ellipsis: true },
        ]}
      />
    </Modal>
  )
}

/** 考勤: the days and the offline class hours a trainee attended. */
function AttendanceModal({ batch: b, trainee: t, onClose, onDone }: { batch: Batch; trainee: Trainee; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ daysAttended: number; hoursAttended: number }>()
  const submit = async () => {
    const v = await form.validateFields()
    await setAttendance(b.id, [{ traineeId: t.id, daysAttended: v.daysAttended, hoursAttended: v.hoursAttended }])
    ui.message.success('已登记考勤')
    onDone()
    onClose()
  }
  return (
    <Modal open title={`登记考勤：${t.name}`} onOk={submit} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={{ daysAttended: t.daysAttended, hoursAttended: t.hoursAttended }}>
        <Form.Item name="daysAttended" label={`出勤天数（共 ${b.days} 天）`} rules={[{ required: true, message: '请填写出勤天数' }]}>
          <InputNumber min={0} max={b.days} precision={0} />
        </Form.Item>
        <Form.Item name="hoursAttended" label={`线下学时（不超过 ${b.days * 8}）`} rules={[{ required: true, message: '请填写线下学时' }]}>
          <InputNumber min={0} max={b.days * 8} step={0.5} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function CompletionTab({ batch: b, version, onChanged }: TabProps) {
  const [page, setPage] = useState(1)
  const [chosen, setChosen] = useState<number[]>([])
  const canComplete = useHasPermission([PERM.pxbComplete])
  const q = useQuery({
    queryKey: ['dx', 'completion', b.id, page, version],
    queryFn: () => completionOf(b.id, { page: page - 1, size: SIZE }),
    placeholderData: keepPreviousData,
  })
  const run = (body: { traineeIds?: number[]; all?: boolean }, question: string) =>
    void confirmAction(
      question,
      async () => {
        const r = await complete(b.id, body)
        if (r.refused.length > 0) {
          ui.modal.info({
            title: `已结业 ${r.completed.length} 人，${r.refused.length} 人未结业`,
            content: r.refused.map((x) => `${x.name}：${x.reasons.join('；')}`).join('\n'),
          })
        }
      },
      '结业已办理',
    ).then((ok) => {
      if (!ok) return
      setChosen([])
      onChanged()
    })
  const failChosen = () => {
    let reason = ''
    ui.modal.confirm({
      title: `评定所选 ${chosen.length} 名学员不合格`,
      content: <Input.TextArea aria-label="不合格原因" maxLength={200} placeholder="不合格原因" onChange={(e) => (reason = e.target.value)} />,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await fail(b.id, chosen, reason)
        ui.message.success('已评定不合格')
        setChosen([])
        onChanged()
      },
    })
  }
  const open = b.state === 'open'
  return (
    <>
      {canComplete && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button type="primary" disabled={!open || chosen.length === 0} onClick={() => run({ traineeIds: chosen }, `确定为所选 ${chosen.length} 名学员办理结业吗？`)}>
            所选结业
          </Button>
          <Button disabled={!open} onClick={() => run({ all: true }, '确定为所有符合结业条件的学员办理结业吗？结业后培训记录写入其发展党员档案。')}>
            符合条件的全部结业
          </Button>
          <Button danger disabled={!open || chosen.length === 0} onClick={failChosen}>
            评定不合格
          </Button>
          <Button disabled={b.completed === 0} onClick={() => void certificates(b.id, b.title)}>
            下载全部结业证书
          </Button>
          {!open && <span>{b.state === 'draft' ? '开班后才能办理结业' : '培训班已结束'}</span>}
        </Space>
      )}
      <Table<CompletionRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.content ?? []}
        pagination={serverPager(page, setPage, SIZE, q.data, { unit: '人', hideOnSinglePage: true })}
        locale={{ emptyText: '尚无学员' }}
        rowSelection={canComplete && open ? { selectedRowKeys: chosen, onChange: (k) => setChosen(k as number[]), getCheckboxProps: (r) => ({ disabled: r.state !== 'enrolled' }) } : undefined}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 90 },
          { title: '出勤', width: 110, render: (_, r) => <Tag color={r.attendanceMet ? 'green' : 'red'}>{`${r.daysAttended}/${b.days} 天`}</Tag> },
          { title: '学时', width: 150, render: (_, r) => <Tag color={r.hoursMet ? 'green' : 'red'}>{`${r.totalHours}（线上 ${r.onlineHours}）/ ${b.hours}`}</Tag> },
          {
            title: '考试',
            width: 100,
            render: (_, r) => (b.examId == null ? '无' : r.exam ? <Tag color={r.examMet ? 'green' : 'red'}>{r.exam.graded ? `${r.exam.score} 分` : '待阅卷'}</Tag> : <Tag color="red">未参加</Tag>),
          },
          { title: '状态', dataIndex: 'stateName', width: 80 },
          { title: '未满足的条件', render: (_, r) => (r.eligible ? <Tag color="green">符合结业条件</Tag> : r.reasons.join('；')) },
          {
            title: '证书',
            width: 200,
            render: (_, r) =>
              r.state === 'completed' ? (
                <Button type="link" size="small" onClick={() => void certificate(b.id, r)}>
                  {r.certificateNo}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  )
}
