package storage

import (
	"os"
	"testing"
)

// childEnv names the role of a child process: the crash and lock tests run
// this test binary again with it set, and TestMain runs the role instead of
// the tests.
const childEnv = "TWIXTBOT_STORAGE_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		code := runBackends(m)
		removeBenchDB()
		os.Exit(code)
	case "crash":
		crashChild()
	case "hold":
		holdChild()
	case "create":
		createChild()
	default:
		os.Stderr.WriteString("unknown child role\n")
		os.Exit(2)
	}
	os.Exit(0)
}
