import { Form, type FormInstance } from 'antd'
import dayjs from 'dayjs'
import type { Field } from '@/components/crud/resource'
import { birthDateOfIdNumber, genderOfIdNumber } from '@/utils/idNumber'
import IdentityFields from './IdentityFields'
import { keptMobileRule } from './rules'
import type { MaskedPerson } from './usePersonalCells'

/** IdentityFields whose birth date follows the number being typed. */
function WatchedIdentity({ form, person }: { form: FormInstance; person: MaskedPerson | null }) {
  const idNumber = Form.useWatch('idNumber', form) as string | undefined
  return <IdentityFields storedIdNumber={person?.idNumber} masked={person?.masked} derived={birthDateOfIdNumber(idNumber)} />
}

/**
 * The personal fields of a person's resource (members, students, teachers): the ID number with
 * the birth date it gives, and the phone; masked in lists (unmask with the resource's permission),
 * kept when sent back unchanged.
 */
export function personalFields<T extends MaskedPerson>() {
  const idNumber: Field<T> = {
    name: 'idNumber',
    label: '身份证号码',
    personal: 'idNumber',
    width: 210,
    form: { item: ({ form, record }) => <WatchedIdentity key="idNumber" form={form} person={record} /> },
  }
  const birthDate: Field<T> = { name: 'birthDate', label: '出生日期', type: 'date', column: false, form: false }
  const phone: Field<T> = {
    name: 'phone',
    label: '手机号码',
    personal: 'phone',
    width: 160,
    form: { rules: ({ record }) => [keptMobileRule(record?.phone)], props: { maxLength: 11 } },
  }
  return { idNumber, birthDate, phone }
}

/** The birth date and gender follow the ID number (call from the form's onValuesChange). */
export function deriveFromIdNumber(form: FormInstance, changed: Record<string, unknown>) {
  if (!('idNumber' in changed)) return
  const v = changed.idNumber as string | undefined
  const birth = birthDateOfIdNumber(v)
  const gender = genderOfIdNumber(v)
  if (birth) form.setFieldValue('birthDate', dayjs(birth))
  if (gender) form.setFieldValue('gender', gender)
}
