// Package export writes the boards and findings of an audit as tables for
// query engines: Apache Parquet (zstd) or JSON Lines, one row per board
// and one per finding, in files of a bounded number of rows with names
// that say their table, shard and sequence; with the double-dummy solver
// (export --dd), a third table, dd, one row per board with what it
// computed.
//
// The schema is versioned (SchemaVersion, kept in each Parquet file's
// key-value metadata as "bridgekit.schema"); a new column is a new minor
// version, a changed or removed one a new major version. Boards and
// findings join on file and game.
package export

// SchemaVersion is the version of the tables' schema.
const SchemaVersion = "1.0"

// Board is one row of the boards table: a board as its file records it,
// with its outcome as bridgekit reads it (record.Board.Final) and its
// score. Optional columns are null when the file does not give the value.
type Board struct {
	File       string   `parquet:"file,dict" json:"file"`              // the input's name as bridgekit reports it
	Format     string   `parquet:"format,dict" json:"format"`          // "pbn" or "lin"
	Game       int32    `parquet:"game" json:"game"`                   // 1-based game (PBN) or board record (LIN, headers not counted) in the file
	Line       int32    `parquet:"line" json:"line"`                   // where the game starts
	Board      *int32   `parquet:"board,optional" json:"board"`        // the board number
	Label      *string  `parquet:"label,optional" json:"label"`        // the board's label when it is not its number
	Event      *string  `parquet:"event,optional" json:"event"`        // the Event tag (LIN: vg)
	Site       *string  `parquet:"site,optional" json:"site"`          //
	Date       *string  `parquet:"date,optional" json:"date"`          //
	Room       *string  `parquet:"room,optional,dict" json:"room"`     // "Open" or "Closed"
	North      *string  `parquet:"north,optional" json:"north"`        // the players
	East       *string  `parquet:"east,optional" json:"east"`          //
	South      *string  `parquet:"south,optional" json:"south"`        //
	West       *string  `parquet:"west,optional" json:"west"`          //
	Dealer     *string  `parquet:"dealer,optional,dict" json:"dealer"` // N, E, S or W
	Vulnerable *string  `parquet:"vulnerable,optional,dict" json:"vulnerable"`
	Deal       *string  `parquet:"deal,optional" json:"deal"` // PBN form from North; as written when it cannot be read
	Scoring    *string  `parquet:"scoring,optional,dict" json:"scoring"`
	Calls      []Call   `parquet:"calls,list" json:"calls"`                // the auction from its first seat
	First      *string  `parquet:"first,optional,dict" json:"first"`       // the seat of the first call
	Contract   *string  `parquet:"contract,optional,dict" json:"contract"` // "4HX", "3NT", "Pass"
	Level      *int32   `parquet:"level,optional" json:"level"`            // 1–7; null when passed out
	Strain     *string  `parquet:"strain,optional,dict" json:"strain"`     // C, D, H, S, NT
	Risk       *string  `parquet:"risk,optional,dict" json:"risk"`         // "", "X", "XX"
	Declarer   *string  `parquet:"declarer,optional,dict" json:"declarer"`
	Result     *int32   `parquet:"result,optional" json:"result"` // declarer's tricks
	Score      *int32   `parquet:"score,optional" json:"score"`   // North–South's points
	Play       []string `parquet:"play,list" json:"play"`         // the cards in the order played
	Notes      []Note   `parquet:"notes,list" json:"notes"`       // the auction's notes
	Findings   int32    `parquet:"findings" json:"findings"`      // how many findings the board has
}

// Call is a call of the auction with what it carries.
type Call struct {
	Call       string  `parquet:"call,dict" json:"call"`                 // "1H", "Pass", "X", "XX"; the text when it is no call
	Alert      bool    `parquet:"alert" json:"alert"`                    //
	Note       *int32  `parquet:"note,optional" json:"note"`             // the number of the note explaining it
	Annotation *string `parquet:"annotation,optional" json:"annotation"` // a suffix ("!", "?!") or NAGs ("$5")
}

// Note is one note of an auction.
type Note struct {
	Number int32  `parquet:"number" json:"number"`
	Text   string `parquet:"text" json:"text"`
}

// Finding is one row of the findings table: what the audit found, where.
type Finding struct {
	File     string `parquet:"file,dict" json:"file"`
	Game     int32  `parquet:"game" json:"game"` // 0 for the file as a whole
	Board    *int32 `parquet:"board,optional" json:"board"`
	Line     int32  `parquet:"line" json:"line"`
	Col      int32  `parquet:"col" json:"col"`
	Severity string `parquet:"severity,dict" json:"severity"`
	Code     string `parquet:"code,dict" json:"code"`
	Law      *int32 `parquet:"law,optional" json:"law"`
	Message  string `parquet:"message" json:"message"`
}

// Solved is one row of the dd table that export --dd adds: what the
// double-dummy solver computed of a board's deal, joined to its board on
// file and game. The boards table holds what the file states; this one
// what bridgekit computed, so that neither is taken for the other.
type Solved struct {
	File     string   `parquet:"file,dict" json:"file"`
	Game     int32    `parquet:"game" json:"game"`
	Board    *int32   `parquet:"board,optional" json:"board"`
	DD       *DDTable `parquet:"dd,optional" json:"dd"`                  // null when not solved
	Unsolved *string  `parquet:"unsolved,optional,dict" json:"unsolved"` // why not: "dd-budget", "no-deal"
	ParScore *int32   `parquet:"par_score,optional" json:"par_score"`    // North–South's par; null without a table, vulnerability or dealer
	// ParContracts are the contracts that give the par, with their
	// declarers: "4S N", "5DX-2 E".
	ParContracts []string `parquet:"par_contracts,list" json:"par_contracts"`
}

// DDTable is a double-dummy table: the tricks each declarer takes in each
// strain.
type DDTable struct {
	N DDRow `parquet:"N" json:"N"`
	E DDRow `parquet:"E" json:"E"`
	S DDRow `parquet:"S" json:"S"`
	W DDRow `parquet:"W" json:"W"`
}

// DDRow is one declarer's tricks by strain.
type DDRow struct {
	C  int32 `parquet:"C" json:"C"`
	D  int32 `parquet:"D" json:"D"`
	H  int32 `parquet:"H" json:"H"`
	S  int32 `parquet:"S" json:"S"`
	NT int32 `parquet:"NT" json:"NT"`
}
