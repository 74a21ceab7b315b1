import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, page, signIn } from '@/test/api'
import { dictOptions, mockListApi, type ListApi } from '@/test/listApi'
import { MASKED_PERSON } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import ClassPage from './bj'
import TeacherPage from './jsjbxx'
import type { Student } from './shared/types'
import StudentPage from './xsjbxx'
import { ok } from '@/test/page'

const student = (over: Partial<Student> = {}): Student =>
  ({
    ...MASKED_PERSON,
    studentNo: '2024001',
    unitDeptId: 2,
    unitName: '计算机学院',
    classId: 7,
    className: '计科2401',
    grade: '2024',
    gradeLabel: '2024级',
    status: '1',
    statusLabel: '在读',
    createTime: '2026-01-01T00:00:00Z',
    ...over,
  }) as Student

let api: ListApi
beforeEach(() => {
  api = mockListApi('/api/xsjbxx', [student()], {
    dicts: { DJ_COMM_XB: dictOptions('男', '女'), njOptions: [{ label: '2024级', value: '2024' }], XS_ZT: dictOptions('在读') },
    pages: {
      '/api/common/getDwInfo': [{ id: 2, pid: 1, name: '计算机学院', shortName: '', code: 'U2', type: '1', typeLabel: '院系', parentName: '某某大学' }],
      '/api/common/getBjInfo': [{ id: 7, code: 'B1', name: '计科2401', grade: '2024', major: '', unitId: 2, unitName: '计算机学院' }],
    },
  })
})
afterEach(() => api.mock.restore())

const inRouter = (el: React.ReactNode) => renderWithApp(<MemoryRouter>{el}</MemoryRouter>)

describe('people pages', { timeout: 30_000 }, () => {
  it('lists students, filters by unit and grade, and unmasks for holders of ry:unmask', async () => {
    signIn(['ry:list', 'ry:unmask'])
    api.mock.onGet('/api/xsjbxx/1').reply((c) => [200, student({ idNumber: '110105200603071234', phone: '13800000000', masked: !(c.params as { unmask?: boolean })?.unmask })])
    inRouter(<StudentPage />)
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(screen.getByText('110105********1234')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()

    const unitItem = screen.getByText('单位', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.focus(within(unitItem).getByRole('combobox'))
    fireEvent.mouseDown(within(unitItem).getByRole('combobox'))
    fireEvent.click(await screen.findByText('计算机学院（某某大学）', { selector: '.ant-select-item-option-content' }))
    const gradeItem = screen.getByText('年级', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.mouseDown(within(gradeItem).getByRole('combobox'))
    fireEvent.click(await screen.findByText('2024级', { selector: '.ant-select-item-option-content' }))
    fireEvent.change(screen.getByPlaceholderText('姓名、学号，或完整身份证号/手机号'), { target: { value: '2024001' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '2024001', unitDeptId: 2, grade: ['2024'] }))

    fireEvent.click(screen.getByRole('button', { name: '查看张三的完整身份证号码' }))
    expect(await screen.findByText('110105200603071234')).toBeTruthy()
    expect(screen.getByText('13800000000')).toBeTruthy()
  })

  it('narrows the class filter to the chosen unit and grade, and drops the class when they change', async () => {
    signIn(['ry:list'])
    const asked: unknown[] = []
    api.mock.onGet('/api/common/getBjInfo').reply((c) => {
      asked.push(c.params)
      return [200, page([{ id: 7, code: 'B1', name: '计科2401', grade: '2024', major: '', unitId: 2, unitName: '计算机学院' }])]
    })
    inRouter(<StudentPage />)
    await screen.findByText('张三')
    const item = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    const choose = async (label: string, option: string) => {
      fireEvent.focus(within(item(label)).getByRole('combobox'))
      fireEvent.mouseDown(within(item(label)).getByRole('combobox'))
      fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }))
    }
    // A new narrowing remounts the class picker (its matches reload): wait for that before using it.
    const remounted = async (change: () => Promise<void>) => {
      const before = within(item('班级')).getByRole('combobox')
      await change()
      await waitFor(() => expect(before.isConnected).toBe(false))
    }
    await remounted(() => choose('单位', '计算机学院（某某大学）'))
    await remounted(() => choose('年级', '2024级'))
    // The class picker searches within the unit and grade chosen beside it.
    const classBox = within(item('班级')).getByRole('combobox')
    fireEvent.mouseDown(classBox)
    fireEvent.change(classBox, { target: { value: '计科' } })
    fireEvent.click(await screen.findByText('计科2401（计算机学院）', { selector: '.ant-select-item-option-content' }))
    expect(asked.at(-1)).toEqual({ page: 0, size: 100, blurry: '计科', unitId: 2, grade: ['2024'] })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ unitDeptId: 2, grade: ['2024'], classId: 7 }))

    // Another grade: the class chosen for the old one goes, and the classes are asked again for the new narrowing.
    await remounted(async () => {
      fireEvent.mouseDown(within(item('年级')).getByRole('combobox'))
      fireEvent.click(await screen.findByText('2024级', { selector: '.ant-select-item-option-content' }))
    })
    await waitFor(() => expect(within(item('班级')).queryByText('计科2401（计算机学院）')).toBeNull())
    const searched = api.queries.length
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(api.queries.length).toBe(searched + 1))
    expect(api.queries.at(-1)).toMatchObject({ unitDeptId: 2 })
    expect(api.queries.at(-1)?.classId ?? null).toBeNull()
    fireEvent.change(within(item('班级')).getByRole('combobox'), { target: { value: '计科' } })
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 0, size: 100, blurry: '计科', unitId: 2 }))
  })

  it('validates a new student in Chinese and derives birth date and gender from the ID number', async () => {
    signIn(['ry:list', 'ry:add', 'ry:import'])
    let posted: Record<string, unknown> | undefined
    api.mock.onPost('/api/xsjbxx').reply((c) => {
      posted = body(c) as Record<string, unknown>
      return [201, student()]
    })
    inRouter(<StudentPage />)
    await screen.findByText('张三')
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const drawer = (await screen.findByText('新增学生')).closest('.ant-drawer') as HTMLElement
    fireEvent.change(within(drawer).getByPlaceholderText('15位或18位身份证号码'), { target: { value: '123' } })
    fireEvent.change(within(drawer).getByPlaceholderText('请输入手机号码'), { target: { value: '123' } })
    ok(drawer)
    expect(await within(drawer).findByText('身份证号码应为18位（旧号码为15位）')).toBeTruthy()
    expect(within(drawer).getByText('请输入正确的手机号码')).toBeTruthy()
    expect(within(drawer).getByText('请输入学号')).toBeTruthy()
    expect(within(drawer).getByText('请输入姓名')).toBeTruthy()
    expect(within(drawer).getByText('请选择所在单位', { selector: '.ant-form-item-explain-error' })).toBeTruthy()

    fireEvent.change(within(drawer).getByPlaceholderText('15位或18位身份证号码'), { target: { value: '110105200603071246' } })
    fireEvent.change(within(drawer).getByPlaceholderText('请输入手机号码'), { target: { value: '' } })
    await waitFor(() => expect(within(drawer).getByText('由身份证号码得出')).toBeTruthy())
    fireEvent.change(within(drawer).getByPlaceholderText('请输入学号'), { target: { value: '2024002' } })
    fireEvent.change(within(drawer).getByPlaceholderText('请输入姓名'), { target: { value: '李四' } })
    const unitItem = within(drawer).getByText('所在单位', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.focus(within(unitItem).getByRole('combobox'))
    fireEvent.mouseDown(within(unitItem).getByRole('combobox'))
    fireEvent.click(await screen.findByText('计算机学院（某某大学）', { selector: '.ant-select-item-option-content' }))
    ok(drawer)
    await waitFor(() => expect(posted).toBeDefined())
    expect(posted).toMatchObject({ studentNo: '2024002', name: '李四', idNumber: '110105200603071246', birthDate: '2006-03-07', gender: '2', unitDeptId: 2, classId: null })
  })

  it('deletes the selected teachers after confirmation', async () => {
    signIn(['ry:list', 'ry:del'])
    api.mock.onGet('/api/jsjbxx').reply(200, page([{ id: 4, staffNo: 'T001', name: '王老师', genderLabel: '女', idNumber: '', phone: '', masked: true, unitName: '计算机学院', statusLabel: '在职', createTime: '2026-01-01T00:00:00Z' }]))
    let deleted: unknown
    api.mock.onDelete('/api/jsjbxx').reply((c) => {
      deleted = body(c)
      return [204]
    })
    inRouter(<TeacherPage />)
    const row = (await screen.findByText('王老师')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除教师“王老师”吗？')).toBeTruthy()
    expect(deleted).toBeUndefined()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(deleted).toEqual([4]))
  })

  it('lists classes with their student counts and reports the server refusing a save and keeps the dialog open', async () => {
    signIn(['ry:list', 'ry:edit'])
    const classQueries: unknown[] = []
    api.mock.onGet('/api/bj').reply((c) => {
      classQueries.push(c.params)
      return [200, page([{ id: 7, code: 'B1', name: '计科2401', grade: '2024', gradeLabel: '2024级', unitDeptId: 2, unitName: '计算机学院', major: '计算机科学', headTeacherId: null, headTeacherName: '', studentCount: 31 }])]
    })
    let put: unknown
    api.mock.onPut('/api/bj').reply((c) => {
      put = body(c)
      return [400, { message: '有学生的班级不能更换所在单位' }]
    })
    // Outside the app shell the request pipeline reports server messages on the console.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    inRouter(<ClassPage />)
    expect(await screen.findByText('计科2401')).toBeTruthy()
    expect(screen.getByText('31')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('请输入专业'), { target: { value: '计算机' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(classQueries.at(-1)).toEqual({ page: 0, size: 10, sort: [], major: '计算机' }))
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }))
    const dialog = (await screen.findByText('编辑班级：计科2401')).closest('.ant-modal') as HTMLElement
    ok(dialog)
    await waitFor(() => expect(put).toMatchObject({ id: 7, code: 'B1', unitDeptId: 2, headTeacherId: null }))
    // The dialog shows the server's message beside its buttons and keeps what the user typed.
    expect((await within(dialog).findByRole('alert')).textContent).toContain('有学生的班级不能更换所在单位')
    expect(reported).not.toHaveBeenCalledWith('有学生的班级不能更换所在单位')
    reported.mockRestore()
    expect(screen.getByText('编辑班级：计科2401')).toBeTruthy()
  })
})
