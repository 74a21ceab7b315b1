package httpx

import "net/http"

// WriteID reads {id} (see PathID) and lets fn write the answer itself (a
// Word document, a workbook, a file): a route under a record that serves
// no JSON.
func WriteID(notFound func() *Error, fn func(w http.ResponseWriter, r *http.Request, id int64) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := PathID(r, "id", notFound())
		if err != nil {
			return err
		}
		return fn(w, r, id)
	}
}
