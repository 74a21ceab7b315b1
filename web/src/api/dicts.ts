// Dictionary codes: the names under which the server's modules seed their dictionaries (sys_dict).
// Pages read a dictionary by its code; each code is spelt here once, so two pages that show the same
// dictionary cannot drift apart and a renamed dictionary is one edit.

// People: students, teachers and party members share these.
export const DICT_GENDER = 'DJ_COMM_XB'
export const DICT_ETHNICITY = 'DJ_COMM_MZXX'
export const DICT_GRADE = 'njOptions'
export const DICT_TITLE = 'DJ_JBXX_ZYJSZC'
export const DICT_POST = 'DJ_DY_GZGWXX'
export const DICT_STUDENT_STATUS = 'XS_ZT'
export const DICT_TEACHER_STATUS = 'JS_ZT'
export const DICT_EDUCATION_LEVEL = 'XS_PYCC'

// Party members.
export const DICT_EDUCATION = 'DJ_DY_XLXX'
export const DICT_PERSON_CATEGORY = 'DJ_DY_RYLBXX'
export const DICT_PERSON_TYPE = 'DJ_DYJBXX_RYLX'
export const DICT_PARTY_STATUS = 'DJ_DY_DJZTXX'
export const DICT_MEMBER_STATUS = 'DY_ZT'
export const DICT_MEMBER_SOURCE = 'DY_LY'

// Party organisations.
export const DICT_ORG_TYPE = 'DZZ_LX'
export const DICT_ORG_CATEGORY = 'DZZ_LB'

// Units and their leadership teams (领导班子).
export const DICT_UNIT_TYPE = 'DW_LX'
export const DICT_UNIT_STATUS = 'DW_ZT'
export const DICT_TEAM_KIND = 'DW_LDBZ_LX'
export const DICT_TEAM_POST = 'DW_LDBZ_ZW'
