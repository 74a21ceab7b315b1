import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memberResource } from '@/components/member/memberResource'
import { talkResource } from '@/pages/orglife/txth'
import { studentResource } from '@/pages/people/xsjbxx'
import { teacherResource } from '@/pages/people/jsjbxx'
import { depts } from '@/pages/system/dept/resource'
import { unitResource } from '@/pages/unit/dwxx/resource'
import { formOf, type Field } from './resource'

// What each server requires (internal/app/testdata/required-fields.json, checked against the server by
// internal/app/required_test.go): the forms' required marks come from the field definitions, and must be
// exactly these, so no asterisk is missing or extra.
const shared = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../internal/app/testdata/required-fields.json'), 'utf8')) as {
  resources: { key: string; required: string[] }[]
}

const resources: Record<string, { key: string; fields: unknown[] }> = {
  dyjbxx: memberResource,
  txth: talkResource,
  xsjbxx: studentResource,
  jsjbxx: teacherResource,
  dwxx: unitResource,
  depts,
}

describe('required marks', () => {
  it('cover every resource of the shared file', () => {
    expect(shared.resources.map((r) => r.key).sort()).toEqual(Object.keys(resources).sort())
  })

  it.each(shared.resources)('$key: the form requires what the server requires', ({ key, required }) => {
    const res = resources[key]
    expect(res.key).toBe(key)
    const marked = (res.fields as Field<unknown>[]).filter((f) => f.required && formOf(f)).map((f) => f.name)
    expect(marked.sort()).toEqual([...required].sort())
  })
})
