package main

import (
	"context"
	"io"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/scoring"
)

// roomIndex reads the command's inputs once, quietly, for the rooms of
// their team-match boards (those keep keeps; see corpus.IndexRooms).
// Standard input is kept in a spool for the reading that follows; done
// removes the spool.
func (a *app) roomIndex(c *cli.Context, keep func(*corpus.Board) bool) (x *scoring.RoomIndex, done func(), err error) {
	ps, opts, err := a.auditOptions(c, corpus.AuditOptions{})
	if err != nil {
		return nil, nil, err
	}
	opts.DD = nil // finding the rooms solves nothing
	done = func() {}
	if slices.Contains(ps, "-") {
		sp := newSpool(tempSpill)
		in := a.stdin
		a.stdin = io.TeeReader(in, sp)
		defer func() { a.stdin = io.MultiReader(sp.reader(), in) }()
		done = sp.discard
	}
	x, err = corpus.IndexRooms(context.Background(), a.inputs(ps), opts, keep)
	if err != nil {
		done()
		return nil, nil, err
	}
	if x.Full() {
		a.notef("more than %s team-match boards: the boards past those are shown without their other room", diag.Thousands(scoring.MaxIndexedBoards))
	}
	return x, done, nil
}
