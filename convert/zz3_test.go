package convert
import ("testing")
func TestZZ3(t *testing.T){
	b, tr := readLIN([]byte("mppC||md"), "x")
	o := writeLIN(t, b, tr, LINWriterOptions{})
	t.Logf("%d boards, %q", len(b), o)
	if len(b) > 0 { t.Logf("%+v", b[0].LIN.Vugraph) }
	b2, tr2 := readLIN(o, "x")
	o2 := writeLIN(t, b2, tr2, LINWriterOptions{})
	t.Logf("%d boards, %q", len(b2), o2)
	if len(b2) > 0 { t.Logf("%+v", b2[0].LIN.Vugraph) }
}
