package testinput

// PlayedGame is the tags and sections of a PBN game after its Board tag: a
// deal, its auction (4H doubled by North) and the play of all thirteen
// tricks, which give ten tricks. Its Declarer, Contract and Result are
// the three %s verbs, in that order, for fmt.Sprintf: the tests of what
// fix and audit make of a stated value the play contradicts.
const PlayedGame = `[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "%s"]
[Contract "%s"]
[Result "%s"]
[Auction "N"]
4H X Pass Pass
Pass
[Play "E"]
ST S3 S2 SA
HJ H8 H5 HA
HT H7 H4 HK
H9 H6 H3 HQ
DJ D8 D5 DA
DT D7 D4 DK
D9 D6 D3 DQ
CJ C8 C5 CA
CT C7 C4 CK
C9 C6 C3 CQ
S9 S4 H2 SK
S8 S5 D2 SQ
S7 S6 C2 SJ
`
