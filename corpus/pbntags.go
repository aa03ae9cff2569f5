package corpus

import "strings"

// pbnTags are the tag names a PBN game may carry without an unknown-tag
// finding: those PBN 2.1 defines (the mandatory set, the supplemental
// tags of §12, the sections and tables of §6, §7 and §10) and those
// common programs write (§12.1 of the specification notes).
var pbnTags = map[string]bool{
	// The mandatory tag set.
	"Event": true, "Site": true, "Date": true, "Board": true,
	"West": true, "North": true, "East": true, "South": true,
	"Dealer": true, "Vulnerable": true, "Deal": true, "Scoring": true,
	"Declarer": true, "Contract": true, "Result": true,
	// Sections and their notes.
	"Auction": true, "Play": true, "Note": true,
	// Supplemental tags.
	"Competition": true, "DealId": true, "Description": true, "FrenchMP": true,
	"Generator": true, "Hidden": true, "Room": true, "Termination": true,
	"Score": true, "ScoreIMP": true, "ScoreMP": true, "ScorePercentage": true,
	"ScoreRubber": true, "ScoreRubberHistory": true, "OptimumScore": true,
	"BidSystemEW": true, "BidSystemNS": true, "PairEW": true, "PairNS": true,
	"WestNA": true, "NorthNA": true, "EastNA": true, "SouthNA": true,
	"WestType": true, "NorthType": true, "EastType": true, "SouthType": true,
	"EventDate": true, "EventSponsor": true, "HomeTeam": true, "Round": true,
	"Section": true, "Stage": true, "Table": true, "VisitTeam": true,
	"Time": true, "UTCDate": true, "UTCTime": true, "TimeControl": true,
	"TimeCall": true, "TimeCard": true, "Annotator": true, "AnnotatorNA": true,
	"Application": true, "Mode": true,
	// Tables.
	"ActionTable": true, "AuctionTimeTable": true, "InstantScoreTable": true,
	"OptimumPlayTable": true, "OptimumResultTable": true, "PlayTimeTable": true,
	"ScoreTable": true, "TotalScoreTable": true,
	// Written by Bridge Composer, DDS tools and others.
	"DoubleDummyTricks": true, "ParContract": true, "BCFlags": true,
}

// knownPBNTag reports whether name is a tag PBN defines or common programs
// write; any name ending in "Table" is read as a table (PBN §10).
func knownPBNTag(name string) bool { return pbnTags[name] || strings.HasSuffix(name, "Table") }
