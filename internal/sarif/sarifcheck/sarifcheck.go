// Package sarifcheck validates SARIF logs against the SARIF 2.1.0 JSON
// schema, for the tests of the packages that write them. No command
// imports it, so the schema validator is not part of bridgekit itself.
package sarifcheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaPath is the copy of the schema in package sarif's testdata.
func SchemaPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "sarif-schema-2.1.0.json")
}

// Validate checks a log against the schema, and returns the first fault
// found, or nil.
func Validate(log []byte) error {
	f, err := os.Open(SchemaPath())
	if err != nil {
		return err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return fmt.Errorf("the schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		return err
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return fmt.Errorf("the log is not JSON: %w", err)
	}
	return sch.Validate(v)
}
