package auction

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestParseContract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		want  string // canonical String()
		texts string // "|"-separated spellings
	}{
		{"Pass", "Pass|PASS|pass|P|p| Pass |пас|Пас"},
		{"4HX", "4HX|4Hx|4hx|4 H X|4♥X|4♥ x|4 Hearts doubled|4 Червы с контрой|4Ч ктр|4 черви контра|4Чх|четыре червы с контрой|4HDbl"},
		{"3NTXX", "3NTXX|3NTxx|3NR|3nr|3NXX|3 NT XX|3 БК с реконтрой|3БКрктр|3 no trump redoubled|3NTR|три без козырей реконтра|3NTхх"},
		{"3NTX", "3NTX|3NX|3 БК с контрой|3 бк х"},
		{"2HXX", "2 Червы с реконтрой|2HR|2HXX|2Hxx"},
		{"2NTX", "2NTx|2NX|2ntx"},
		{"1NT", "1N|1NT|1nt|1 БК|1 без козыря"},
		{"5H", "5Hearts|5 Hearts|5H|5h|5♥️"},
		{"5NT", "5NoTrump|5 No Trump|5NoTrumps|5N"},
		{"5DX", "5DX|5Dx|5dx"},
		{"5DXX", "5DR|5Dxx"},
		{"1SXX", "1SR"},
		{"7CXX", "7CXX|7 трефы с реконтрой|семь треф реконтра"},
	}
	for _, tt := range tests {
		for _, text := range strings.Split(tt.texts, "|") {
			k, err := ParseContract(text)
			if err != nil || k.String() != tt.want || k.Declarer != North {
				t.Errorf("ParseContract(%q) = %s, %v; want %s", text, k, err, tt.want)
			}
		}
	}
}

func TestParseContractErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		reason string
	}{
		{"", "empty"},
		{"  ", "empty"},
		{"?", "not a contract"},
		{"#", "not a contract"},
		{"H", "not a contract"}, // an end position gives only the strain
		{"X", "not a contract"},
		{"4", "the level has no strain"},
		{"4Q", `"q" is not a strain`},
		{"4HXXX", `"xxx" after the strain is not X, XX or R`},
		{"4H by S", `"by s" after the strain is not X, XX or R`},
		{"4HD", `"d" after the strain is not X, XX or R`},
		{"0NT", "level 0 does not exist"},
		{"1NT=", `"=" after the strain`},
	}
	for _, tt := range tests {
		k, err := ParseContract(tt.text)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "contract" || pe.Text != tt.text || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("ParseContract(%q) = %v, %v; want a contract *ParseError with %q", tt.text, k, err, tt.reason)
		}
		if k != (Contract{}) || errors.Is(err, ErrBidAboveSeven) {
			t.Errorf("ParseContract(%q) = %v, %v", tt.text, k, err)
		}
	}
	for _, text := range []string{"8H", "8NTX", "9 пик с контрой", "12SXX"} {
		_, err := ParseContract(text)
		var pe *ParseError
		if !errors.Is(err, ErrBidAboveSeven) || !errors.As(err, &pe) || pe.Kind != "contract" {
			t.Errorf("ParseContract(%q) = %v; want bid above seven", text, err)
		}
	}
}

// allContracts is the passed-out contract and every bid at every risk, with
// declarer d.
func allContracts(d Seat) []Contract {
	ks := []Contract{{}}
	for _, c := range AllCalls() {
		if b, ok := c.Bid(); ok {
			for r := Undoubled; r <= Redoubled; r++ {
				ks = append(ks, Contract{Level: b.Level, Strain: b.Strain, Risk: r, Declarer: d})
			}
		}
	}
	return ks
}

func TestContractRoundTrip(t *testing.T) {
	t.Parallel()
	ks := allContracts(North)
	if len(ks) != 1+35*3 {
		t.Fatalf("%d contracts", len(ks))
	}
	for _, k := range ks {
		for _, text := range []string{k.String(), strings.ToLower(k.String())} {
			if got, err := ParseContract(text); err != nil || got != k {
				t.Errorf("ParseContract(%q) = %v, %v; want %v", text, got, err, k)
			}
		}
	}
}

func TestContractString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		k        Contract
		str, des string
	}{
		{Contract{}, "Pass", "Pass"},
		{Contract{Declarer: West}, "Pass", "Pass"},
		{Contract{4, Hearts, Doubled, South}, "4HX", "4HX by S"},
		{Contract{3, NoTrump, Redoubled, East}, "3NTXX", "3NTXX by E"},
		{Contract{1, Clubs, Undoubled, North}, "1C", "1C by N"},
		{Contract{8, Clubs, Undoubled, North}, "Contract(8,0,0)", "Contract(8,0,0) by N"},
		{Contract{1, NoTrump + 1, Undoubled, North}, "Contract(1,5,0)", "Contract(1,5,0) by N"},
		{Contract{1, Clubs, Redoubled + 1, West}, "Contract(1,0,3)", "Contract(1,0,3) by W"},
	}
	for _, tt := range tests {
		if got := tt.k.String(); got != tt.str {
			t.Errorf("%#v.String() = %q, want %q", tt.k, got, tt.str)
		}
		if got := tt.k.Describe(); got != tt.des {
			t.Errorf("%#v.Describe() = %q, want %q", tt.k, got, tt.des)
		}
	}
	if b := (Contract{Level: 6, Strain: Spades, Risk: Doubled}).Bid(); b != (Bid{6, Spades}) || b.Call() != NewBid(6, Spades) {
		t.Errorf("Bid() = %v", b)
	}
	if (Contract{}).Bid().Valid() {
		t.Error("the passed-out contract has a valid bid")
	}
}

// Every [Contract] tag value in the real-world corpus is read, except the
// four that are not contracts: "?" (unknown), "" (not applicable), "#"
// (inherited from the previous game) and "H" (an end position gives the
// strain only). Each one read prints in canonical form and reads back.
func TestContractCorpus(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skip("corpus not present:", err)
	}
	tag := regexp.MustCompile(`\[Contract "([^"]*)"\]`)
	values := map[string]int{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".pbn") {
			return err
		}
		data, err := os.ReadFile(path)
		for _, m := range tag.FindAllSubmatch(data, -1) {
			values[string(m[1])]++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var rejected []string
	read, risks := 0, map[Risk]int{}
	for text, n := range values {
		k, err := ParseContract(text)
		if err != nil {
			rejected = append(rejected, text)
			continue
		}
		read += n
		risks[k.Risk] += n
		if back, err := ParseContract(k.String()); err != nil || back != k {
			t.Errorf("%q reads as %s, which reads back as %v, %v", text, k, back, err)
		}
	}
	slices.Sort(rejected)
	if want := []string{"", "#", "?", "H"}; !slices.Equal(rejected, want) {
		t.Errorf("rejected %q, want %q", rejected, want)
	}
	// The corpus is a fixed snapshot: 18,125 contracts, 1,267 doubled and
	// 27 redoubled (among them rpbridge's 3NR, 5DR …).
	if read != 18125 || risks[Doubled] != 1267 || risks[Redoubled] != 27 {
		t.Errorf("read %d contracts (%d doubled, %d redoubled); want 18125 (1267, 27)", read, risks[Doubled], risks[Redoubled])
	}
	t.Logf("%d distinct values, %d contracts read: %d doubled, %d redoubled", len(values), read, risks[Doubled], risks[Redoubled])
}
