import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Empty, Modal, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { Count, Opened, Roll, VoteInput, VoteView } from '@/api/generated/election'
import { failureText } from '@/api/request'

/** A vote's result: per name the votes, a majority or not (needed: the fewest votes that are more than half of those present), elected, tied (docs/election.md). */
export function ResultTable({ counts, needed }: { counts: Count[]; needed: number }) {
  return (
    <Table<Count>
      rowKey={(c) => `${c.key ?? ''}:${c.name}`}
      size="small"
      pagination={false}
      dataSource={counts}
      columns={[
        { title: '被选举人', render: (_, c) => <>{c.name}{c.writeIn && <Tag style={{ marginLeft: 6 }}>另选他人</Tag>}</> },
        { title: '得票', dataIndex: 'votes', width: 80 },
        { title: '过半数', width: 80, render: (_, c) => (c.majority ? '是' : `否（需至少${needed}票）`) },
        {
          title: '结果', width: 120,
          render: (_, c) => (c.elected ? <Tag color="success">当选</Tag> : c.tied ? <Tag color="warning">票数相等，再次投票</Tag> : <Tag>未当选</Tag>),
        },
      ]}
    />
  )
}

/** The votes of an election or a constituency: turnout while voting, the count once closed, 结束投票并计票. */
export function VoteList({ votes, canVote, onClose }: { votes: VoteView[]; canVote: boolean; onClose: (voteId: number) => Promise<unknown> }) {
  const [busy, setBusy] = useState(0)
  if (!votes.length) return <Empty description="尚未投票：选举大会召开时，由组织者勾选到会人员后开始投票" />
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {votes.map((v) => (
        <div key={v.id} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 12 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong>第{v.seq}次投票</Typography.Text>
            <Tag color={v.state === 'open' ? 'processing' : 'default'}>{v.stateName}</Tag>
            <span>应选 {v.seats} 名；应到 {v.expected} 人，实到 {v.present} 人；已投 {v.cast}/{v.issued} 票</span>
            {v.state === 'open' && canVote && (
              <Button
                size="small"
                type="primary"
                loading={busy === v.id}
                onClick={() =>
                  Modal.confirm({
                    title: '结束投票并计票？',
                    content: `已投 ${v.cast}/${v.issued} 票。结束后未投票的人员不能再投票。`,
                    onOk: async () => {
                      setBusy(v.id)
                      try {
                        await onClose(v.id)
                      } finally {
                        setBusy(0)
                      }
                    },
                  })
                }
              >
                结束投票并计票
              </Button>
            )}
          </Space>
          {v.result && !v.result.valid && <Alert type="error" showIcon title="收回的选票多于实到人数，本次选举无效，应重新投票" />}
          {v.result?.valid && (
            <>
              <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }}>
                收回选票 {v.result.ballots} 张；当选 {v.result.elected} 名
                {v.result.tiedSeats > 0 && `；最后 ${v.result.tiedSeats} 个名额票数相等，应再次投票`}
                {v.result.short > 0 && `；${v.result.short} 个名额无人获得过半数赞成票`}
              </Typography.Paragraph>
              <ResultTable counts={v.result.counts} needed={v.result.needed} />
              {v.result.secretary && (
                <>
                  <Typography.Paragraph strong style={{ margin: '12px 0 8px' }}>书记选举</Typography.Paragraph>
                  <ResultTable counts={v.result.secretary.counts} needed={v.result.secretary.needed} />
                </>
              )}
            </>
          )}
        </div>
      ))}
    </Space>
  )
}

/**
 * 开始投票: the members with a vote (应到), ticked present (实到: more than four fifths), the names on the paper;
 * those with an account vote on their phones at 党组织换届投票, the others get a printed code each (shown once).
 */
/** The public page where a printed code is used (凭票码投票). */
export const codeLink = (round: number) => `${window.location.origin}/web/vote?round=${round}`

export function OpenVoteDialog({ title, load, open, onClose, onOpened }: {
  title: string
  load: () => Promise<Roll>
  open: (body: VoteInput) => Promise<Opened>
  onClose: () => void
  onOpened: () => void
}) {
  const roll = useQuery({ queryKey: ['xj', 'roll', title], queryFn: load })
  const [present, setPresent] = useState<number[]>([])
  const [opened, setOpened] = useState<Opened | null>(null)
  const codes = opened?.codes
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (codes) {
    return (
      <Modal open title="投票已开始：请分发一次性票码" width={560} onCancel={onClose} onOk={onClose} okText="我已记录" cancelButtonProps={{ hidden: true }}>
        <Alert type="warning" showIcon title="票码只显示这一次，请打印或抄录后分发给没有账号的到会党员，每码只能投一次" style={{ marginBottom: 12 }} />
        {codes.length > 0 && opened && <Typography.Paragraph>凭票码投票的地址：<Typography.Text copyable>{codeLink(opened.roundId)}</Typography.Text></Typography.Paragraph>}
        {codes.length ? (
          <Table rowKey="no" size="small" pagination={false} dataSource={codes}
            columns={[{ title: '序号', dataIndex: 'no', width: 80 }, { title: '票码', dataIndex: 'code', render: (c: string) => <Typography.Text code copyable>{c}</Typography.Text> }]} />
        ) : (
          <Typography.Paragraph>到会党员都有账号，请他们在手机上打开“党组织换届投票”投票。</Typography.Paragraph>
        )}
      </Modal>
    )
  }
  const r = roll.data
  return (
    <Modal
      open
      title={title}
      width={640}
      onCancel={onClose}
      okText="开始投票"
      okButtonProps={{ disabled: !r || present.length === 0, loading: busy }}
      onOk={async () => {
        setBusy(true)
        setError(null)
        try {
          const o = await open({ present })
          setOpened(o)
          onOpened()
        } catch (e) {
          setError(await failureText(e))
        } finally {
          setBusy(false)
        }
      }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {roll.isError && <Alert type="error" showIcon title="现在不能开始投票，原因见页面上方的提示" />}
      {r && (
        <>
          <Typography.Paragraph>
            应选 {r.seats} 名，候选人：{r.options.map((o) => o.name).join('、') || '无'}。应到会（有选举权的正式党员）{r.expected} 人，已勾选实到 {present.length} 人
            {r.expected > 0 && present.length * 5 <= r.expected * 4 && <Typography.Text type="danger">（须超过应到人数的五分之四）</Typography.Text>}。
          </Typography.Paragraph>
          <Space style={{ marginBottom: 8 }}>
            <Button size="small" onClick={() => setPresent(r.voters.map((v) => v.id))}>全部到会</Button>
            <Button size="small" onClick={() => setPresent([])}>清空</Button>
          </Space>
          <Checkbox.Group style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} value={present} onChange={(v) => setPresent(v as number[])}
            options={r.voters.map((v) => ({ value: v.id, label: `${v.name}${v.hasAccount ? '' : '（票码）'}` }))} />
        </>
      )}
    </Modal>
  )
}
