package duckdb

import (
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"
)

// repoRoot is the bridgekit module's directory.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// bridgekit builds the command into dir and returns its path.
func bridgekit(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "bridgekit")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bridgekit")
	cmd.Dir = repoRoot()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

type stats struct {
	Boards    int            `json:"boards"`
	PassedOut int            `json:"passed_out"`
	Contracts map[string]int `json:"contracts"`
	Codes     map[string]int `json:"codes"`
}

// TestDuckDB exports the samples and the real-world corpus (when it is
// there) as Parquet, queries the tables with DuckDB — boards, contracts
// by strain, findings by code — and requires the numbers bridgekit stats
// gives on the same input. It also checks that the Parquet tables are at
// most a third of the size of the same tables as JSON Lines.
func TestDuckDB(t *testing.T) {
	tmp := t.TempDir()
	bin := bridgekit(t, tmp)
	inputs := []string{filepath.Join(repoRoot(), "corpus", "samples")}
	if c := filepath.Join(repoRoot(), "..", "shared", "corpus"); dirExists(c) {
		inputs = append(inputs, c)
	} else {
		t.Log("the real-world corpus is absent: the samples alone are exported")
	}
	run := func(args ...string) []byte {
		t.Helper()
		out, err := exec.Command(bin, args...).Output()
		var ee *exec.ExitError
		if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) { // 1: some text is not PBN or LIN
			t.Fatalf("bridgekit %v: %v", args, err)
		}
		return out
	}
	pq, jl := filepath.Join(tmp, "parquet"), filepath.Join(tmp, "jsonl")
	run(append([]string{"export", "--out", pq}, inputs...)...)
	run(append([]string{"export", "--format", "jsonl", "--out", jl}, inputs...)...)
	var want stats
	if err := json.Unmarshal(run(append([]string{"stats", "--format", "json"}, inputs...)...), &want); err != nil {
		t.Fatal(err)
	}

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The tables are the files the summary lists, as a reader that must
	// never see a half-replaced export takes them.
	pqFiles, jlFiles := exportFiles(t, pq), exportFiles(t, jl)
	boards := readParquet(pq, pqFiles["boards"])
	findings := readParquet(pq, pqFiles["findings"])

	var n, passed int
	if err := db.QueryRow("SELECT count(*), count(*) FILTER (WHERE contract = 'Pass') FROM "+boards).Scan(&n, &passed); err != nil {
		t.Fatal(err)
	}
	if n != want.Boards || passed != want.PassedOut {
		t.Errorf("DuckDB: %d boards, %d passed out; stats: %d, %d", n, passed, want.Boards, want.PassedOut)
	}
	byStrain := map[string]int{}
	for k, v := range want.Contracts {
		byStrain[k[1:]] += v
	}
	rows, err := db.Query("SELECT strain, count(*) FROM " + boards + " WHERE level IS NOT NULL GROUP BY strain")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var strain string
		var c int
		if err := rows.Scan(&strain, &c); err != nil {
			t.Fatal(err)
		}
		if byStrain[strain] != c {
			t.Errorf("DuckDB: %d contracts in %s; stats: %d", c, strain, byStrain[strain])
		}
		delete(byStrain, strain)
	}
	rows.Close()
	for s, c := range byStrain {
		if c != 0 {
			t.Errorf("stats counts %d contracts in %s; DuckDB none", c, s)
		}
	}
	rows, err = db.Query("SELECT code, count(*) FROM " + findings + " GROUP BY code")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for rows.Next() {
		var code string
		var c int
		if err := rows.Scan(&code, &c); err != nil {
			t.Fatal(err)
		}
		got[code] = c
	}
	rows.Close()
	for code, c := range want.Codes {
		if got[code] != c {
			t.Errorf("findings %s: DuckDB %d, stats %d", code, got[code], c)
		}
	}
	if len(got) != len(want.Codes) {
		t.Errorf("DuckDB has %d codes, stats %d", len(got), len(want.Codes))
	}
	// Boards join their findings on file and game.
	var joined int
	if err := db.QueryRow("SELECT count(*) FROM " + findings + " f JOIN " + boards + " b USING (file, game)").Scan(&joined); err != nil {
		t.Fatal(err)
	}
	if joined == 0 {
		t.Error("no finding joins a board on file and game")
	}
	sp, sj := size(pqFiles["boards"]), size(jlFiles["boards"])
	t.Logf("%d boards, %d findings joined; boards table %d bytes as Parquet, %d as JSON Lines", n, joined, sp, sj)
	// Parquet's footers and page headers outweigh a few dozen boards: the
	// ratio means something on the corpus, not on the samples alone.
	switch {
	case sj < 1<<20:
		t.Logf("the size ratio is not checked on %d bytes of JSON Lines: too few boards for it to mean anything", sj)
	case sp*3 > sj:
		t.Errorf("Parquet %d bytes is more than a third of JSON Lines' %d", sp, sj)
	}
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// tableFile is a file of a table as an export's summary lists it.
type tableFile struct {
	Name  string `json:"name"`
	Bytes int64  `json:"bytes"`
}

// exportFiles returns the files of each table of the export in dir, as
// its summary lists them.
func exportFiles(t *testing.T, dir string) map[string][]tableFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Export struct {
			Tables map[string][]tableFile `json:"tables"`
		} `json:"export"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Export.Tables["boards"]) == 0 || len(s.Export.Tables["findings"]) == 0 {
		t.Fatalf("%s/summary.json lists no boards or findings files", dir)
	}
	return s.Export.Tables
}

// readParquet is the DuckDB table function reading the files of dir.
func readParquet(dir string, files []tableFile) string {
	var list []string
	for _, f := range files {
		list = append(list, "'"+filepath.Join(dir, f.Name)+"'")
	}
	return "read_parquet([" + strings.Join(list, ", ") + "])"
}

// size adds up the sizes of files.
func size(files []tableFile) int64 {
	var n int64
	for _, f := range files {
		n += f.Bytes
	}
	return n
}

// TestDuckDBSolved exports a fixture whose deal solves in milliseconds
// with --dd and queries the dd table with DuckDB: a declarer's tricks in a
// strain, through the nested table, and the par, joined to the boards on
// file and game.
func TestDuckDBSolved(t *testing.T) {
	tmp := t.TempDir()
	bin := bridgekit(t, tmp)
	pq := filepath.Join(tmp, "parquet")
	cmd := exec.Command(bin, "export", "--dd", "--out", pq, filepath.Join(repoRoot(), "corpus", "testdata", "dd", "tables.pbn"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bridgekit export --dd: %v\n%s", err, out)
	}
	files := exportFiles(t, pq)
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var board, northSpades, eastClubs, par int
	var contracts string
	q := "SELECT b.board, d.dd.N.S, d.dd.E.C, d.par_score, array_to_string(d.par_contracts, ',') FROM " +
		readParquet(pq, files["dd"]) + " d JOIN " + readParquet(pq, files["boards"]) + " b USING (file, game) WHERE b.board = 2"
	if err := db.QueryRow(q).Scan(&board, &northSpades, &eastClubs, &par, &contracts); err != nil {
		t.Fatal(err)
	}
	if northSpades != 13 || eastClubs != 6 || par != 2220 || contracts != "7NT N" {
		t.Errorf("board %d: N in spades %d, E in clubs %d, par %d (%s); want 13, 6, 2220 (7NT N)", board, northSpades, eastClubs, par, contracts)
	}
}
