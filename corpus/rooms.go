package corpus

import (
	"context"
	"iter"

	"github.com/bridgekit/bridgekit/scoring"
)

// IndexRooms reads the inputs once for the rooms of their team-match
// boards (those keep keeps, or all when keep is nil) and returns where
// each is, for a command that shows every board with its other room
// wherever that is: further on in its file or in another (show, report).
// The files are numbered as their parts come (see FileNumbers). What
// cannot be read is left for the reading that follows to report; the
// search for repeated deals and the checks that only find are skipped
// (AuditOptions.SkipChecks), and opts.Work is IndexRooms' own.
// It fails only when ctx is done.
func IndexRooms(ctx context.Context, inputs iter.Seq2[*Input, error], opts AuditOptions, keep func(*Board) bool) (*scoring.RoomIndex, error) {
	opts.Boards, opts.SkipDuplicates, opts.SkipChecks = true, true, true
	type room struct {
		i int
		e scoring.RoomEntry
	}
	opts.Work = func(p *Part) any {
		var rooms []room
		for i, b := range p.Boards {
			if b.Board != nil && (keep == nil || keep(b)) {
				if e, ok := scoring.EntryOf(b.Board, b.session); ok {
					rooms = append(rooms, room{i, e})
				}
			}
			b.Board = nil
		}
		return rooms
	}
	x := scoring.NewRoomIndex()
	var files FileNumbers
	n := 0 // the file's boards before the part
	_, err := Audit(ctx, inputs, opts, func(p *Part) {
		if _, ok := files.Next(p); ok {
			x.AddFile(p.Name)
			n = 0
		}
		rooms, _ := p.Work.([]room)
		for _, r := range rooms {
			x.Add(r.e, p.Boards[r.i].Game, n+r.i)
		}
		n += len(p.Boards)
	})
	return x, err
}

// FileNumbers numbers the files of a run as Audit delivers their parts:
// a part of an input starts a new file when its name differs from the
// part before, or that part was its input's last.
type FileNumbers struct {
	n    int
	name string
	last bool
}

// Next returns the number of p's file, from 0, and whether p starts it;
// -1 and false for a part of no input.
func (f *FileNumbers) Next(p *Part) (int, bool) {
	if p.Input == nil {
		return -1, false
	}
	start := f.n == 0 || f.last || p.Name != f.name
	if start {
		f.n++
	}
	f.name, f.last = p.Name, p.Last
	return f.n - 1, start
}
