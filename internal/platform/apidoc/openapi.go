// Package apidoc is the OpenAPI 3 document of the declared routes (issue
// 33): every route the server serves is declared with its method, path,
// permission and Chinese title (httpx.Routes), so the document is made from
// that list and cannot leave a route out or describe one that is not served.
// The page /doc.html shows it with Swagger UI (web/apidoc).
package apidoc

import (
	"regexp"
	"sort"
	"strings"

	"zhdj/internal/platform/httpx"
)

// Document is an OpenAPI 3.0 document (the parts zhdj fills).
type Document struct {
	OpenAPI    string                `json:"openapi"`
	Info       Info                  `json:"info"`
	Tags       []Tag                 `json:"tags"`
	Paths      map[string]PathItem   `json:"paths"`
	Components Components            `json:"components"`
	Security   []map[string][]string `json:"security"`
}

// Info names the API.
type Info struct {
	Title       string `json:"title"`
	Version     string `json:"version"`
	Description string `json:"description"`
}

// Tag is a module: the Chinese name routes are grouped by.
type Tag struct {
	Name string `json:"name"`
}

// PathItem holds a path's operations by lower-case method.
type PathItem map[string]*Operation

// Operation is one route.
type Operation struct {
	Summary     string                `json:"summary"`
	Description string                `json:"description"`
	OperationID string                `json:"operationId"`
	Tags        []string              `json:"tags"`
	Parameters  []Parameter           `json:"parameters,omitempty"`
	RequestBody *RequestBody          `json:"requestBody,omitempty"`
	Responses   map[string]Response   `json:"responses"`
	Security    []map[string][]string `json:"security,omitempty"`
	// Permission is what the caller must hold: a permission string, or
	// <public> / <signed-in>.
	Permission string `json:"x-permission"`
	// Logged tells whether the operation log records the call (writes),
	// and with its body and answer (not for Secret routes).
	Logged string `json:"x-operation-log"`
}

// Parameter is a path parameter.
type Parameter struct {
	Name     string `json:"name"`
	In       string `json:"in"`
	Required bool   `json:"required"`
	Schema   Schema `json:"schema"`
}

// RequestBody is a JSON body of a write or a filtered list.
type RequestBody struct {
	Required bool                 `json:"required"`
	Content  map[string]MediaType `json:"content"`
}

// Response is an answer by status.
type Response struct {
	Description string               `json:"description"`
	Content     map[string]MediaType `json:"content,omitempty"`
}

// MediaType carries a schema.
type MediaType struct {
	Schema Schema `json:"schema"`
}

// Schema is the subset of JSON Schema the document uses.
type Schema struct {
	Ref        string            `json:"$ref,omitempty"`
	Type       string            `json:"type,omitempty"`
	Format     string            `json:"format,omitempty"`
	Properties map[string]Schema `json:"properties,omitempty"`
}

// Components are the shared error schema and the two ways to sign in.
type Components struct {
	Schemas         map[string]Schema         `json:"schemas"`
	SecuritySchemes map[string]SecurityScheme `json:"securitySchemes"`
}

// SecurityScheme is a way a request carries its session.
type SecurityScheme struct {
	Type        string `json:"type"`
	In          string `json:"in,omitempty"`
	Name        string `json:"name,omitempty"`
	Scheme      string `json:"scheme,omitempty"`
	Description string `json:"description"`
}

var (
	// chi's {name:regexp} parameters become OpenAPI's {name}.
	patternParam = regexp.MustCompile(`\{([A-Za-z0-9_]+)(:[^}]*)?\}`)
	nonWord      = regexp.MustCompile(`[^A-Za-z0-9]+`)
)

var errorRef = map[string]MediaType{"application/json": {Schema: Schema{Ref: "#/components/schemas/Error"}}}

// Build is the document of routes; version is the server's (its schema
// version: builds carry no commit).
func Build(routes []httpx.Route, version string) Document {
	doc := Document{
		OpenAPI: "3.0.3",
		Info: Info{Title: "智慧党建 API", Version: version, Description: "由服务端声明的路由生成：每个接口的方法、路径、所需权限（x-permission）与中文标题。" +
			"已登录的浏览器以会话 Cookie 调用；脚本以登录接口返回的令牌（Authorization: Bearer）调用。" +
			"以 Cookie 调用的写操作须带请求头 X-Requested-With。"},
		Paths: map[string]PathItem{},
		Components: Components{
			Schemas: map[string]Schema{"Error": {Type: "object", Properties: map[string]Schema{
				"status": {Type: "integer"}, "message": {Type: "string"}, "field": {Type: "string"},
				"module": {Type: "string"}, "action": {Type: "string"}}}},
			SecuritySchemes: map[string]SecurityScheme{
				"session": {Type: "apiKey", In: "cookie", Name: httpx.SessionCookie, Description: "登录后浏览器持有的会话 Cookie"},
				"token":   {Type: "http", Scheme: "bearer", Description: "POST /auth/login 返回的令牌"},
			},
		},
		Security: []map[string][]string{{"session": {}}, {"token": {}}},
	}
	modules := map[string]bool{}
	for _, rt := range routes {
		path := patternParam.ReplaceAllString(rt.Pattern, "{$1}")
		item := doc.Paths[path]
		if item == nil {
			item = PathItem{}
			doc.Paths[path] = item
		}
		item[strings.ToLower(rt.Method)] = operation(rt, path)
		modules[rt.Module] = true
	}
	for m := range modules {
		doc.Tags = append(doc.Tags, Tag{Name: m})
	}
	sort.Slice(doc.Tags, func(i, j int) bool { return doc.Tags[i].Name < doc.Tags[j].Name })
	return doc
}

func operation(rt httpx.Route, path string) *Operation {
	op := &Operation{
		Summary:     rt.Title(),
		OperationID: strings.ToLower(rt.Method) + strings.Trim(nonWord.ReplaceAllString(path, "_"), "_"),
		Tags:        []string{rt.Module},
		Permission:  rt.Perm,
		Responses:   map[string]Response{"200": {Description: "成功"}},
	}
	switch rt.Perm {
	case httpx.Public:
		op.Description = "无需登录。"
		op.Security = []map[string][]string{{}}
	case httpx.SignedIn:
		op.Description = "登录即可调用。"
	default:
		op.Description = "所需权限：" + rt.Perm + "（数据范围由服务端按调用者的组织与角色限定，范围外的记录答 404）。"
	}
	if rt.Perm != httpx.Public {
		op.Responses["401"] = Response{Description: "未登录或会话已失效", Content: errorRef}
	}
	if rt.Perm != httpx.Public && rt.Perm != httpx.SignedIn {
		op.Responses["403"] = Response{Description: "没有权限", Content: errorRef}
	}
	for _, m := range patternParam.FindAllStringSubmatch(rt.Pattern, -1) {
		op.Parameters = append(op.Parameters, Parameter{Name: m[1], In: "path", Required: true, Schema: Schema{Type: "string"}})
	}
	if len(op.Parameters) > 0 {
		op.Responses["404"] = Response{Description: "记录不存在或不在调用者的数据范围内", Content: errorRef}
	}
	write := rt.Method != "GET" && !rt.ReadOnly
	if rt.Method == "POST" || rt.Method == "PUT" {
		op.RequestBody = &RequestBody{Content: map[string]MediaType{"application/json": {Schema: Schema{Type: "object"}}}}
		op.Responses["400"] = Response{Description: "输入有误（message 与 field 指出哪一项）", Content: errorRef}
	}
	switch {
	case !write:
		op.Logged = "否（只读）"
	case rt.Secret:
		op.Logged = "记录调用者与时间，不记录内容"
	default:
		op.Logged = "是"
	}
	return op
}
