import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { defineResource } from './resource'
import ResourceDescriptions from './ResourceDescriptions'
import ResourceForm from './ResourceForm'
import { searchFieldsOf } from './resourceSearch'

interface Branch {
  id: number
  name: string
  pid: number | null
}

/** The list shows another shape than the record (as the 党组织 tree lists nodes). */
interface BranchNode {
  id: number
  name: string
  children?: BranchNode[]
}

const branches = defineResource<Branch, BranchNode>({
  key: 'branches',
  noun: '支部',
  api: { fetch: () => Promise.resolve({ content: [{ id: 1, name: '一支部', children: [] }], totalElements: 1 }) },
  form: { dialog: true },
  fields: [
    { name: 'name', label: '支部名称', search: { label: '名称' }, detail: { label: '名称' } },
    { name: 'pid', label: '上级', type: 'number', form: { hidden: ({ record }) => !!record } },
  ],
})

const noop = () => undefined

describe('resource views', () => {
  it('leaves a field out of the form for the records its form hides it from', () => {
    const fresh = renderWithApp(<ResourceForm resource={branches} record={null} onClose={noop} onDone={noop} />)
    const adding = screen.getByText('新增支部').closest('.ant-modal') as HTMLElement
    expect(within(adding).getByText('上级', { selector: 'label' })).toBeTruthy()
    fresh.unmount()
    renderWithApp(<ResourceForm resource={branches} record={{ id: 1, name: '一支部', pid: null }} onClose={noop} onDone={noop} />)
    const editing = screen.getByText('编辑支部：一支部').closest('.ant-modal') as HTMLElement
    expect(within(editing).getByText('支部名称', { selector: 'label' })).toBeTruthy()
    expect(within(editing).queryByText('上级', { selector: 'label' })).toBeNull()
  })

  it('sends back the version the record was opened with, so the server refuses a form gone stale', async () => {
    const sent: unknown[] = []
    const versioned = defineResource<Branch & { updateTime?: string }, BranchNode>({
      ...branches,
      api: { ...branches.api, update: (b) => (sent.push(b), Promise.resolve(b)) },
    })
    const record = { id: 1, name: '一支部', pid: null, updateTime: '2026-11-30T08:00:00.123456Z' }
    renderWithApp(<ResourceForm resource={versioned} record={record} onClose={noop} onDone={noop} />)
    const editing = screen.getByText('编辑支部：一支部').closest('.ant-modal') as HTMLElement
    within(editing).getByRole('button', { name: /确\s*定/ }).click()
    await waitFor(() => expect(sent).toEqual([{ id: 1, name: '一支部', updateTime: '2026-11-30T08:00:00.123456Z' }]))
  })

  it("labels the detail with the field's detail label, the form and search keeping theirs", () => {
    renderWithApp(<ResourceDescriptions fields={branches.fields} record={{ id: 1, name: '一支部', pid: null }} />)
    expect([...document.querySelectorAll('.ant-descriptions-item-label')].map((l) => l.textContent)).toEqual(['名称', '上级'])
    expect(searchFieldsOf(branches, {}).map((f) => f.label)).toEqual(['名称'])
  })
})
