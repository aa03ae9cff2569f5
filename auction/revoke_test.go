package auction

import "testing"

// TestRevokeTransfer plays a deal to the end with one revoke that stood
// and checks the tricks Law 64 transfers.
func TestRevokeTransfer(t *testing.T) {
	const deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
	tests := []struct {
		name     string
		trumps   Strain
		declarer Seat
		trick    int  // the revoke's trick, 0-based
		seat     Seat // who revokes
		card     string
		want     int
	}{
		// N (a defender) revokes on trick 1, which E wins; N's side
		// wins later tricks: one trick (64A2).
		{"one trick", NoTrump, East, 0, North, "HA", 1},
		// N ruffs a heart with a spade, revoking, wins the trick and
		// later ones: two tricks (64A1).
		{"two tricks", Spades, East, 0, North, "SA", 2},
		// Declarer revokes: the transfer is from his side.
		{"from declarer", NoTrump, North, 0, North, "HA", -1},
		// The offending side wins neither the revoke trick nor a later
		// one: none (64B1).
		{"no trick won", NoTrump, East, 0, East, "HJ", 0},
		// Dummy's revoke is not rectified (64B3).
		{"dummy", NoTrump, South, 0, North, "HA", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDeal(deal)
			if err != nil {
				t.Fatal(err)
			}
			var p Play
			leader := tt.declarer.LHO()
			if err := p.Reset(d, tt.trumps, leader); err != nil {
				t.Fatal(err)
			}
			hands := d
			for !p.Done() {
				seat := p.Turn()
				cur := p.Current()
				var c Card
				if len(p.Tricks()) == tt.trick && seat == tt.seat && cur.Len() > 0 {
					c, err = ParseCard(tt.card)
					if err != nil {
						t.Fatal(err)
					}
					if err := p.PlayRevoke(c); err != nil {
						t.Fatalf("revoke %s: %v", c, err)
					}
				} else {
					c = pick(hands[seat], cur)
					if err := p.Play(c); err != nil {
						t.Fatalf("trick %d, %s plays %s: %v", len(p.Tricks())+1, seat, c, err)
					}
				}
				hands[seat].Remove(c)
			}
			if got := p.RevokeTransfer(tt.declarer); got != tt.want {
				t.Errorf("RevokeTransfer = %d, want %d", got, tt.want)
			}
		})
	}
}

// pick is a legal card of h for the trick cur: the lowest of the suit led,
// else the lowest card.
func pick(h Hand, cur Trick) Card {
	var best Card = NoCard
	led := Suit(255)
	if cur.Len() > 0 {
		led = cur.Cards[0].Suit()
	}
	for c := range h.All() {
		if led != 255 && h.InSuit(led) != (Hand{}) && c.Suit() != led {
			continue
		}
		if best == NoCard || c.Rank() < best.Rank() {
			best = c
		}
	}
	return best
}
