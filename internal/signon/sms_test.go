package signon_test

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// outbox is the SMS provider of the tests: it keeps what was sent.
type outbox struct {
	mu   sync.Mutex
	sent map[string][]string // phone → contents
}

func (o *outbox) Send(_ context.Context, phone, content string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent[phone] = append(o.sent[phone], content)
	return nil
}

var codeIn = regexp.MustCompile(`验证码为 (\d{6})，`)

// smsWorld: the app with the SMS code on, the outbox as provider, a clock
// the test moves, and the account phone_user whose phone is knownPhone.
type smsWorld struct {
	e      *apptest.Env
	out    *outbox
	now    time.Time
	userID int64
}

const knownPhone = "13800001111"

func newSMSWorld(t *testing.T) *smsWorld {
	t.Helper()
	e := apptest.New(t)
	w := &smsWorld{e: e, out: &outbox{sent: map[string][]string{}}, now: time.Date(2026, 12, 3, 2, 0, 0, 0, time.UTC)}
	e.App.SignOn.SetSMSProvider(w.out)
	e.App.SignOn.SetClock(func() time.Time { return w.now })
	if err := e.Sys.SetSetting(context.Background(), system.CfgSMSEnabled, "true"); err != nil {
		t.Fatal(err)
	}
	res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "phone_user", "nickName": "王短信", "phone": knownPhone})
	apptest.Expect(t, res, 201)
	w.userID = int64(res.Map(t)["id"].(float64))
	// Its initial password is replaced by one it chose, as a person would.
	if err := e.Sys.SetPasswordByCode(context.Background(), w.userID, "Known#2026pw"); err != nil {
		t.Fatal(err)
	}
	return w
}

// code is the last code sent to phone ("" when none was).
func (w *smsWorld) code(phone string) string {
	w.e.App.SignOn.WaitSent()
	w.out.mu.Lock()
	defer w.out.mu.Unlock()
	msgs := w.out.sent[phone]
	if len(msgs) == 0 {
		return ""
	}
	m := codeIn.FindStringSubmatch(msgs[len(msgs)-1])
	if m == nil {
		return ""
	}
	return m[1]
}

func (w *smsWorld) sentTo(phone string) int {
	w.e.App.SignOn.WaitSent()
	w.out.mu.Lock()
	defer w.out.mu.Unlock()
	return len(w.out.sent[phone])
}

func (w *smsWorld) ask(path, phone, typ string) *apptest.Response {
	return w.e.Do("POST", path, "", map[string]any{"phone": phone, "type": typ})
}

func (w *smsWorld) login(phone, code string) *apptest.Response {
	return w.e.Do("POST", "/auth/vercode/login", "", map[string]any{"phone": phone, "vercode": code})
}

// The code signs in once, within its five minutes: 4:59 after it was sent
// it is good, at 5:00 it is not; a wrong code, a spent code and a code for
// another purpose are refused next to the field.
func TestSMSCodeSignsInOnceWithinFiveMinutes(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, ""), 200)
	code := w.code(knownPhone)
	if code == "" {
		t.Fatalf("no code sent: %v", w.out.sent)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	apptest.ExpectField(t, w.login(knownPhone, wrong), "vercode", "验证码错误或已失效，请重新获取")
	w.now = w.now.Add(4*time.Minute + 59*time.Second)
	res := w.login(knownPhone, code)
	apptest.Expect(t, res, 200)
	token, _ := res.Map(t)["token"].(string)
	if info := w.e.Do("GET", "/auth/info", token, nil).Map(t); info["username"] != "phone_user" {
		t.Fatalf("signed in as %v", info["username"])
	}
	apptest.ExpectField(t, w.login(knownPhone, code), "vercode", "验证码错误或已失效，请重新获取") // once

	// At five minutes the next code has expired.
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, "login"), 200)
	late := w.code(knownPhone)
	w.now = w.now.Add(5 * time.Minute)
	apptest.ExpectField(t, w.login(knownPhone, late), "vercode", "验证码错误或已失效，请重新获取")

	// A reset code does not sign in.
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, "reset"), 200)
	apptest.ExpectField(t, w.login(knownPhone, w.code(knownPhone)), "vercode", "验证码错误或已失效，请重新获取")

	// Five wrong tries spend a code: the right one after them is refused.
	w.now = w.now.Add(time.Minute)
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, ""), 200)
	right := w.code(knownPhone)
	for range 5 {
		w.login(knownPhone, wrong)
	}
	apptest.ExpectField(t, w.login(knownPhone, right), "vercode", "验证码错误或已失效，请重新获取")

	// The login log says how each attempt went.
	n, err := w.e.DB.NewSelect().Table("sys_login_log").Where("username = 'phone_user'").Where("message = '短信验证码登录成功'").Count(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("login log: %d %v", n, err)
	}
}

// A phone no account uses gets the same answer, the same stored row and the
// same limits as one that is used; only no message is sent.
func TestSMSCodeAnswersAlikeForUnknownPhones(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	const unknown = "13900002222"
	known, other := w.ask("/auth/sms/verify", knownPhone, ""), w.ask("/auth/sms/verify", unknown, "")
	apptest.Expect(t, known, 200)
	apptest.Expect(t, other, 200)
	if string(known.Body) != string(other.Body) {
		t.Fatalf("answers differ:\n%s\n%s", known.Body, other.Body)
	}
	if w.sentTo(knownPhone) != 1 || w.sentTo(unknown) != 0 {
		t.Fatalf("sent %v", w.out.sent)
	}
	for _, phone := range []string{knownPhone, unknown} {
		n, err := w.e.DB.NewSelect().Table("sms_code").Where("phone_idx = ?", w.e.Sys.PhoneIndex(phone)).Count(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("%s: %d rows %v", phone, n, err)
		}
		// Within the minute: refused alike.
		apptest.ExpectMessage(t, w.ask("/auth/sms/verify", phone, ""), 429, "验证码发送过于频繁：同一手机号每分钟1条、每天10条，请稍后再试")
	}
	apptest.ExpectField(t, w.ask("/auth/sms/verify", "1380000111", ""), "phone", "请输入正确的手机号码")
}

// A phone gets one code a minute and ten a day (the China day): the 59th
// second is refused, the 60th is not; the eleventh of a day is refused and
// the next day starts again.
func TestSMSCodeLimitsPerPhone(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	// 02:00 UTC is 10:00 in China; the day ends at 16:00 UTC.
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, ""), 200)
	w.now = w.now.Add(59 * time.Second)
	if res := w.ask("/auth/sms/verify", knownPhone, ""); res.Status != 429 {
		t.Fatalf("at 59 s: %d", res.Status)
	}
	w.now = w.now.Add(time.Second)
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, ""), 200)
	for i := 3; i <= 10; i++ {
		w.now = w.now.Add(time.Minute)
		apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, ""), 200)
	}
	w.now = w.now.Add(time.Minute)
	if res := w.ask("/auth/sms/verify", knownPhone, ""); res.Status != 429 {
		t.Fatalf("the eleventh of the day: %d", res.Status)
	}
	w.now = time.Date(2026, 12, 3, 16, 0, 0, 0, time.UTC) // 00:00 in China
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, ""), 200)
	if n := w.sentTo(knownPhone); n != 11 {
		t.Fatalf("sent %d", n)
	}
}

// Parallel requests cannot send more codes than the limit, nor use one
// code twice: both are single statements.
func TestSMSCodeParallelRequests(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	statuses := parallel(8, func() int { return w.ask("/auth/sms/verify", knownPhone, "").Status })
	if statuses[200] != 1 || statuses[429] != 7 {
		t.Fatalf("sends: %v", statuses)
	}
	code := w.code(knownPhone)
	statuses = parallel(8, func() int { return w.login(knownPhone, code).Status })
	if statuses[200] != 1 || statuses[400] != 7 {
		t.Fatalf("sign-ins: %v", statuses)
	}
}

func parallel(n int, f func() int) map[int]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[int]int{}
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := f()
			mu.Lock()
			out[s]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// A forgotten password is reset with a code sent to the account's phone:
// a password the policy refuses is refused before the code is spent, the
// new password signs in, the old one and the sessions before do not.
func TestPasswordResetBySMS(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	before := w.e.Login("phone_user", "Known#2026pw")
	apptest.Expect(t, w.ask("/auth/sms/verify", knownPhone, "reset"), 200)
	code := w.code(knownPhone)
	reset := func(code, password string) *apptest.Response {
		return w.e.Do("POST", "/api/users/resetPass", "", map[string]any{"phone": knownPhone, "vercode": code, "newPass": w.e.Encrypt(password)})
	}
	if res := reset(code, "short"); res.Status != 400 || res.Map(t)["field"] != "newPass" {
		t.Fatalf("weak password: %d %s", res.Status, res.Body)
	}
	res := reset(code, "Reset#2026pw")
	apptest.Expect(t, res, 200)
	if res.Map(t)["username"] != "phone_user" {
		t.Fatalf("answer %s", res.Body)
	}
	apptest.Expect(t, w.e.Do("GET", "/auth/info", before, nil), 401)
	if res := w.e.Do("POST", "/auth/login", "", map[string]any{"username": "phone_user", "password": w.e.Encrypt("Known#2026pw")}); res.Status != 400 {
		t.Fatalf("old password: %d", res.Status)
	}
	w.e.Login("phone_user", "Reset#2026pw")
	apptest.ExpectField(t, reset(code, "Again#2026pw"), "vercode", "验证码错误或已失效，请重新获取")
}

// The e-mail address changes with the password and a code sent to the
// account's own phone; a wrong password is refused next to its field.
func TestEmailChangeByCode(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	token := w.e.Login("phone_user", "Known#2026pw")
	apptest.Expect(t, w.e.Do("POST", "/api/users/emailCode", "", nil), 401)
	res := w.e.Do("POST", "/api/users/emailCode", token, nil)
	apptest.Expect(t, res, 200)
	if msg := res.Map(t)["message"]; msg != "验证码已发送至 138****1111，5分钟内有效" {
		t.Fatalf("message %v", msg)
	}
	code := w.code(knownPhone)
	change := func(code, password, email string) *apptest.Response {
		return w.e.Do("POST", "/api/users/updateEmail/"+code, token, map[string]any{"password": w.e.Encrypt(password), "email": email})
	}
	apptest.ExpectField(t, change(code, "Known#2026pw", "not-an-address"), "email", "请输入正确的邮箱地址")
	apptest.ExpectField(t, change(code, "Wrong#2026pw", "wang@school.edu.cn"), "password", "密码错误")
	apptest.Expect(t, change(code, "Known#2026pw", "wang@school.edu.cn"), 204)
	if info := w.e.Do("GET", "/auth/info", token, nil).Map(t); info["email"] != "wang@school.edu.cn" {
		t.Fatalf("email %v", info["email"])
	}
	apptest.ExpectField(t, change(code, "Known#2026pw", "li@school.edu.cn"), "vercode", "验证码错误或已失效，请重新获取")
	// Without a phone on record there is nowhere to send a code.
	admin := w.e.Do("POST", "/api/users/emailCode", w.e.AdminTK, nil)
	apptest.ExpectMessage(t, admin, 400, "您的账号未登记手机号，请先在个人中心填写手机号")
}

// While the SMS code is off every route of it says so, and sends nothing.
func TestSMSCodeOff(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	if err := w.e.Sys.SetSetting(context.Background(), system.CfgSMSEnabled, "false"); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/auth/sms/verify", "/auth/vercode/login", "/api/users/resetPass", "/auth/sms/register/verify", "/auth/register"} {
		apptest.ExpectMessage(t, w.ask(path, knownPhone, ""), 403, "短信验证码未启用，请使用账号密码登录")
	}
	if w.sentTo(knownPhone) != 0 {
		t.Fatal("a code was sent while the SMS code is off")
	}
}

// A party member of the registry with no account makes one with the phone
// on the record: username the staff number, role 党员, linked to the record,
// the password chosen; the answer is the same for a phone no member may
// register with, and a member registers once.
func TestRegistrationBySMS(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	c := w.e.Campus(t)
	const memberPhone, stranger = "13700003333", "13700004444"
	memberID := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("赵注册", c.Branch, "gender", "1",
		"phone", memberPhone, "staffOrStudentNo", "T3003"))
	register := func(phone, code, password string) *apptest.Response {
		return w.e.Do("POST", "/auth/register", "", map[string]any{"phone": phone, "vercode": code, "password": w.e.Encrypt(password)})
	}
	apptest.ExpectMessage(t, w.ask("/auth/sms/register/verify", memberPhone, ""), 403, "本校未开放自助注册，请联系所在党支部开通账号")
	if err := w.e.Sys.SetSetting(context.Background(), system.CfgSMSRegister, "true"); err != nil {
		t.Fatal(err)
	}
	a, b := w.ask("/auth/sms/register/verify", memberPhone, ""), w.ask("/auth/sms/register/verify", stranger, "")
	apptest.Expect(t, a, 200)
	if string(a.Body) != string(b.Body) || w.sentTo(stranger) != 0 {
		t.Fatalf("answers %s / %s, sent %v", a.Body, b.Body, w.out.sent)
	}
	code := w.code(memberPhone)
	if res := register(memberPhone, code, "short"); res.Status != 400 || res.Map(t)["field"] != "password" {
		t.Fatalf("weak password: %d %s", res.Status, res.Body)
	}
	res := register(memberPhone, code, "Member#2026pw")
	apptest.Expect(t, res, 201)
	if got := res.Map(t); got["username"] != "T3003" || got["token"] == "" {
		t.Fatalf("registered %s", res.Body)
	}
	var account struct {
		ID       int64  `bun:"id"`
		PwdState string `bun:"pwd_state"`
		OrgID    int64  `bun:"org_id"`
	}
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id", "pwd_state", "org_id").Where("username = 'T3003'").Scan(context.Background(), &account); err != nil {
		t.Fatal(err)
	}
	roles, err := w.e.DB.NewSelect().TableExpr("sys_user_role AS ur").Join("JOIN sys_role AS r ON r.id = ur.role_id").
		Where("ur.user_id = ?", account.ID).Where("r.code = ?", system.RoleMember).Count(context.Background())
	var linked int64
	if err2 := w.e.DB.NewSelect().Table("dyjbxx").Column("user_id").Where("id = ?", memberID).Scan(context.Background(), &linked); err != nil || err2 != nil ||
		roles != 1 || account.PwdState != system.PwdOK || account.OrgID != c.Branch || linked != account.ID {
		t.Fatalf("account %+v, member role %d, linked %d: %v %v", account, roles, linked, err, err2)
	}
	w.e.Login("T3003", "Member#2026pw")
	// The phone proven is the account's: the member signs in with a code too.
	w.now = w.now.Add(time.Minute)
	apptest.Expect(t, w.ask("/auth/sms/verify", memberPhone, "login"), 200)
	if res := w.login(memberPhone, w.code(memberPhone)); res.Status != 200 {
		t.Fatalf("sign-in by code after registering: %d %s", res.Status, res.Body)
	}
	// Once: the member has an account now, so the phone registers nobody.
	w.now = w.now.Add(time.Minute)
	apptest.Expect(t, w.ask("/auth/sms/register/verify", memberPhone, ""), 200)
	if n := w.sentTo(memberPhone); n != 2 {
		t.Fatalf("a second registration code was sent (%d messages)", n)
	}
	apptest.ExpectField(t, register(stranger, "123456", "Member#2026pw"), "vercode", "验证码错误或已失效，请重新获取")
}

// With the SMS code on, the personal centre keeps the address: only the
// proven change replaces it.
func TestProfileKeepsTheEmailWhileCodesAreOn(t *testing.T) {
	t.Parallel()
	w := newSMSWorld(t)
	token := w.e.Login("phone_user", "Known#2026pw")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/users/center", token, map[string]any{"nickName": "王短信", "phone": knownPhone, "email": "x@school.edu.cn"}),
		"email", "请通过“更换邮箱”修改邮箱（需验证登录密码和短信验证码）")
	apptest.Expect(t, w.e.Do("PUT", "/api/users/center", token, map[string]any{"nickName": "王短信二", "phone": knownPhone, "email": ""}), 204)
}
