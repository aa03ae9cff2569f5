package corpus

// WithBatchBytes returns o with batches of about n bytes, so that a test
// input of a few games makes several.
func WithBatchBytes(o AuditOptions, n int) AuditOptions {
	o.batchBytes = n
	return o
}

// SetPlainPBN turns the one-pass reading of plain PBN games on or off and
// returns the setting before.
func SetPlainPBN(on bool) bool {
	was := plainPBN
	plainPBN = on
	return was
}

// SetTallyFindings turns on or off the counting, in place of the making,
// of the findings Audit would drop, and returns the setting before.
func SetTallyFindings(on bool) bool {
	was := tallyFindings
	tallyFindings = on
	return was
}
