import { Form, Input } from 'antd'
import FormDialog from '@/components/FormDialog'
import { setNote } from '../service'

interface Props {
  year: number
  note: string
  onClose: () => void
  onDone: () => void
}

/** 编辑说明 of a year: where its days come from and what is still to be entered. */
export default function NoteDialog({ year, note, onClose, onDone }: Props) {
  return (
    <FormDialog<{ note: string }>
      title={`${year}年说明`}
      initialValues={{ note }}
      onSubmit={(v) => setNote(year, v.note ?? '')}
      onClose={onClose}
      onDone={onDone}
      labelSpan={3}
    >
      <Form.Item name="note" label="说明">
        <Input.TextArea rows={4} maxLength={500} showCount placeholder="如：依据国务院办公厅关于该年部分节假日安排的通知录入" />
      </Form.Item>
    </FormDialog>
  )
}
