package httpx

import (
	"net/http"
	"strconv"
)

// Picker paging (spec §7 pickers): 20 a page unless asked, at most 100.
const (
	PickerPageSize    = 20
	PickerMaxPageSize = 100
)

// ReadPickerQuery is ReadListQuery for the pickers of forms: a smaller
// default page and a lower size limit.
func ReadPickerQuery(r *http.Request) (ListQuery, error) {
	query := r.URL.Query()
	if v := query.Get("size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > PickerMaxPageSize {
			return ListQuery{}, BadRequest("每页条数应在 1 到 %d 之间", PickerMaxPageSize)
		}
	} else {
		query.Set("size", strconv.Itoa(PickerPageSize))
	}
	return readListQuery(r, query, nil)
}
