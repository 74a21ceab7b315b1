import type { AppRoute } from './menus'
import { hasPage } from './pages'

/** The member list (the menu page 党建信息库 › 党员信息), where the member detail belongs. */
export const MEMBER_LIST_PATH = '/party/dyjbxx'

const route = (path: string, component: string, title: string, extra: Partial<AppRoute['meta']> = {}): AppRoute => ({
  path,
  component,
  top: '',
  meta: { title, trail: [title], ...extra },
})

/** Routes inside the main layout that every signed-in user has, whatever the menu tree says. */
export const LAYOUT_ROUTES: AppRoute[] = [
  route('/home/home', 'home/home', '首页', { affix: true, icon: 'home' }),
  route('/user/center', 'user/center', '个人中心', { hidden: true }),
  route('/message/msginfo', 'message/msginfo', '我的消息', { hidden: true }),
  route('/message/warning', 'message/warning', '预警信息', { hidden: true }),
  route('/export', 'export', '导出文件', { hidden: true }),
]

/**
 * Named routes of spec §2 that belong to later modules. Each is registered only once its page
 * folder exists, so until then it is absent (no placeholder page, no menu entry).
 */
export const NAMED_ROUTES: AppRoute[] = [
  route('/user/archives', 'user/archives', '个人档案', { hidden: true }),
  route('/xssb/active/user', 'xssb/active/user', '个人学时报表', { hidden: true }),
  route('/list-home/dyHome', 'list-home/dyHome', '党员首页', { hidden: true }),
  // The member's own pages (their phone navigation): each reads the member's own APIs under dy:home.
  route('/list-home/myFees', 'list-home/myFees', '我的党费', { hidden: true }),
  route('/list-home/myTransfers', 'list-home/myTransfers', '我的组织关系', { hidden: true }),
  route('/list-home/myDevelopment', 'list-home/myDevelopment', '我的发展', { hidden: true }),
  // 我的填报: the fill-in forms sent to the member or their branch (txbd:fill), the page of the 填报 to-dos.
  route('/list-home/myForms', 'orglife/fillmine', '我的填报', { hidden: true }),
  // 党务新闻: the news and articles published to the member's organisation (content:read), unread marked.
  route('/list-home/news', 'list-home/news', '党务新闻', { hidden: true }),
  // 制度文件 and 述职与廉政 in the 党员 mode: the staff pages of 党务资料 under the member's read permissions.
  route('/list-home/library', 'library/member', '制度文件', { hidden: true }),
  route('/list-home/myDuty', 'duty/mine', '述职与廉政', { hidden: true }),
  route('/workbench/dj/home', 'workbench/dj/home', '党建工作台', { hidden: true }),
  route('/workbench/gb/home', 'workbench/gb/home', '干部工作台', { hidden: true }),
  // 我的干部信息: a cadre's own record and their change requests (any account linked to a cadre record).
  route('/gb/my', 'gb/my', '我的干部信息', { hidden: true }),
  route('/iFrameLinkShow', 'iFrameLinkShow', '外部链接', { hidden: true }),
  route('/help/document', 'help/document', '帮助文档', { hidden: true }),
  route('/dyjbxx/detail', 'dyjbxx/detail', '党员详情', { hidden: true, parent: MEMBER_LIST_PATH, crumb: '详情' }),
  route('/develop/record', 'develop/record', '发展党员详情', { hidden: true, parent: '/develop/applicant', crumb: '详情' }),
  route('/mzpydy/self', 'mzpydy/self', '个人总结', { hidden: true }),
  route('/mzpydy', 'mzpydy', '民主评议党员', { hidden: true }),
  route('/dzzhjgl/tp', 'dzzhjgl/tp', '党组织换届投票', { hidden: true }),
  route('/cadre/evaluation', 'cadre/evaluation', '干部考核测评', { hidden: true }),
  route('/pschool', 'pschool', '党校', { hidden: true }),
  // 在线考试: the examinee's exams and the exam page (dx:learn).
  route('/pschool/exam/center', 'pschool/exam/center', '我的考试', { hidden: true }),
  route('/pschool/exam/take', 'pschool/exam/take', '考试', { hidden: true, parent: '/pschool/exam/center', crumb: '考试' }),
  // The party school's study centre (dx:learn): the published courses, a course's nodes and the study pages.
  route('/pschool/party/center', 'pschool/center', '学习中心', { hidden: true }),
  route('/pschool/course', 'pschool/course', '课程学习', { hidden: true, parent: '/pschool/party/center', crumb: '课程' }),
  route('/pschool/video/view', 'pschool/video', '视频学习', { hidden: true }),
  route('/pschool/doc/view', 'pschool/doc', '文档学习', { hidden: true }),
  // The learner's home (dx:learn): my batches, certificates, courses, exams and 学时; the member's 党校学习 lands here.
  route('/pschool/home/page', 'pschool/home', '我的党校', { hidden: true }),
  // 我的学时 (spec §2, dx:learn): the member's own yearly class hours.
  route('/xssb/active/user', 'xssb/user', '我的学时', { hidden: true }),
  // A started meeting's QR code and live attendance, opened from its meeting page (组织生活).
  route('/orglife/screen', 'orglife/screen', '会议签到', { hidden: true }),
]

export function availableNamedRoutes(exists: (component: string) => boolean = hasPage): AppRoute[] {
  return NAMED_ROUTES.filter((r) => exists(r.component))
}
