package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// published are the boards of the files given to audit --against, the
// travellers a scoring program published, by board number.
type published struct {
	boards map[int][]publishedBoard
	n      int
}

type publishedBoard struct {
	name    string // "final.pbn board 7"
	section string // its Section tag, "" when it has none
	b       *record.Board
}

// readPublished reads the published files, keeping each board that has a
// traveller; an input that cannot be read is an error.
func (a *app) readPublished(paths []string) (*published, error) {
	pub := &published{boards: map[int][]publishedBoard{}}
	var failed error
	_, err := corpus.Audit(context.Background(), a.inputs(paths), corpus.AuditOptions{Boards: true, SkipDuplicates: true}, func(p *corpus.Part) {
		if p.Err != nil && failed == nil {
			failed = fmt.Errorf("--against: %w", p.Err)
		}
		for _, pb := range p.Boards {
			b := pb.Board
			if b == nil || pb.Number == 0 || !hasTraveller(b) {
				continue
			}
			section := ""
			if t := b.Field("Section"); t != nil && t.Given() {
				section = strings.TrimSpace(t.Value)
			}
			pub.boards[pb.Number] = append(pub.boards[pb.Number], publishedBoard{
				name: fmt.Sprintf("%s board %d", p.Name, pb.Number), section: section, b: b,
			})
			pub.n++
		}
	})
	if err == nil {
		err = failed
	}
	if err == nil && pub.n == 0 {
		err = usageError("--against: %s gives no traveller (ScoreTable) of any board", strings.Join(paths, ", "))
	}
	return pub, err
}

func hasTraveller(b *record.Board) bool {
	for i := range b.Tables {
		if b.Tables[i].Tag.Name == "ScoreTable" {
			return true
		}
	}
	return false
}

// find returns the published board of b's number, in b's section where
// the published board names one.
func (pub *published) find(b *record.Board) (publishedBoard, bool) {
	section := ""
	if t := b.Field("Section"); t != nil {
		section = strings.TrimSpace(t.Value)
	}
	for _, pb := range pub.boards[b.Number] {
		if pb.section == "" || section == "" || strings.EqualFold(pb.section, section) {
			return pb, true
		}
	}
	return publishedBoard{}, false
}

// reconcile is the audit's work on a part (corpus.AuditOptions.Work): each
// board of a .bws is held against its published traveller, and what
// differs is a finding of the board, counted in the part's report.
func (pub *published) reconcile(p *corpus.Part) any {
	if p.Format != parser.BWS {
		return nil
	}
	for _, cb := range p.Boards {
		b := cb.Board
		if b == nil || !hasTraveller(b) {
			continue
		}
		pb, ok := pub.find(b)
		if !ok {
			d := diag.Diagnostic{File: p.Name, Game: cb.Game, Board: cb.Number, Severity: diag.Warning, Code: scoring.ReconcileMissing,
				Message: "the board's results are not published: no file given to --against has a traveller of it"}
			cb.Findings = append(cb.Findings, d)
			p.Report.AddFinding(d)
			cb.Findings.Sort()
			continue
		}
		for _, d := range scoring.Reconcile(b, pb.b, pb.name) {
			d.File, d.Game, d.Board = p.Name, cb.Game, cb.Number
			cb.Findings = append(cb.Findings, d)
			p.Report.AddFinding(d)
		}
		cb.Findings.Sort()
	}
	return nil
}
