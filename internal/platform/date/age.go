package date

// AgeOn is the age in full years on day of someone born on d: the birthday
// not yet reached that year counts one less (born on 29 February, the
// birthday of a common year is reached on 1 March). 0 without either date,
// and never below 0. The age on a form (a letter of introduction, a
// ballot's candidate, a cadre's résumé) and in a statistics band is this one.
func (d Date) AgeOn(day Date) int {
	if d.IsZero() || day.IsZero() {
		return 0
	}
	b, t := d.Time(), day.Time()
	age := t.Year() - b.Year()
	if t.Month() < b.Month() || t.Month() == b.Month() && t.Day() < b.Day() {
		age--
	}
	return max(age, 0)
}
