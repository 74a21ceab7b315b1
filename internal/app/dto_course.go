package app

import (
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/school"
)

// courseTS is the vocabulary and the JSON of 课程管理 (/api/dx/course) and
// the study centre (/api/pschool/course, /api/pschool/node): states, item
// kinds, node types with their names, the bounds, the heartbeat's rules
// and the structs the handlers write and decode.
func courseTS() ([]byte, error) {
	f := newTSFile(header("internal/pschool/course (model.go, study.go)"))
	f.decl("/** A course's state (course.State…): 0 未发布, 1 已发布. */\nexport type State = %s", numbers(course.States))
	f.constant("The states by role.", "STATE", "", tsObj{{"draft", course.StateDraft}, {"published", course.StatePublished}})
	f.constant("The states' names (course.StateNames).", "STATE_NAMES", "Record<State, string>", numbered(course.States, course.StateNames))
	f.constant("The kinds of a course's items (CHAPTER 1, NODE 2).", "KIND", "", tsObj{{"chapter", course.KindChapter}, {"node", course.KindNode}})
	f.decl("/** A node's type (course.Node…): 1 视频, 2 文档, 3 图文. */\nexport type NodeType = %s", numbers(course.NodeTypes))
	f.constant("The node types by role.", "NODE_TYPE", "", tsObj{{"video", course.NodeVideo}, {"document", course.NodeDocument}, {"article", course.NodeArticle}})
	f.constant("The node types in the form's order.", "NODE_TYPES", "readonly NodeType[]", course.NodeTypes)
	f.constant("The node types' names (course.NodeTypeNames).", "NODE_TYPE_NAMES", "Record<NodeType, string>", numbered(course.NodeTypes, course.NodeTypeNames))
	f.constant("The bounds (course.Max…): 学时 of a node at most maxHours, one decimal.", "LIMITS", "", tsObj{{"title", course.MaxTitle},
		{"intro", course.MaxIntro}, {"article", course.MaxArticle}, {"duration", course.MaxDuration}, {"maxHours", course.MaxTenths / 10},
		{"coverBytes", course.MaxCoverBytes}})
	f.constant("What a video node's upload may be (course.VideoExts).", "VIDEO_EXTS", "readonly string[]", course.VideoExts)
	f.constant("What a document node's upload may be (course.DocumentExts).", "DOCUMENT_EXTS", "readonly string[]", course.DocumentExts)
	f.constant("What a cover may be (course.CoverExts).", "COVER_EXTS", "readonly string[]", course.CoverExts)
	f.constant("The terminals a learner studies on (TERMINAL_TYPE, school.Terminal…).", "TERMINAL", "", tsObj{{"pc", school.TerminalPC}, {"mobile", school.TerminalMobile}})
	f.constant("The slack of the study rules in seconds (course.Grace).", "GRACE", "", course.Grace)
	f.constant("The answer to a heartbeat of a page another start took over (course.MsgTakenOver).", "MSG_TAKEN_OVER", "", course.MsgTakenOver)
	f.iface("A course as the staff list shows it (course.View).", "View", course.View{}, map[string]string{"state": "State"})
	f.iface("A node of the tree, with the learner's progress on the learner's pages (course.NodeView).", "NodeView", course.NodeView{},
		map[string]string{"nodeType": "NodeType"})
	f.iface("A chapter with its nodes (course.ChapterView).", "ChapterView", course.ChapterView{}, nil)
	f.iface("A course with its chapters (course.Detail).", "Detail", course.Detail{}, nil)
	f.input("The body of POST /api/dx/course and PUT /api/dx/course/{id} (course.Input).", "Input", course.Input{}, []string{"orgId", "title"}, nil)
	f.input("The body of a chapter or a node (course.ItemInput).", "ItemInput", course.ItemInput{}, []string{"title"}, map[string]string{"nodeType": "NodeType"})
	f.iface("A published course in the study centre, with the caller's progress (course.LearnerView).", "LearnerView", course.LearnerView{}, nil)
	f.iface("A node opened by a learner (course.NodeStudy).", "NodeStudy", course.NodeStudy{}, nil)
	f.iface("The answer to a start (course.Started).", "Started", course.Started{}, nil)
	f.input("A heartbeat (course.Beat).", "Beat", course.Beat{}, []string{"session", "position", "terminal", "visible"}, nil)
	f.iface("The progress after a heartbeat (course.BeatResult).", "BeatResult", course.BeatResult{}, nil)
	f.iface("A course the caller started, with the node to resume (course.MyCourse, GET /api/pschool/my/courses).", "MyCourse",
		course.MyCourse{}, map[string]string{"resumeNodeType": "NodeType"})
	return f.bytes()
}
