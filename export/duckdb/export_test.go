package duckdb

import (
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
	boards := "read_parquet('" + filepath.Join(pq, "boards-*.parquet") + "')"
	findings := "read_parquet('" + filepath.Join(pq, "findings-*.parquet") + "')"

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
	sp, sj := dirSize(t, pq, "boards-"), dirSize(t, jl, "boards-")
	t.Logf("%d boards, %d findings joined; boards table %d bytes as Parquet, %d as JSON Lines", n, joined, sp, sj)
	if sp*3 > sj {
		t.Errorf("Parquet %d bytes is more than a third of JSON Lines' %d", sp, sj)
	}
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// dirSize adds up the sizes of dir's files whose name starts with prefix.
func dirSize(t *testing.T, dir, prefix string) int64 {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, prefix+"*"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no %s* in %s", prefix, dir)
	}
	var n int64
	for _, f := range m {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		n += fi.Size()
	}
	return n
}
