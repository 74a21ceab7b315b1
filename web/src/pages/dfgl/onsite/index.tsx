import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { CrudTable, type Selection } from '@/components/crud'
import { payOnsite, yuan, type Due } from '../batch/api'
import { dueColumns, dueSearch, useMonthDues } from '../batch/monthDues'

function CollectDialog({ dues, onClose, onDone }: { dues: Due[]; onClose: () => void; onDone: () => void }) {
  type V = { receiptNo?: string; payer?: string; remark?: string }
  const total = dues.reduce((n, d) => n + d.dueFen - d.paidFen, 0)
  const members = new Set(dues.map((d) => d.memberId)).size
  return (
    <FormDialog<V>
      title="现场收缴"
      onClose={onClose}
      onDone={onDone}
      successText="收缴成功"
      onSubmit={async (v) => {
        const p = await payOnsite({ dueIds: dues.map((d) => d.id), receiptNo: v.receiptNo?.trim(), payer: v.payer?.trim(), remark: v.remark?.trim() })
        ui.modal.success({ title: '收缴成功', content: `收据号 ${p.no}，金额 ${yuan(p.amountFen)} 元` })
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${members} 名党员，${dues.length} 笔，合计 ${yuan(total)} 元`} />
      <Form.Item label="收据号" name="receiptNo" extra="不填写则由系统生成" rules={[{ pattern: /^[A-Za-z0-9-]{0,40}$/, message: '收据号只能由字母、数字和短横线组成，不超过40个字符' }]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item label="缴款人" name="payer">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * 现场缴费: the branch's fee collector chooses the unpaid dues of a month (members of one organisation) and
 * records them under one receipt number, all or none.
 */
export default function FeeOnsitePage() {
  const canCollect = useHasPermission([PERM.dfOnsite])
  const [collecting, setCollecting] = useState<Selection<Due> | null>(null)
  const { month, crud, monthBar } = useMonthDues('dfgl-onsite', { state: 'unpaid' })
  return (
    <>
      {monthBar}
      <CrudTable<Due>
        crud={crud}
        searchFields={dueSearch}
        columns={dueColumns}
        emptyText={month ? '该月没有未缴的党员' : '尚无启动缴费的月份'}
        batchActions={
          canCollect
            ? (sel) => (
                <Button type="primary" disabled={sel.rows.length === 0} onClick={() => setCollecting(sel)}>
                  现场收缴{sel.rows.length > 0 ? `（${sel.rows.length}）` : ''}
                </Button>
              )
            : undefined
        }
      />
      {collecting && (
        <CollectDialog
          dues={collecting.rows}
          onClose={() => setCollecting(null)}
          onDone={() => {
            collecting.clear()
            crud.reload()
          }}
        />
      )}
    </>
  )
}
