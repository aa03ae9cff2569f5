package corpus

// WithBatchBytes returns o with batches of about n bytes, so that a test
// input of a few games makes several.
func WithBatchBytes(o AuditOptions, n int) AuditOptions {
	o.batchBytes = n
	return o
}
