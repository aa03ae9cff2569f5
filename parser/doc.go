// Package parser reads PBN and BBO LIN files into syntax trees whose every
// node knows its position. It knows syntax, not meaning: what a call or a deal
// means is the business of package auction, reached through package convert.
package parser
