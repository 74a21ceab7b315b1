package demo

import "math/rand/v2"

// Common surnames, most frequent first (the order of the national
// household-registration statistics); drawn with a weight falling with the
// rank so that 王, 李, 张 and 刘 are as common as they are in a real roster.
var surnames = []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")

// Given-name characters commonly chosen for boys and for girls (a few, such
// as 文 or 思, are common for both).
var (
	givenMale   = []rune("伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林峰建志文博晨昊然子轩泽睿哲思远航一天成海东振国江亮毅锋彬立新云")
	givenFemale = []rune("芳娜敏静丽艳娟霞秀英玲慧婷雪琳颖倩洁欣怡佳悦雨萱梦璐晶露月瑶琪涵诗思雅茜晓嘉蕾薇燕红梅兰莉萍婧妍文")
)

// surnameWeights[i] is the cumulative weight of surnames[:i+1].
var surnameWeights = func() []float64 {
	out := make([]float64, len(surnames))
	sum := 0.0
	for i := range surnames {
		sum += 1 / float64(i+6)
		out[i] = sum
	}
	return out
}()

// personName draws a name: a surname and one (a quarter of the time) or
// two given-name characters suited to the gender.
func personName(r *rand.Rand, male bool) string {
	x := r.Float64() * surnameWeights[len(surnameWeights)-1]
	i := 0
	for surnameWeights[i] < x {
		i++
	}
	given := givenFemale
	if male {
		given = givenMale
	}
	name := []rune{surnames[i], given[r.IntN(len(given))]}
	if r.IntN(4) != 0 {
		name = append(name, given[r.IntN(len(given))])
	}
	return string(name)
}

// ordinal writes n (1..9999) in Chinese numerals as used in organisation
// names: 一, 十, 十二, 二十, 一百零五, 一千二百三十.
func ordinal(n int) string {
	digits := []rune("零一二三四五六七八九")
	if n < 10 {
		return string(digits[n])
	}
	if n < 20 {
		if n == 10 {
			return "十"
		}
		return "十" + string(digits[n-10])
	}
	units := []string{"千", "百", "十", ""}
	div := []int{1000, 100, 10, 1}
	out := ""
	zero := false
	started := false
	for i, d := range div {
		v := n / d % 10
		if v == 0 {
			if started {
				zero = true
			}
			continue
		}
		if zero {
			out += "零"
			zero = false
		}
		out += string(digits[v]) + units[i]
		started = true
	}
	return out
}

// Address codes (GB/T 2260) of city districts across the country, for the
// first six digits of the ID numbers.
var regionCodes = []string{
	"110101", "110105", "110108", "120101", "120104", "130102", "130104", "140105", "150102", "210102",
	"210202", "220102", "230103", "310101", "310104", "310115", "320102", "320106", "320506", "330102",
	"330106", "330212", "340104", "350102", "350203", "360102", "370102", "370202", "410105", "410305",
	"420102", "420106", "420111", "430102", "430104", "440103", "440106", "440305", "450103", "460105",
	"500103", "500106", "510104", "510107", "520102", "530102", "610103", "610113", "620102", "640104",
	"650102", "360403", "421002", "431002", "511002", "341002", "371002", "411002", "130602", "320302",
}

// Mobile number prefixes of the three carriers.
var phonePrefixes = []string{"130", "131", "132", "133", "135", "136", "137", "138", "139", "150", "151", "152",
	"155", "156", "157", "158", "159", "166", "177", "180", "181", "182", "183", "185", "186", "187", "188", "189",
	"191", "198", "199"}

// Ethnicities (DJ_COMM_MZXX) with their rough share among university party
// members: mostly 汉族, then the larger minorities.
var ethnicities = []struct {
	code  string
	share float64
}{{"01", 0.915}, {"08", 0.015}, {"03", 0.012}, {"11", 0.01}, {"15", 0.009}, {"06", 0.008}, {"02", 0.007},
	{"07", 0.006}, {"10", 0.005}, {"05", 0.005}, {"04", 0.004}, {"14", 0.004}}

func ethnicity(r *rand.Rand) string {
	x := r.Float64()
	for _, e := range ethnicities {
		if x < e.share {
			return e.code
		}
		x -= e.share
	}
	return "01"
}
