/** Shown for an account that no member record is linked to (党员首页 and the member's own pages). */
export const NOT_LINKED = '您的账号尚未关联党员信息，请联系管理员'
