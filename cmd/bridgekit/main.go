// Command bridgekit audits, converts, formats, shows and summarises
// contract-bridge record files (PBN and BBO LIN). Run "bridgekit help" for
// the commands, and "bridgekit help COMMAND" for each one's flags and
// examples.
package main

import "os"

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
