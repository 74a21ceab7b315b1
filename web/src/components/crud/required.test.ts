import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memberResource } from '@/components/member/memberResource'
import { talkResource } from '@/pages/orglife/txth'
import { studentResource } from '@/pages/people/xsjbxx'
import { teacherResource } from '@/pages/people/jsjbxx'
import { depts } from '@/pages/system/dept/resource'
import { unitResource } from '@/pages/unit/dwxx/resource'
import { formOf, type Resource } from './resource'

// What each server requires (internal/app/testdata/required-fields.json, checked against the server by
// internal/app/required_test.go): the forms' required marks come from the field definitions, and must be
// exactly these, so no asterisk is missing or extra.
const shared = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../internal/app/testdata/required-fields.json'), 'utf8')) as {
  resources: { key: string; required: string[] }[]
}

const resources: Record<string, Resource<never>> = {
  dyjbxx: memberResource as Resource<never>,
  txth: talkResource as Resource<never>,
  xsjbxx: studentResource as Resource<never>,
  jsjbxx: teacherResource as Resource<never>,
  dwxx: unitResource as Resource<never>,
  depts: depts as Resource<never>,
}

describe('required marks', () => {
  it('cover every resource of the shared file', () => {
    expect(shared.resources.map((r) => r.key).sort()).toEqual(Object.keys(resources).sort())
  })

  it.each(shared.resources)('$key: the form requires what the server requires', ({ key, required }) => {
    const res = resources[key]
    expect(res.key).toBe(key)
    const marked = res.fields.filter((f) => f.required && formOf(f)).map((f) => f.name)
    expect(marked.sort()).toEqual([...required].sort())
  })
})
