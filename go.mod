module bridgekit

go 1.26.8

require golang.org/x/text v0.44.0

require github.com/alecthomas/participle/v2 v2.1.4
