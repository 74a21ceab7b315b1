package system_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

// The escalation suite: callers at each level of the university try every
// field of every grant path (roles, role menus, custom departments and
// organisations, role deletion, users' roles, department, organisation and
// state, menus) beyond what they hold. Each attempt must be refused and leave
// every grant table exactly as it was.

type body = map[string]any

// caller is a signed-in account of the world.
type caller struct {
	tok     string
	id      int64
	ownRole int64 // the test role apptest made for it
	managed int64 // a role it created itself (owned inside its scope)
}

// world is a university with two colleges:
//
//	departments: 学校 ─ 学院A ─ 系A1 ─ 教研室A1x      organisations: U ─ A ─ A1 ─ G1
//	                  └ 学院B                                          │    └ A2
//	                                                                   └ B ─ B1
//
// school is a university-level administrator who is not admin (组织部管理员,
// ALL), college a secondary-committee administrator of A (二级党委管理员,
// LEVEL_AND_BELOW), branch the secretary of A1 (党支部书记, LEVEL); each also
// holds a test role with the role, user and menu permissions. editor holds
// only user:list and user:edit (at A, LEVEL_AND_BELOW).
type world struct {
	e                            *apptest.Env
	root, dA, dA1, dA1x, dB      int64
	oU, oA, oA1, oG1, oA2, oB    int64
	oB1                          int64
	school, college, branch      caller
	editor                       caller
	sys                          map[string]int64 // seeded roles by name
	uA1, uB, uBoss               int64            // accounts: in A1, in B, and a university-level one sitting in A1
	adminID                      int64
	shared, power, university    int64 // see newWorld
	dictDel, userListMenu, uPage int64 // menu ids
}

var adminPerms = []string{"role:list", "role:add", "role:edit", "role:del", "user:list", "user:add", "user:edit", "user:del", "user:pass",
	"menu:list", "menu:add", "menu:edit", "menu:del", "dept:list"}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, sys: map[string]int64{}}
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(e.DB.NewSelect().Table("sys_dept").Column("id").Where("pid IS NULL").Limit(1).Scan(ctx, &w.root))
	must(e.DB.NewSelect().Table("sys_user").Column("id").Where("is_admin = ?", true).Limit(1).Scan(ctx, &w.adminID))
	dept := func(name string, pid int64) int64 {
		res := e.Do("POST", "/api/dept", e.AdminTK, body{"name": name, "pid": pid})
		apptest.Expect(t, res, 201)
		return int64(res.Map(t)["id"].(float64))
	}
	w.dA = dept("学院A", w.root)
	w.dA1 = dept("系A1", w.dA)
	w.dA1x = dept("教研室A1x", w.dA1)
	w.dB = dept("学院B", w.root)
	seq := 0
	orgAt := func(name, typ string, pid int64) int64 {
		seq++
		b := body{"code": fmt.Sprintf("E%03d", seq), "name": name, "type": typ}
		if pid != 0 {
			b["pid"] = pid
		}
		res := e.Do("POST", "/api/dzzxx", e.AdminTK, b)
		apptest.Expect(t, res, 201)
		return int64(res.Map(t)["id"].(float64))
	}
	w.oU = orgAt("中共测试大学委员会", org.TypeCommittee, 0)
	w.oA = orgAt("A学院党委", org.TypeSecondaryCommittee, w.oU)
	w.oA1 = orgAt("A1党支部", org.TypeBranch, w.oA)
	w.oG1 = orgAt("G1党小组", org.TypeGroup, w.oA1)
	w.oA2 = orgAt("A2党支部", org.TypeBranch, w.oA)
	w.oB = orgAt("B学院党委", org.TypeSecondaryCommittee, w.oU)
	w.oB1 = orgAt("B1党支部", org.TypeBranch, w.oB)

	var seeded []struct {
		ID   int64
		Name string
	}
	must(e.DB.NewSelect().Table("sys_role").Column("id", "name").Where("is_system = ?", true).Scan(ctx, &seeded))
	for _, r := range seeded {
		w.sys[r.Name] = r.ID
	}
	// The platform's six roles (other modules seed their own, e.g. 学员).
	for _, name := range []string{"系统管理员", "组织部管理员", "二级党委管理员", "党支部书记", "党员", "干部管理员"} {
		if w.sys[name] == 0 {
			t.Fatalf("system role %s missing: %v", name, w.sys)
		}
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := e.DB.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	mk := func(scope string, dept, orgID int64, sysRole string, perms ...string) caller {
		tok, id := e.UserWith(scope, dept, perms...)
		c := caller{tok: tok, id: id}
		must(e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", id).Scan(ctx, &c.ownRole))
		exec("UPDATE sys_user SET org_id = ? WHERE id = ?", orgID, id)
		if sysRole != "" {
			exec("INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)", id, w.sys[sysRole])
		}
		return c
	}
	w.school = mk("ALL", w.root, w.oU, "组织部管理员", adminPerms...)
	w.college = mk("LEVEL_AND_BELOW", w.dA, w.oA, "二级党委管理员", adminPerms...)
	w.branch = mk("LEVEL", w.dA1, w.oA1, "党支部书记", adminPerms...)
	// The editor holds what the 党员 role holds (its home and the mode
	// switch): a caller grants, and manages accounts holding, only roles
	// whose permissions it holds itself.
	// Read from the seeded role, so a module granting the 党员 more keeps the case.
	var memberPerms []string
	if err := e.DB.NewSelect().TableExpr("sys_menu AS m").ColumnExpr("DISTINCT m.permission").
		Join("JOIN sys_role_menu AS rm ON rm.menu_id = m.id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
		Where("r.code = ?", "member").Where("m.permission <> ''").Scan(t.Context(), &memberPerms); err != nil {
		t.Fatal(err)
	}
	w.editor = mk("LEVEL_AND_BELOW", w.dA, w.oA, "", append([]string{"user:list", "user:edit"}, memberPerms...)...)

	// Each administrator creates a role of its own (the legitimate path).
	for i, c := range []*caller{&w.school, &w.college, &w.branch} {
		res := e.Do("POST", "/api/roles", c.tok, body{"name": fmt.Sprintf("自建角色%d", i), "level": 5, "dataScope": "SELF"})
		apptest.Expect(t, res, 201)
		c.managed = int64(res.Map(t)["id"].(float64))
	}

	user := func(name string, dept, orgID int64, roles ...int64) int64 {
		res := e.Do("POST", "/api/users", e.AdminTK, body{"username": name, "nickName": name, "deptId": dept, "orgId": orgID, "roleIds": roles})
		apptest.Expect(t, res, 201)
		return int64(res.Map(t)["id"].(float64))
	}
	w.uA1 = user("in_a1", w.dA1, w.oA1, w.sys["党员"])
	w.uB = user("in_b", w.dB, w.oB1, w.sys["党员"])
	w.uBoss = user("boss", w.dA1, w.oA1, w.sys["组织部管理员"], w.sys["系统管理员"])

	// shared: created by the A1 secretary, then given by admin to a user of B
	// (seen attack c: rewriting it would change B's user too).
	res := e.Do("POST", "/api/roles", w.branch.tok, body{"name": "共享角色", "level": 5, "dataScope": "LEVEL"})
	apptest.Expect(t, res, 201)
	w.shared = int64(res.Map(t)["id"].(float64))
	apptest.Expect(t, e.Do("PUT", "/api/users", e.AdminTK, body{"id": w.uB, "username": "in_b", "nickName": "in_b",
		"deptId": w.dB, "roleIds": []int64{w.sys["党员"], w.shared}}), 204)

	// power: a level-3 role of college A carrying role:* (seen attack b).
	res = e.Do("POST", "/api/roles", e.AdminTK, body{"name": "角色管理员", "level": 3, "dataScope": "LEVEL"})
	apptest.Expect(t, res, 201)
	w.power = int64(res.Map(t)["id"].(float64))
	exec("UPDATE sys_role SET owner_dept_id = ?, owner_org_id = ? WHERE id = ?", w.dA, w.oA, w.power)
	var roleMenus []int64
	must(e.DB.NewSelect().Table("sys_menu").Column("id").Where("permission LIKE 'role:%'").Scan(ctx, &roleMenus))
	apptest.Expect(t, e.Do("PUT", "/api/roles/menu", e.AdminTK, body{"id": w.power, "menuIds": roleMenus}), 204)

	// university: made by admin, no owner: only university-level callers manage it.
	res = e.Do("POST", "/api/roles", e.AdminTK, body{"name": "全校角色", "level": 5, "dataScope": "SELF"})
	apptest.Expect(t, res, 201)
	w.university = int64(res.Map(t)["id"].(float64))

	must(e.DB.NewSelect().Table("sys_menu").Column("id").Where("permission = 'dict:del'").Limit(1).Scan(ctx, &w.dictDel))
	must(e.DB.NewSelect().Table("sys_menu").Column("id").Where("permission = 'user:list'").OrderExpr("id").Limit(1).Scan(ctx, &w.userListMenu))
	must(e.DB.NewSelect().Table("sys_menu").Column("id").Where("component = 'system/user'").Limit(1).Scan(ctx, &w.uPage))
	return w
}

// snapshot is every row that decides who may do what, as sorted text.
func (w *world) snapshot(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	for _, q := range []string{
		"SELECT id, name, description, level, data_scope, owner_dept_id, owner_org_id, is_system, updated_at FROM sys_role",
		"SELECT user_id, role_id FROM sys_user_role",
		"SELECT role_id, menu_id FROM sys_role_menu",
		"SELECT role_id, dept_id FROM sys_role_dept",
		"SELECT role_id, dzz_id FROM dzz_role_scope",
		"SELECT id, username, dept_id, org_id, enabled, activated, is_admin, password_hash, pwd_state, locked_until FROM sys_user",
		"SELECT id, pid, type, title, path, component, permission FROM sys_menu",
	} {
		var rows []map[string]any
		if err := w.e.DB.NewRaw(q).Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		lines := make([]string, len(rows))
		for i, r := range rows {
			lines[i] = fmt.Sprint(r)
		}
		sort.Strings(lines)
		b.WriteString(q + "\n" + strings.Join(lines, "\n") + "\n")
	}
	return b.String()
}

type attempt struct {
	name   string
	tok    string
	method string
	path   string
	body   any
	status int
}

// attempts are the calls a test expects refused, in order.
type attempts []attempt

// add is one call by cl expected to answer status.
func (as *attempts) add(name string, cl caller, method, path string, b any, status int) {
	*as = append(*as, attempt{name, cl.tok, method, path, b, status})
}

// refused runs each attempt and checks its status and that nothing changed.
func (w *world) refused(t *testing.T, attempts []attempt) {
	t.Helper()
	for _, a := range attempts {
		t.Run(a.name, func(t *testing.T) {
			before := w.snapshot(t)
			res := w.e.Do(a.method, a.path, a.tok, a.body)
			if res.Status != a.status || (a.status >= 400 && res.Message() == "") {
				t.Errorf("%s %s: %d %s, want %d", a.method, a.path, res.Status, res.Body, a.status)
			}
			if after := w.snapshot(t); after != before {
				t.Errorf("the database changed:\n%s", diffLines(before, after))
			}
		})
	}
}

func diffLines(a, b string) string {
	in := map[string]bool{}
	for _, l := range strings.Split(a, "\n") {
		in[l] = true
	}
	var out []string
	for _, l := range strings.Split(b, "\n") {
		if !in[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

func roleBody(id int64, name string, level int, scope string, depts ...int64) body {
	b := body{"name": name, "level": level, "dataScope": scope, "deptIds": depts}
	if id != 0 {
		b["id"] = id
	}
	return b
}

// The three attacks seen in the field, verbatim.
func TestSeenEscalationAttacks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var ownName string
	w.e.DB.NewSelect().Table("sys_role").Column("name").Where("id = ?", w.branch.ownRole).Scan(context.Background(), &ownName) //nolint:errcheck
	w.refused(t, []attempt{
		// (a) a branch user with role:edit widens its own role's data scope to 全部.
		{"a: widen own role to ALL", w.branch.tok, "PUT", "/api/roles", roleBody(w.branch.ownRole, ownName, 3, "ALL"), 403},
		// … or a role it manages, to hand it to an accomplice.
		{"a: widen a managed role to ALL", w.branch.tok, "PUT", "/api/roles", roleBody(w.branch.managed, "自建角色2", 5, "ALL"), 403},
		// (b) a user with only user:edit gives itself a same-level role carrying role:*.
		{"b: give self a role:* role", w.editor.tok, "PUT", "/api/users", body{"id": w.editor.id, "username": usernameOf(t, w, w.editor.id),
			"nickName": "x", "deptId": w.dA, "roleIds": []int64{w.editor.ownRole, w.power}}, 403},
		// … or gives it to an accomplice in its scope.
		{"b: give an accomplice a role:* role", w.editor.tok, "PUT", "/api/users", body{"id": w.uA1, "username": "in_a1",
			"nickName": "in_a1", "deptId": w.dA1, "roleIds": []int64{w.sys["党员"], w.power}}, 400},
		// (c) a branch user rewrites a role shared with a user of another branch.
		{"c: rewrite a shared role", w.branch.tok, "PUT", "/api/roles", roleBody(w.shared, "共享角色", 5, "SELF"), 404},
		{"c: rewrite a shared role's menus", w.branch.tok, "PUT", "/api/roles/menu", body{"id": w.shared, "menuIds": []int64{}}, 404},
	})
	// After (a) the branch secretary still reads only its own users.
	res := w.e.Do("POST", "/api/users/list?size=100", w.branch.tok, nil)
	apptest.Expect(t, res, 200)
	if strings.Contains(string(res.Body), `"in_b"`) {
		t.Fatalf("branch reads B: %s", res.Body)
	}
}

func usernameOf(t *testing.T, w *world, id int64) string {
	t.Helper()
	return w.e.Username(id)
}

// Every field of role create/update, menus, custom organisations and delete,
// by callers at each level.
func TestRoleEscalationAttempts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s, c, br := w.school, w.college, w.branch
	var tries attempts
	add := tries.add
	// create: level, data scope, custom departments
	add("college creates level 1", c, "POST", "/api/roles", roleBody(0, "新1", 1, "SELF"), 403)
	add("branch creates level 2", br, "POST", "/api/roles", roleBody(0, "新2", 2, "SELF"), 403)
	add("college creates ALL", c, "POST", "/api/roles", roleBody(0, "新3", 5, "ALL"), 403)
	add("branch creates ALL", br, "POST", "/api/roles", roleBody(0, "新4", 5, "ALL"), 403)
	add("branch creates LEVEL_AND_BELOW", br, "POST", "/api/roles", roleBody(0, "新5", 5, "LEVEL_AND_BELOW"), 403)
	add("college creates CUSTOM college B", c, "POST", "/api/roles", roleBody(0, "新6", 5, "CUSTOM", w.dB), 403)
	add("college creates CUSTOM root", c, "POST", "/api/roles", roleBody(0, "新7", 5, "CUSTOM", w.root), 403)
	// A1 is in the secretary's LEVEL scope but CUSTOM covers its subtree (A1x) too.
	add("branch creates CUSTOM own dept with subtree", br, "POST", "/api/roles", roleBody(0, "新8", 5, "CUSTOM", w.dA1), 403)
	add("branch creates CUSTOM parent dept", br, "POST", "/api/roles", roleBody(0, "新9", 5, "CUSTOM", w.dA), 403)
	// update of a role the caller manages: every field beyond its own
	add("college raises level", c, "PUT", "/api/roles", roleBody(c.managed, "自建角色1", 1, "SELF"), 403)
	add("branch raises level", br, "PUT", "/api/roles", roleBody(br.managed, "自建角色2", 2, "SELF"), 403)
	add("college widens to ALL", c, "PUT", "/api/roles", roleBody(c.managed, "自建角色1", 5, "ALL"), 403)
	add("branch widens to LEVEL_AND_BELOW", br, "PUT", "/api/roles", roleBody(br.managed, "自建角色2", 5, "LEVEL_AND_BELOW"), 403)
	add("college CUSTOM college B", c, "PUT", "/api/roles", roleBody(c.managed, "自建角色1", 5, "CUSTOM", w.dA1, w.dB), 403)
	add("branch CUSTOM own dept with subtree", br, "PUT", "/api/roles", roleBody(br.managed, "自建角色2", 5, "CUSTOM", w.dA1), 403)
	// roles the caller may not change: its own, system roles, others'
	for _, x := range []struct {
		who string
		cl  caller
	}{{"school", s}, {"college", c}, {"branch", br}} {
		add(x.who+" renames own role", x.cl, "PUT", "/api/roles", roleBody(x.cl.ownRole, "改名", 3, "SELF"), 403)
		add(x.who+" narrows own role", x.cl, "PUT", "/api/roles", roleBody(x.cl.ownRole, "改名", 9, "SELF"), 403)
		add(x.who+" edits own role menus", x.cl, "PUT", "/api/roles/menu", body{"id": x.cl.ownRole, "menuIds": []int64{w.userListMenu}}, 403)
		add(x.who+" sets own role orgs", x.cl, "PUT", "/api/dzzxx/roleScope", body{"roleId": x.cl.ownRole, "dzzIds": []int64{w.oA1}}, 403)
		add(x.who+" deletes own role", x.cl, "DELETE", "/api/roles", []int64{x.cl.ownRole}, 403)
		add(x.who+" renames system role", x.cl, "PUT", "/api/roles", roleBody(w.sys["党员"], "党员", 4, "SELF"), 403)
		add(x.who+" widens system role", x.cl, "PUT", "/api/roles", roleBody(w.sys["党员"], "党员", 4, "ALL"), 403)
		add(x.who+" edits system role menus", x.cl, "PUT", "/api/roles/menu", body{"id": w.sys["党员"], "menuIds": []int64{w.userListMenu}}, 403)
		add(x.who+" sets system role orgs", x.cl, "PUT", "/api/dzzxx/roleScope", body{"roleId": w.sys["党支部书记"], "dzzIds": []int64{w.oA1}}, 403)
		add(x.who+" deletes system role", x.cl, "DELETE", "/api/roles", []int64{w.sys["党员"]}, 403)
		add(x.who+" grants a menu it lacks", x.cl, "PUT", "/api/roles/menu", body{"id": x.cl.managed, "menuIds": []int64{w.dictDel}}, 403)
		add(x.who+" empties own role's menus", x.cl, "PUT", "/api/roles/menu", body{"id": x.cl.ownRole, "menuIds": []int64{}}, 403)
	}
	// The school administrator lacks dict:del, so a role carrying it is not its to manage.
	add("school edits a role with permissions it lacks", s, "PUT", "/api/roles", roleBody(w.sys["系统管理员"], "系统管理员", 1, "ALL"), 403)
	// others' roles: answered as not found
	for _, x := range []struct {
		who string
		cl  caller
	}{{"college", c}, {"branch", br}} {
		add(x.who+" edits a university role", x.cl, "PUT", "/api/roles", roleBody(w.university, "全校角色", 5, "SELF"), 404)
		add(x.who+" edits a shared role", x.cl, "PUT", "/api/roles", roleBody(w.shared, "共享角色", 5, "SELF"), 404)
		add(x.who+" sets a shared role's menus", x.cl, "PUT", "/api/roles/menu", body{"id": w.shared, "menuIds": []int64{}}, 404)
		add(x.who+" sets a shared role's orgs", x.cl, "PUT", "/api/dzzxx/roleScope", body{"roleId": w.shared, "dzzIds": []int64{}}, 404)
		add(x.who+" deletes a university role", x.cl, "DELETE", "/api/roles", []int64{w.university}, 404)
		add(x.who+" reads a university role", x.cl, "GET", fmt.Sprintf("/api/roles/%d", w.university), nil, 404)
		add(x.who+" reads a university role's orgs", x.cl, "GET", fmt.Sprintf("/api/dzzxx/roleScope/%d", w.university), nil, 404)
	}
	add("branch edits the college's role", br, "PUT", "/api/roles", roleBody(c.managed, "自建角色1", 5, "SELF"), 404)
	add("branch deletes the college's role", br, "DELETE", "/api/roles", []int64{c.managed}, 404)
	add("college edits the school's role", c, "PUT", "/api/roles", roleBody(s.managed, "自建角色0", 5, "SELF"), 404)
	add("branch deletes one of its own and a shared role", br, "DELETE", "/api/roles", []int64{br.managed, w.shared}, 404)
	// custom organisations
	add("college gives college B", c, "PUT", "/api/dzzxx/roleScope", body{"roleId": c.managed, "dzzIds": []int64{w.oB}}, 404)
	add("college gives the committee", c, "PUT", "/api/dzzxx/roleScope", body{"roleId": c.managed, "dzzIds": []int64{w.oU}}, 404)
	add("branch gives a sibling branch", br, "PUT", "/api/dzzxx/roleScope", body{"roleId": br.managed, "dzzIds": []int64{w.oA2}}, 404)
	add("branch gives own branch with its party group", br, "PUT", "/api/dzzxx/roleScope", body{"roleId": br.managed, "dzzIds": []int64{w.oA1}}, 403)
	// … and the same through the role save, which stores them in its own transaction
	// (a refused organisation leaves the role, its level and its departments unsaved too).
	orgRole := func(id int64, name string, orgs ...int64) body {
		return apptest.With(roleBody(id, name, 5, "CUSTOM"), "dzzIds", orgs)
	}
	add("college creates CUSTOM organisation college B", c, "POST", "/api/roles", orgRole(0, "新10", w.oB), 404)
	add("college creates CUSTOM organisation committee", c, "POST", "/api/roles", orgRole(0, "新11", w.oU), 404)
	add("branch creates CUSTOM own branch with its party group", br, "POST", "/api/roles", orgRole(0, "新12", w.oA1), 403)
	add("college CUSTOM organisation college B", c, "PUT", "/api/roles", orgRole(c.managed, "自建角色1", w.oA1, w.oB), 404)
	add("branch CUSTOM sibling branch", br, "PUT", "/api/roles", orgRole(br.managed, "自建角色2", w.oA2), 404)
	add("college CUSTOM with neither organisations nor departments", c, "PUT", "/api/roles", orgRole(c.managed, "自建角色1"), 400)
	add("college sets a shared role's organisations", c, "PUT", "/api/roles", orgRole(w.shared, "共享角色", w.oA1), 404)
	w.refused(t, tries)

	// The legitimate paths still work for the college administrator.
	apptest.Expect(t, w.e.Do("PUT", "/api/roles", c.tok, roleBody(c.managed, "自建角色1", 5, "CUSTOM", w.dA1)), 204)
	apptest.Expect(t, w.e.Do("PUT", "/api/roles", c.tok, roleBody(c.managed, "自建角色1", 5, "LEVEL_AND_BELOW")), 204)
	apptest.Expect(t, w.e.Do("PUT", "/api/dzzxx/roleScope", c.tok, body{"roleId": c.managed, "dzzIds": []int64{w.oA1}}), 204)
	apptest.Expect(t, w.e.Do("PUT", "/api/roles/menu", c.tok, body{"id": c.managed, "menuIds": []int64{w.userListMenu}}), 204)
	apptest.Expect(t, w.e.Do("PUT", "/api/dzzxx/roleScope", c.tok, body{"roleId": c.managed, "dzzIds": []int64{w.oA1, w.oG1, w.oA2}}), 204)
	apptest.Expect(t, w.e.Do("PUT", "/api/dzzxx/roleScope", br.tok, body{"roleId": br.managed, "dzzIds": []int64{}}), 204)
	apptest.Expect(t, w.e.Do("DELETE", "/api/roles", br.tok, []int64{br.managed}), 204)

	// The role save stores custom organisations (what the role page sends) and drops them with CUSTOM.
	apptest.Expect(t, w.e.Do("PUT", "/api/roles", c.tok, orgRole(c.managed, "自建角色1", w.oA1, w.oA2)), 204)
	if got := w.roleOrgs(t, c.managed); !sameSet(got, []int64{w.oA1, w.oA2}) {
		t.Fatalf("custom organisations %v", got)
	}
	created := apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/roles", c.tok, orgRole(0, "自建角色3", w.oA2)).ID
	if got := w.roleOrgs(t, created); !sameSet(got, []int64{w.oA2}) {
		t.Fatalf("created with %v", got)
	}
	// Absent = unchanged (the departments alone may be edited).
	apptest.Expect(t, w.e.Do("PUT", "/api/roles", c.tok, roleBody(c.managed, "自建角色1", 5, "CUSTOM", w.dA1)), 204)
	if got := w.roleOrgs(t, c.managed); len(got) != 2 {
		t.Fatalf("organisations after a departments-only edit %v", got)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/roles", c.tok, roleBody(c.managed, "自建角色1", 5, "SELF")), 204)
	if got := w.roleOrgs(t, c.managed); len(got) != 0 {
		t.Fatalf("SELF kept organisations %v", got)
	}
}

// roleOrgs reads the custom organisations stored for a role.
func (w *world) roleOrgs(t *testing.T, roleID int64) []int64 {
	t.Helper()
	var ids []int64
	if err := w.e.DB.NewSelect().Table("dzz_role_scope").Column("dzz_id").Where("role_id = ?", roleID).Scan(t.Context(), &ids); err != nil {
		t.Fatal(err)
	}
	return ids
}

func sameSet(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[int64]bool{}
	for _, v := range a {
		in[v] = true
	}
	for _, v := range b {
		if !in[v] {
			return false
		}
	}
	return true
}

// Every field of user create/update and the user actions, by callers at each level.
func TestUserEscalationAttempts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s, c, br := w.school, w.college, w.branch
	var tries attempts
	add := tries.add
	userBody := func(id int64, name string, dept, orgID int64, roles ...int64) body {
		b := body{"username": name, "nickName": name, "deptId": dept, "orgId": orgID, "roleIds": roles}
		if id != 0 {
			b["id"] = id
		}
		return b
	}
	for _, x := range []struct {
		who  string
		cl   caller
		dept int64
		org  int64
	}{{"school", s, w.root, w.oU}, {"college", c, w.dA, w.oA}, {"branch", br, w.dA1, w.oA1}} {
		me := usernameOf(t, w, x.cl.id)
		add(x.who+" creates a 系统管理员", x.cl, "POST", "/api/users", userBody(0, "n1", x.dept, x.org, w.sys["系统管理员"]), 403)
		add(x.who+" gives a user 系统管理员", x.cl, "PUT", "/api/users", userBody(w.uA1, "in_a1", w.dA1, w.oA1, w.sys["党员"], w.sys["系统管理员"]), 403)
		add(x.who+" adds a role to itself", x.cl, "PUT", "/api/users", userBody(x.cl.id, me, x.dept, x.org, x.cl.ownRole, w.sys[sysRoleOf(x.who)], x.cl.managed), 403)
		add(x.who+" drops a role of its own", x.cl, "PUT", "/api/users", userBody(x.cl.id, me, x.dept, x.org, x.cl.ownRole), 403)
		add(x.who+" edits a more powerful user", x.cl, "PUT", "/api/users", userBody(w.uBoss, "boss", w.dA1, w.oA1), 403)
		add(x.who+" disables a more powerful user", x.cl, "PUT", "/api/users/updateState", body{"ids": []int64{w.uBoss}, "enabled": false}, 403)
		add(x.who+" resets a more powerful user's password", x.cl, "POST", "/api/users/managerResetPass/", body{"id": w.uBoss}, 403)
		add(x.who+" deletes a more powerful user", x.cl, "DELETE", "/api/users", []int64{w.uBoss}, 403)
		add(x.who+" edits admin", x.cl, "PUT", "/api/users", userBody(w.adminID, "admin", w.root, 0), 404)
	}
	for _, x := range []struct {
		who string
		cl  caller
	}{{"college", c}, {"branch", br}} {
		add(x.who+" creates a 组织部管理员", x.cl, "POST", "/api/users", userBody(0, "n2", w.dA1, w.oA1, w.sys["组织部管理员"]), 403)
		add(x.who+" creates a 干部管理员", x.cl, "POST", "/api/users", userBody(0, "n3", w.dA1, w.oA1, w.sys["干部管理员"]), 403)
		add(x.who+" creates a user in college B", x.cl, "POST", "/api/users", userBody(0, "n4", w.dB, w.oA1), 400)
		add(x.who+" creates a user in branch B1", x.cl, "POST", "/api/users", userBody(0, "n5", w.dA1, w.oB1), 400)
		add(x.who+" creates a user with the university role", x.cl, "POST", "/api/users", userBody(0, "n6", w.dA1, w.oA1, w.university), 400)
		add(x.who+" creates a user with the shared role", x.cl, "POST", "/api/users", userBody(0, "n7", w.dA1, w.oA1, w.shared), 400)
		add(x.who+" moves a user to college B", x.cl, "PUT", "/api/users", userBody(w.uA1, "in_a1", w.dB, w.oA1, w.sys["党员"]), 400)
		add(x.who+" moves a user to branch B1", x.cl, "PUT", "/api/users", userBody(w.uA1, "in_a1", w.dA1, w.oB1, w.sys["党员"]), 400)
		add(x.who+" edits a user of college B", x.cl, "PUT", "/api/users", userBody(w.uB, "in_b", w.dA1, w.oA1), 404)
		add(x.who+" disables a user of college B", x.cl, "PUT", "/api/users/updateState", body{"ids": []int64{w.uB}, "enabled": false}, 404)
		add(x.who+" resets the password of a user of college B", x.cl, "POST", "/api/users/managerResetPass/", body{"id": w.uB}, 404)
	}
	add("branch gives a user 二级党委管理员", br, "PUT", "/api/users", userBody(w.uA1, "in_a1", w.dA1, w.oA1, w.sys["二级党委管理员"]), 403)
	add("branch creates a 二级党委管理员", br, "POST", "/api/users", userBody(0, "n8", w.dA1, w.oA1, w.sys["二级党委管理员"]), 403)
	add("branch moves a user to the party group", br, "PUT", "/api/users", userBody(w.uA1, "in_a1", w.dA1, w.oG1, w.sys["党员"]), 400)
	add("branch moves a user below its department", br, "PUT", "/api/users", userBody(w.uA1, "in_a1", w.dA1x, w.oA1, w.sys["党员"]), 400)
	// The personal centre changes only the caller's name and contacts.
	add("branch sends roles, department, organisation and state to the personal centre", br, "PUT", "/api/users/center",
		body{"nickName": usernameOf(t, w, br.id), "roleIds": []int64{w.sys["系统管理员"]}, "deptId": w.dB, "orgId": w.oB1,
			"enabled": false, "isAdmin": true, "username": "admin"}, 204)
	w.refused(t, tries)

	// Controls: the same callers succeed inside their rights.
	apptest.Expect(t, w.e.Do("PUT", "/api/users", c.tok, userBody(w.uA1, "in_a1", w.dA1x, w.oG1, w.sys["党员"], w.sys["党支部书记"], c.managed)), 204)
	apptest.Expect(t, w.e.Do("POST", "/api/users", br.tok, userBody(0, "ok1", w.dA1, w.oA1, w.sys["党员"], br.managed)), 201)
	apptest.Expect(t, w.e.Do("POST", "/api/users", s.tok, userBody(0, "ok2", w.dB, w.oB1, w.sys["组织部管理员"], w.university)), 201)
}

func sysRoleOf(who string) string {
	return map[string]string{"school": "组织部管理员", "college": "二级党委管理员", "branch": "党支部书记"}[who]
}

// Menus carrying a permission are admin's: a menu editor cannot attach a
// permission to an entry its role holds, rename a button, or delete one.
func TestMenuEscalationAttempts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := w.school
	w.refused(t, []attempt{
		{"create a button with a permission", s.tok, "POST", "/api/menus", body{"type": 2, "title": "删", "pid": w.uPage, "permission": "user:del"}, 403},
		{"create a button with a permission it holds", s.tok, "POST", "/api/menus", body{"type": 2, "title": "查", "pid": w.uPage, "permission": "user:list"}, 403},
		{"rename a button's permission", s.tok, "PUT", "/api/menus", body{"id": w.userListMenu, "type": 2, "title": "查询", "pid": w.uPage, "permission": "dict:del"}, 403},
		{"retitle a button", s.tok, "PUT", "/api/menus", body{"id": w.userListMenu, "type": 2, "title": "改", "pid": w.uPage, "permission": "user:list"}, 403},
		{"attach a permission to a page it holds", s.tok, "PUT", "/api/menus", body{"id": w.uPage, "type": 1, "title": "用户管理", "path": "user",
			"component": "system/user", "pid": parentOf(t, w, w.uPage), "permission": "dict:del"}, 403},
		{"delete a page with buttons", s.tok, "DELETE", "/api/menus", []int64{w.uPage}, 403},
		{"admin makes an admin button", w.e.AdminTK, "POST", "/api/menus", body{"type": 2, "title": "超管", "pid": w.uPage, "permission": "admin"}, 400},
	})
	// A directory without permissions is still the menu editor's to arrange.
	res := w.e.Do("POST", "/api/menus", s.tok, body{"type": 0, "title": "专题", "path": "/topic", "workbench": "party"})
	apptest.Expect(t, res, 201)
	dir := int64(res.Map(t)["id"].(float64))
	apptest.Expect(t, w.e.Do("PUT", "/api/menus", s.tok, body{"id": dir, "type": 0, "title": "专题栏目", "path": "/topic", "workbench": "party"}), 204)
	apptest.Expect(t, w.e.Do("DELETE", "/api/menus", s.tok, []int64{dir}), 204)
}

func parentOf(t *testing.T, w *world, id int64) int64 {
	var pid int64
	if err := w.e.DB.NewSelect().Table("sys_menu").Column("pid").Where("id = ?", id).Scan(context.Background(), &pid); err != nil {
		t.Fatal(err)
	}
	return pid
}

// What each caller sees: the roles it manages (editable) and the system roles
// it may grant (not editable); never a role beyond it.
func TestRoleListShowsManagedAndAssignableRoles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	type row struct {
		ID       int64
		Name     string
		Editable bool
	}
	list := func(tok string) map[int64]row {
		return apptest.ListedBy(w.e, "/api/roles?size=100", tok, func(r row) int64 { return r.ID })
	}
	c := list(w.college.tok)
	if !c[w.college.managed].Editable || c[w.sys["党支部书记"]].Editable || c[w.sys["党员"]].ID == 0 || c[w.sys["二级党委管理员"]].Editable {
		t.Fatalf("college sees %v", c)
	}
	for _, hidden := range []int64{w.sys["系统管理员"], w.sys["组织部管理员"], w.university, w.shared, w.school.managed} {
		if _, ok := c[hidden]; ok {
			t.Fatalf("college sees role %d: %v", hidden, c)
		}
	}
	b := list(w.branch.tok)
	if !b[w.branch.managed].Editable || b[w.sys["党员"]].Editable {
		t.Fatalf("branch sees %v", b)
	}
	for _, hidden := range []int64{w.sys["二级党委管理员"], w.college.managed, w.shared, w.power, w.university} {
		if _, ok := b[hidden]; ok {
			t.Fatalf("branch sees role %d: %v", hidden, b)
		}
	}
	sc := list(w.school.tok)
	if !sc[w.university].Editable || sc[w.sys["组织部管理员"]].Editable || sc[w.school.ownRole].Editable {
		t.Fatalf("school sees %v", sc)
	}
	if _, ok := sc[w.sys["系统管理员"]]; ok {
		t.Fatal("the school administrator sees 系统管理员, whose permissions it lacks")
	}
	a := list(w.e.AdminTK)
	if len(a) < 10 || !a[w.sys["系统管理员"]].Editable {
		t.Fatalf("admin sees %v", a)
	}
	// The user editor's choices are the same grantable roles.
	res := w.e.Do("GET", "/api/roles/all", w.editor.tok, nil)
	apptest.Expect(t, res, 200)
	var all []row
	res.JSON(t, &all)
	names := map[string]bool{}
	for _, r := range all {
		names[r.Name] = true
	}
	if !names["党员"] || names["角色管理员"] || names["党支部书记"] || names["系统管理员"] {
		t.Fatalf("editor may grant %v", names)
	}
	// A readable system role: its detail says not editable.
	res = w.e.Do("GET", fmt.Sprintf("/api/roles/%d", w.sys["党支部书记"]), w.college.tok, nil)
	apptest.Expect(t, res, 200)
	if res.Map(t)["editable"] != false {
		t.Fatalf("detail %s", res.Body)
	}
}

// A changed data scope applies to a signed-in user at its next request.
func TestScopeChangesApplyToSignedInUsers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tok, id := w.e.UserWith("LEVEL_AND_BELOW", w.dA, "user:list")
	sees := func() bool {
		res := w.e.Do("POST", "/api/users/list?size=100", tok, nil)
		apptest.Expect(t, res, 200)
		return strings.Contains(string(res.Body), `"in_a1"`)
	}
	if !sees() {
		t.Fatal("LEVEL_AND_BELOW at A does not see A1")
	}
	var role int64
	w.e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", id).Scan(context.Background(), &role) //nolint:errcheck
	var name string
	w.e.DB.NewSelect().Table("sys_role").Column("name").Where("id = ?", role).Scan(context.Background(), &name) //nolint:errcheck
	apptest.Expect(t, w.e.Do("PUT", "/api/roles", w.e.AdminTK, roleBody(role, name, 3, "LEVEL")), 204)
	if sees() {
		t.Fatal("the narrowed scope did not apply at once")
	}
}

// The user import assigns roles by name: the same rules as the user editor.
// A row breaking them is invalid, and its batch cannot be committed.
func TestUserImportGrantsOnlyWhatTheCallerHolds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	br := w.branch
	me := usernameOf(t, w, br.id)
	header := []string{"用户名*", "姓名*", "性别（男/女）", "手机号", "邮箱", "部门名称", "角色（多个用逗号分隔）", "是否已离校（是/否）"}
	for _, c := range []struct {
		name string
		row  []string
	}{
		{"a new user with 系统管理员", []string{"imp1", "导入一", "", "", "", "系A1", "系统管理员", ""}},
		{"a new user with the shared role", []string{"imp2", "导入二", "", "", "", "系A1", "共享角色", ""}},
		{"itself with one more role", []string{me, me, "", "", "", "系A1", "测试角色-" + me + ",党支部书记,自建角色2", ""}},
		{"itself without its roles", []string{me, me, "", "", "", "系A1", "", ""}},
		{"a more powerful user, to strip its roles", []string{"boss", "boss", "", "", "", "系A1", "党员", ""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := w.snapshot(t)
			b := w.e.Stage(t, "user", br.tok, [][]string{header, c.row})
			if b.InvalidCount != 1 {
				t.Errorf("batch %+v", b)
			}
			for _, skip := range []bool{false, true} {
				res := w.e.Do("POST", fmt.Sprintf("/api/import/user/batches/%d/commit", b.ID), br.tok, map[string]any{"skipInvalid": skip})
				if skip && res.Status == 200 && strings.Contains(string(res.Body), `"newCount":0,"changedCount":0`) {
					continue // skipping the only row writes nothing
				}
				if res.Status != 400 {
					t.Errorf("commit (skip %v): %d %s", skip, res.Status, res.Body)
				}
			}
			if after := w.snapshot(t); after != before {
				t.Errorf("the database changed:\n%s", diffLines(before, after))
			}
		})
	}
	// Control: the roles it may grant are imported.
	b := w.e.Stage(t, "user", br.tok, [][]string{header, {"imp3", "导入三", "", "", "", "系A1", "党员,自建角色2", ""}})
	if b.NewCount != 1 {
		t.Fatalf("control batch %+v rows %+v", b, w.e.ImportRows(t, "user", br.tok, b.ID))
	}
	w.e.Commit(t, "user", br.tok, b.ID, false)
}
