module bridgekit

go 1.26.8

require golang.org/x/text v0.44.0

require golang.org/x/sync v0.25.0
