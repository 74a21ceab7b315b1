// Package dictseed holds the seed data for the system dictionaries
// (sys_dict / sys_dict_detail). Every national code set here is copied from
// the published standard; the remaining dictionaries are local enumerations
// of this system.
package dictseed

import "strconv"

// Item is one dictionary entry.
type Item struct{ Value, Label string }

// Dict is one named dictionary with its entries in display order.
type Dict struct {
	Name, Description string
	Items             []Item
}

// All returns every seed dictionary in a stable order. The result is freshly
// built on each call, so callers may modify it.
func All() []Dict {
	var out []Dict
	out = append(out, nationalDicts()...)
	out = append(out, partyMemberDicts()...)
	out = append(out, orgDicts()...)
	out = append(out, cadreDicts()...)
	out = append(out, optionDicts()...)
	for i := range out {
		out[i].Items = append([]Item(nil), out[i].Items...)
	}
	return out
}

// seq builds items with values "1".."n" in the order of the labels.
func seq(labels ...string) []Item {
	items := make([]Item, len(labels))
	for i, l := range labels {
		items[i] = Item{Value: strconv.Itoa(i + 1), Label: l}
	}
	return items
}

// years builds items whose value and label are the years from..to inclusive.
func years(from, to int) []Item {
	items := make([]Item, 0, to-from+1)
	for y := from; y <= to; y++ {
		s := strconv.Itoa(y)
		items = append(items, Item{Value: s, Label: s})
	}
	return items
}
