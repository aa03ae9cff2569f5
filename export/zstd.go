package export

import (
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
)

// zstdWindow is the window of the encoder: the most bytes back a match
// may reach. A page is at most parquet-go's page buffer (256 KiB) but for
// a value longer than that, and a page within the window is written as
// with any larger window.
const zstdWindow = 1 << 20

// A zstdCodec is zstd at its fastest level, with one encoder for the
// run. parquet-go's own codec keeps its encoders in a sync.Pool, which
// drops them at every collection, and makes each with zstd's default
// window of 8 MiB: an export held two such windows and made a new one
// after most collections. This one holds one window of zstdWindow.
type zstdCodec struct {
	encOnce, decOnce sync.Once
	enc              *zstd.Encoder
	dec              *zstd.Decoder
	encErr, decErr   error
}

func (c *zstdCodec) String() string { return "ZSTD" }

func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// Encode appends src compressed to dst[:0]. It may be called from any
// goroutine: calls take the encoder in turn.
func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	c.encOnce.Do(func() {
		c.enc, c.encErr = zstd.NewWriter(nil,
			zstd.WithEncoderConcurrency(1),
			zstd.WithEncoderLevel(zstd.SpeedFastest),
			zstd.WithWindowSize(zstdWindow),
			zstd.WithZeroFrames(true),
			zstd.WithEncoderCRC(false))
	})
	if c.encErr != nil {
		return dst[:0], c.encErr
	}
	return c.enc.EncodeAll(src, dst[:0]), nil
}

// Decode appends src decompressed to dst[:0].
func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	c.decOnce.Do(func() {
		c.dec, c.decErr = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	})
	if c.decErr != nil {
		return dst[:0], c.decErr
	}
	return c.dec.DecodeAll(src, dst[:0])
}
