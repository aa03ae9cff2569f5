module bridgekit

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	golang.org/x/sync v0.25.0
	golang.org/x/text v0.44.0
)
