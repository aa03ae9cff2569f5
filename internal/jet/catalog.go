package jet

import (
	"fmt"
	"strings"
)

// catalogEntry is a table named in MSysObjects.
type catalogEntry struct {
	name   string
	page   uint32
	system bool
}

// Catalog object types and flags (column Type and Flags of MSysObjects).
const (
	objectTable    = 1          // a local table; linked tables have other types
	objectTypeMask = 0x7f       // the high bit of Type is set on some system objects
	objectSysFlags = 0x80000002 // either bit marks a system table
	objectPageMask = 0x00ffffff // the table definition's page, in the low bytes of Id
	catalogName    = "MSysObjects"
)

// readCatalog reads the tables of MSysObjects, whose definition is always
// on page 2.
func (db *DB) readCatalog() error {
	t, err := db.readTableDef(catalogName, catalogPage)
	if err != nil {
		return err
	}
	col := map[string]int{"Id": -1, "Name": -1, "Type": -1, "Flags": -1}
	for i, c := range t.cols {
		if _, ok := col[c.Name]; ok {
			col[c.Name] = i
		}
	}
	for name, i := range col {
		if i < 0 {
			return errorf(catalogPage, -1, "the catalog %s has no column %q", catalogName, name)
		}
	}
	rows := t.Rows()
	for rows.Next() {
		v := rows.Row()
		id, ok1 := v[col["Id"]].(int32)
		name, ok2 := v[col["Name"]].(string)
		typ, ok3 := v[col["Type"]].(int16)
		if !ok1 || !ok2 || !ok3 || int(typ)&objectTypeMask != objectTable {
			continue
		}
		flags, _ := v[col["Flags"]].(int32)
		db.catalog = append(db.catalog, catalogEntry{
			name:   name,
			page:   uint32(id) & objectPageMask,
			system: uint32(flags)&objectSysFlags != 0,
		})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return nil
}

// Tables returns the names of the user tables, in the catalog's order (the
// order mdb-tables lists them in); system tables (MSys…) are left out.
func (db *DB) Tables() []string {
	var names []string
	for _, e := range db.catalog {
		if !e.system {
			names = append(names, e.name)
		}
	}
	return names
}

// Table reads the definition of the table called name, a user or a system
// table. Names are matched exactly first, then without regard to case, as
// Access matches them. It returns a *FormatError when the definition is
// broken and an error naming the table when there is none of that name.
func (db *DB) Table(name string) (*Table, error) {
	e, ok := db.lookup(name)
	if !ok {
		return nil, fmt.Errorf("jet: no table %q", name)
	}
	return db.readTableDef(e.name, e.page)
}

func (db *DB) lookup(name string) (catalogEntry, bool) {
	for _, e := range db.catalog {
		if e.name == name {
			return e, true
		}
	}
	for _, e := range db.catalog {
		if strings.EqualFold(e.name, name) {
			return e, true
		}
	}
	return catalogEntry{}, false
}
