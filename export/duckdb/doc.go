// Package duckdb holds the end-to-end test of bridgekit export: the tables
// it writes, queried with a real engine (DuckDB), give the numbers
// bridgekit stats gives. It is a module of its own so that the engine,
// a large cgo library, is built only for this test and never for
// bridgekit itself.
package duckdb
