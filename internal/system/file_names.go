package system

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"zhdj/internal/platform/flow"
)

// 文件管理 lists every stored file with the module key and tag its upload
// was filed under (dyjbxx, zzgx_out, a workflow step's key). Those keys
// are codes; the list answers what the user calls them. Each key is named
// where it is declared: an AttachSpec by its Title and its kinds' Labels,
// a workflow by its Noun and its steps' names (flow names them through
// NameFiles when it mounts its routes), the system domain's own uploads in
// systemFileModules. A key nobody named is shown as 其他.

// FileModule names the files of one module key.
type FileModule struct {
	Key   string            // the module key the files are filed under
	Title string            // what the user calls it (党员信息)
	Tags  map[string]string // the tags its files carry, by key ("" included when its files may have no tag)
}

// OtherFileLabel is shown for a module key or tag nobody named.
const OtherFileLabel = "其他"

// File module keys of the system domain's own uploads.
const (
	FileModuleAvatar = "avatar" // user_import.go: accounts' avatars
	FileModuleSchool = "school" // the school's logo (system/school in the web)
	// FileModuleLoginLayout: the login pages' backgrounds (system/loginLayout in the web).
	FileModuleLoginLayout = "loginLayout"
)

// systemFileModules are the system domain's own upload module keys.
var systemFileModules = []FileModule{
	{Key: FileModuleAvatar, Title: "用户头像", Tags: map[string]string{"": ""}},
	{Key: FileModuleSchool, Title: "学校信息", Tags: map[string]string{"logo": "学校标志"}},
	{Key: FileModuleLoginLayout, Title: "登录页设置", Tags: map[string]string{"background": "登录页背景"}},
}

// fileNames holds the named module keys.
type fileNames struct {
	mu    sync.RWMutex
	byKey map[string]FileModule
}

// NameFiles registers what 文件管理 calls the files of a module key and
// its tags. A module key needs a title; naming a key twice with another
// title is a programming error (two domains filing under one key).
func (s *Service) NameFiles(m FileModule) {
	if !attachModulePattern.MatchString(m.Key) || strings.TrimSpace(m.Title) == "" {
		panic("system.NameFiles: module key " + m.Key + " needs a title")
	}
	n := &s.fileNames
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.byKey == nil {
		n.byKey = map[string]FileModule{}
	}
	old, ok := n.byKey[m.Key]
	if ok && old.Title != m.Title {
		panic("system.NameFiles: module key " + m.Key + " named twice: " + old.Title + ", " + m.Title)
	}
	tags := map[string]string{}
	for k, v := range old.Tags {
		tags[k] = v
	}
	for k, v := range m.Tags {
		tags[k] = v
	}
	n.byKey[m.Key] = FileModule{Key: m.Key, Title: m.Title, Tags: tags}
}

// FileModules are the named module keys, by title: the choices of the
// 模块 filter of 文件管理.
func (s *Service) FileModules() []FileModule {
	n := &s.fileNames
	n.mu.RLock()
	defer n.mu.RUnlock()
	out := make([]FileModule, 0, len(n.byKey))
	for _, m := range n.byKey {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Title != out[j].Title {
			return out[i].Title < out[j].Title
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// labelFile sets the readable names of a listed file from its codes.
func (s *Service) labelFile(f *File) {
	n := &s.fileNames
	n.mu.RLock()
	m, ok := n.byKey[f.ModuleName]
	n.mu.RUnlock()
	f.TypeLabel = FileTypeLabel(f.ContentType, f.OriginalName)
	switch {
	case f.ModuleName == "":
		f.ModuleLabel = ""
	case ok:
		f.ModuleLabel = m.Title
	default:
		f.ModuleLabel = OtherFileLabel
	}
	if tag, named := m.Tags[f.Tag]; named {
		f.TagLabel = tag
	} else if f.Tag != "" {
		f.TagLabel = OtherFileLabel
	}
}

// FileTypeLabel is what the user calls a file's type: 图片, PDF 文档, Word
// 文档, Excel 表格…; a type without a name is 其他 with the file's
// extension (其他（.dwg）).
func FileTypeLabel(contentType, name string) string {
	ct := strings.ToLower(strings.TrimSpace(contentType))
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = strings.TrimSpace(ct[:i])
	}
	if label, ok := fileTypeLabels[ct]; ok {
		return label
	}
	major, _, _ := strings.Cut(ct, "/")
	if label, ok := fileTypeFamilies[major]; ok {
		return label
	}
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))
	if ext == "" || len(ext) > 10 {
		return OtherFileLabel
	}
	return OtherFileLabel + "（." + ext + "）"
}

// fileTypeLabels name the content types SaveUpload stores (by extension,
// mime.TypeByExtension) that users meet.
var fileTypeLabels = map[string]string{
	"application/pdf":    "PDF 文档",
	"application/msword": "Word 文档",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word 文档",
	"application/vnd.ms-excel": "Excel 表格",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         "Excel 表格",
	"application/vnd.ms-powerpoint":                                             "PPT 演示文稿",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation": "PPT 演示文稿",
	"application/vnd.oasis.opendocument.text":                                   "文本文档",
	"application/vnd.oasis.opendocument.spreadsheet":                            "电子表格",
	"application/zip":              "压缩包",
	"application/x-zip-compressed": "压缩包",
	"application/x-rar-compressed": "压缩包",
	"application/vnd.rar":          "压缩包",
	"application/x-7z-compressed":  "压缩包",
	"application/gzip":             "压缩包",
	"application/x-gzip":           "压缩包",
	"application/x-tar":            "压缩包",
	"text/plain":                   "文本",
	"text/csv":                     "CSV 表格",
	"application/rtf":              "RTF 文档",
	"application/wps-office.wps":   "WPS 文档",
	"application/wps-office.et":    "WPS 表格",
}

// fileTypeFamilies name whole families of content types.
var fileTypeFamilies = map[string]string{"image": "图片", "video": "视频", "audio": "音频"}

// NameWorkflowFiles names a workflow's uploads (flow.FileNamer): the
// module key is the workflow's key, titled by its noun; the tags are its
// steps' keys, named by the steps.
func (s *Service) NameWorkflowFiles(key, noun string, steps map[string]string) {
	s.NameFiles(FileModule{Key: key, Title: noun, Tags: steps})
}

var _ flow.FileNamer = (*Service)(nil)
