package jet_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/bridgekit/bridgekit/internal/jet"
)

// Open a database (an Access 97 file here, kept gzipped), list its tables
// and print the rows of one.
func ExampleOpen() {
	f, err := os.Open("testdata/testV1997.mdb.gz")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		log.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		log.Fatal(err)
	}

	db, err := jet.Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(db.Version(), db.Tables())
	t, err := db.Table("Table1")
	if err != nil {
		log.Fatal(err)
	}
	var cols []string
	for _, c := range t.Columns() {
		cols = append(cols, fmt.Sprintf("%s (%s)", c.Name, c.Type))
	}
	fmt.Println(strings.Join(cols, ", "))
	rows := t.Rows()
	for rows.Next() {
		fmt.Println(rows.Row()...)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// Jet 3 [Table1 Table2 Table3 Table4]
	// A (Text), B (Text), C (Byte), D (Integer), E (Long Integer), F (Double), G (DateTime), H (Currency), I (Boolean)
	// a b 0 0 0 0 1981-12-12 00:00:00 +0000 UTC 0.0000 false
	// abcdefg hijklmnop 2 222 333333333 444.555 1974-09-21 00:00:00 +0000 UTC 3.5000 true
}
