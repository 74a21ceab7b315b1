import { Alert, Button, Empty, Modal, Progress, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import type { Opened, OpenedCodes, Paper, RoundDetail } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { confirmAction } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { closeRound, openRound } from './api'

/** A one-time link of a printed code: the evaluator's phone opens it without signing in. */
export const codeLink = (ballotRoundId: number, code: string) =>
  `${window.location.origin}/web/cadre/anonymous?round=${ballotRoundId}&code=${encodeURIComponent(code)}`

const percent = (cast: number, issued: number) => (issued ? Math.floor((cast * 1000) / issued) / 10 : 0)

/** The codes the opening answered, shown once: a sheet per paper, each code with its link, for printing. */
export function CodesModal({ opened, onClose }: { opened: Opened; onClose: () => void }) {
  return (
    <Modal open title="一次性测评码（仅显示一次）" width={820} onCancel={onClose} onOk={() => window.print()} okText="打印" cancelText="关闭" mask={{ closable: false }}>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }}
        title="测评码只显示这一次，系统只保存其摘要，关闭后无法再次查看。请先打印，按单位发放给评价人员；每个测评码只能测评一次。" />
      {opened.codes.map((p: OpenedCodes) => (
        <section key={p.ballotRoundId} className="print-sheet" style={{ breakAfter: 'page', marginBottom: 16 }}>
          <Typography.Title level={5}>{p.unitName} · {p.groupName}（{p.codes.length} 个）</Typography.Title>
          <Table rowKey="no" size="small" pagination={false} dataSource={p.codes}
            columns={[
              { title: '序号', dataIndex: 'no', width: 70 },
              { title: '测评码', dataIndex: 'code', width: 140, render: (c: string) => <Typography.Text code>{c}</Typography.Text> },
              { title: '测评链接（手机打开，无需登录）', key: 'link', render: (_, c) => <Typography.Text style={{ wordBreak: 'break-all' }}>{codeLink(p.ballotRoundId, c.code)}</Typography.Text> },
            ]} />
        </section>
      ))}
    </Modal>
  )
}

interface GroupTotal { groupKey: string; groupName: string; issued: number; cast: number }

/** 测评: the papers (a unit's cadres for one group) with their turnout, totals per group; 开始测评 and 结束测评. */
export default function PapersTab({ round, onChanged }: { round: RoundDetail; onChanged: () => void }) {
  const mayOpen = useHasPermission([PERM.gbkhOpen])
  const [opened, setOpened] = useState<Opened | null>(null)
  const totals = round.papers.reduce<GroupTotal[]>((acc, p) => {
    const t = acc.find((x) => x.groupKey === p.groupKey)
    if (t) { t.issued += p.issued; t.cast += p.cast } else acc.push({ groupKey: p.groupKey, groupName: p.groupName, issued: p.issued, cast: p.cast })
    return acc
  }, [])
  const open = () =>
    void confirmAction(`开始测评后不能再修改参评干部和评价人员。共 ${round.cadres} 名干部、${round.draws.length} 组评价人员，确定开始吗？`, async () => {
      const r = await openRound(round.id, { updateTime: round.updateTime })
      if (r.codes.length) setOpened(r)
      onChanged()
    }, '测评已开始')
  const close = () =>
    void confirmAction(`已提交 ${round.cast} 份，应提交 ${round.issued} 份。结束后不能再测评，系统将计算综合得分和等次。确定结束吗？`, async () => {
      await closeRound(round.id, { updateTime: round.updateTime })
      onChanged()
    }, '测评已结束，请核对结果')
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        {mayOpen && round.state === 'draft' && <Button type="primary" onClick={open} disabled={!round.cadres || !round.draws.length}>开始测评</Button>}
        {mayOpen && round.state === 'evaluating' && <Button type="primary" danger onClick={close}>结束测评</Button>}
        {round.state === 'draft' && (!round.cadres || !round.draws.length) && <Typography.Text type="secondary">请先添加参评干部和评价人员</Typography.Text>}
        {round.state === 'evaluating' && <Typography.Text type="secondary">每 15 秒自动刷新</Typography.Text>}
      </Space>
      {totals.length > 0 && (
        <Space style={{ marginBottom: 12 }} wrap aria-label="各评价主体合计">
          {totals.map((t) => (
            <span key={t.groupKey} style={{ display: 'inline-block', width: 220 }}>
              {t.groupName}：{t.cast}/{t.issued}
              <Progress percent={percent(t.cast, t.issued)} size="small" />
            </span>
          ))}
        </Space>
      )}
      <Table<Paper> rowKey="id" size="middle" pagination={false} dataSource={round.papers}
        locale={{ emptyText: <Empty description={round.state === 'draft' ? '开始测评后，按单位和评价主体生成测评表' : '本次考核没有测评表'} /> }}
        columns={[
          { title: '单位', dataIndex: 'unitName' },
          { title: '评价主体', dataIndex: 'groupName', width: 140 },
          { title: '应测评', dataIndex: 'issued', width: 90 },
          { title: '已提交', dataIndex: 'cast', width: 90 },
          { title: '无效票', dataIndex: 'invalid', width: 90, render: (n: number) => (round.state === 'counted' || round.state === 'confirmed' ? n : '—') },
          { title: '参与率', key: 'turnout', width: 100, render: (_, p) => `${percent(p.cast, p.issued)}%` },
        ]} />
      {opened && <CodesModal opened={opened} onClose={() => setOpened(null)} />}
    </>
  )
}
