package main

import (
	"bytes"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/sarif/sarifcheck"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

// TestAuditSARIF: audit --format sarif over the samples writes a log that
// the SARIF 2.1.0 schema accepts, equal to testdata/samples.sarif (go test
// -update rewrites it), its summary on standard error, and the exit
// status of the text form.
func TestAuditSARIF(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"bridgekit", "audit", "--format", "sarif", "../../corpus/samples"}, strings.NewReader(""), &out, &errOut)
	if code != exitFindings {
		t.Errorf("exit status %d, want %d; stderr:\n%s", code, exitFindings, errOut.String())
	}
	if err := sarifcheck.Validate(out.Bytes()); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v", err)
	}
	if !strings.Contains(errOut.String(), "findings     16") {
		t.Errorf("no summary on standard error:\n%s", errOut.String())
	}
	// The version depends on the build.
	got := regexp.MustCompile(`"name":"bridgekit","version":"[^"]*"`).ReplaceAll(out.Bytes(), []byte(`"name":"bridgekit","version":"VERSION"`))
	const golden = "testdata/samples.sarif"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the log differs from %s (go test -update rewrites it)", golden)
	}
}

// TestFixSARIF: fix --sarif writes the proved fixes as a SARIF log that
// the schema accepts, each the result of the finding it answers with its
// replacement, and changes no file.
func TestFixSARIF(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../corpus/samples/findings.pbn")
	if err != nil {
		t.Fatal(err)
	}
	in := dir + "/f.pbn"
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	log := dir + "/fixes.sarif"
	var out, errOut bytes.Buffer
	if code := run([]string{"bridgekit", "fix", "--sarif", log, in}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, errOut.String())
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifcheck.Validate(data); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v\n%s", err, data)
	}
	for _, want := range []string{
		`"ruleId":"contract-mismatch"`,
		`"deletedRegion":{"startLine":196,"startColumn":11,"endLine":196,"endColumn":15},"insertedContent":{"text":"\"4SX\""}`,
		`"ruleId":"call-after-auction"`,
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the log lacks %s:\n%s", want, data)
		}
	}
	if after, _ := os.ReadFile(in); !bytes.Equal(after, src) {
		t.Error("fix --sarif changed the file")
	}
}
