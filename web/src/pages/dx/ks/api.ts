import { del, get, post, put, type Page } from '@/api/request'
import type {
  BankRow, ExamInput, ExamView, GradingAnswer, GradingExam, GradingQuestion, MarkInput, PaperDetail, PaperInput, PaperView, PeopleInput,
  Person, QuestionStat, Result,
} from '@/api/generated/exam'

/** 在线考试 (ks:*, the caller's organisation scope; grading: the exams the caller is a grader of). */
export const API = '/api/ks'

export const listPapers = (q: { page: number; size: number; blurry?: string }) => get<Page<PaperView>>(`${API}/paper`, q)
export const paper = (id: number) => get<PaperDetail>(`${API}/paper/${id}`)
export const createPaper = (body: PaperInput) => post<PaperDetail>(`${API}/paper`, body)
export const updatePaper = (id: number, body: PaperInput) => put<PaperDetail>(`${API}/paper/${id}`, body)
export const deletePapers = (ids: number[]) => del<void>(`${API}/paper`, ids)
export const previewPaper = (body: PaperInput) => post<PaperDetail>(`${API}/paper/preview`, body)
export const bank = (q: { orgId: number; page: number; size: number; type?: number; blurry?: string }) => get<Page<BankRow>>(`${API}/bank`, q)

export const listExams = (q: { page: number; size: number; blurry?: string; state?: number }) => get<Page<ExamView>>(`${API}/exam`, q)
export const createExam = (body: ExamInput) => post<ExamView>(`${API}/exam`, body)
export const updateExam = (id: number, body: ExamInput) => put<ExamView>(`${API}/exam/${id}`, body)
export const deleteExams = (ids: number[]) => del<void>(`${API}/exam`, ids)
export const examAction = (id: number, action: 'publish' | 'finish') => post<ExamView>(`${API}/exam/${id}/${action}`)
export const examinees = (id: number, page: number, size: number) => get<Page<Person>>(`${API}/exam/${id}/examinees`, { page, size })
export const setExaminees = (id: number, body: PeopleInput) => put<ExamView>(`${API}/exam/${id}/examinees`, body)
export const graders = (id: number) => get<Person[]>(`${API}/exam/${id}/graders`)
export const setGraders = (id: number, body: PeopleInput) => put<Person[]>(`${API}/exam/${id}/graders`, body)
export const results = (id: number, page: number, size: number) => get<Page<Result>>(`${API}/exam/${id}/results`, { page, size })
export const stats = (id: number) => get<QuestionStat[]>(`${API}/exam/${id}/stats`)
export const exportUrl = (id: number) => `${API}/exam/${id}/export`

export const gradingExams = () => get<GradingExam[]>(`${API}/grading`)
export const gradingQuestions = (id: number) => get<GradingQuestion[]>(`${API}/grading/${id}`)
export const gradingAnswers = (id: number, q: { seq: number; page: number; size: number; pending?: boolean }) =>
  get<Page<GradingAnswer>>(`${API}/grading/${id}/answers`, q)
export const mark = (id: number, body: MarkInput) => put<GradingAnswer>(`${API}/grading/${id}/answers`, body)
