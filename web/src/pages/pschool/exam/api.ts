import axios from 'axios'
import { get, post, put } from '@/api/request'
import type { AnswerInput, AttemptView, MyExam, Saved } from '@/api/generated/exam'

// Silent: the exam page shows the server's refusals (交卷已截止, 已交卷 …) itself.
const silent = { silent: true }

/** 我的考试: the caller's exams with their standing (dx:learn). */
export const myExams = () => get<MyExam[]>('/api/ks/my')
/** Begins an attempt of the exam, or answers the one begun and not closed (the resume). */
export const startExam = (examId: number, terminal: number) => post<AttemptView>(`/api/ks/my/${examId}/start`, { terminal }, silent)
/** The caller's attempt: questions in their order, saved answers, seconds left by the server's clock. */
export const attempt = (id: number) => get<AttemptView>(`/api/ks/attempt/${id}`, undefined, silent)
/** Autosaves one answer (refused after the deadline or the submission: 409). */
export const saveAnswer = (id: number, body: AnswerInput) => put<Saved>(`/api/ks/attempt/${id}/answer`, body, silent)
/** Submits the attempt (graded by the server). */
export const submitAttempt = (id: number) => post<AttemptView>(`/api/ks/attempt/${id}/submit`, undefined, silent)

/** The HTTP status of a failed call (0: none, e.g. the network is down). */
export const statusOf = (error: unknown) => (axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0)

/** The exam page's address for an attempt. */
export const takePath = (attemptId: number) => `/pschool/exam/take?attempt=${attemptId}`
export const CENTER_PATH = '/pschool/exam/center'
