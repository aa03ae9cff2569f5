module github.com/bridgekit/bridgekit/dd/ddsref

go 1.26.8

require github.com/bridgekit/bridgekit v0.0.0

replace github.com/bridgekit/bridgekit => ../..
