// Command bridgekit-beam audits an archive of bridge record files of any
// size as an Apache Beam pipeline: it matches the input files (local
// paths, gs://, s3://), reads and audits every board with bridgekit's own
// corpus and convert code, writes the boards and findings as Parquet
// shards (the schema of bridgekit export), and an aggregated report —
// findings by code and by file, contracts, and the deals found more than
// once across the whole archive, which one machine's index cannot hold.
//
// It runs locally on the prism runner, in process and without Docker:
//
//	go run ./cmd/bridgekit-beam --input 'archive/*.pbn' --output out/
//
// On a cluster, give Beam's flags for the runner (see the README): for
// Flink or Spark, a job server (--runner flink --endpoint host:8099
// --environment_type DOCKER or LOOPBACK); for Dataflow, --runner dataflow
// --project P --region R --staging_location gs://…, gs:// paths for
// --input and --output, and a worker binary built beforehand for the
// workers' platform (--worker_binary).
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"runtime/pprof"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

var (
	input      = flag.String("input", "", "the files to audit: a path or glob (local, gs://, s3://)")
	output     = flag.String("output", "", "the directory to write the Parquet shards and report.json in")
	shards     = flag.Int("shards", 4, "the number of Parquet files of each table")
	cpuprofile = flag.String("cpuprofile", "", "write a CPU profile of the run to `FILE` (prism, in process)")
)

func main() {
	flag.Parse()
	beam.Init() // after flag parsing: a worker learns its role from the flags
	if *input == "" || *output == "" {
		log.Fatal("bridgekit-beam needs --input and --output")
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if err := CheckInput(*input); err != nil {
		log.Fatalf("bridgekit-beam: %v", err)
	}
	if err := CheckOutput(context.Background(), *output); err != nil {
		log.Fatalf("bridgekit-beam: %v", err)
	}
	p, s := beam.NewPipelineWithRoot()
	Pipeline(s, *input, *output, max(*shards, 1))
	if err := beamx.Run(context.Background(), p); err != nil {
		pprof.StopCPUProfile()
		log.Fatalf("bridgekit-beam: %v", err)
	}
}
