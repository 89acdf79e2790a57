package discordtest

import (
	"errors"
	"fmt"
	"sync"
)

// TB is what the fake needs of the test that runs it: *testing.T and
// *testing.B have it. A program that runs the fake outside a test, such as
// a load generator, passes a *Standalone.
type TB interface {
	Helper()
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// Standalone is a TB for running the fake outside a test. Errors (the
// rules the bot broke, reported when the fake stops) are collected, and
// Close runs the cleanups and returns them. Fatal and Fatalf panic with a
// *FatalError: outside a test, use the methods that return errors
// (Deliver, WaitResult, Press) rather than those that fail the test
// (Exchange, Await, MustPress).
type Standalone struct {
	mu       sync.Mutex
	errs     []error
	cleanups []func()
}

// FatalError is what Standalone's Fatal and Fatalf panic with.
type FatalError struct{ Msg string }

func (e *FatalError) Error() string { return "discordtest: fatal: " + e.Msg }

// Helper does nothing.
func (s *Standalone) Helper() {}

// Cleanup registers f to run at Close, the last registered first.
func (s *Standalone) Cleanup(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cleanups = append(s.cleanups, f)
}

// Errorf records an error.
func (s *Standalone) Errorf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errs = append(s.errs, fmt.Errorf(format, args...))
}

// Fatal panics with a *FatalError.
func (s *Standalone) Fatal(args ...any) { panic(&FatalError{Msg: fmt.Sprint(args...)}) }

// Fatalf panics with a *FatalError.
func (s *Standalone) Fatalf(format string, args ...any) {
	panic(&FatalError{Msg: fmt.Sprintf(format, args...)})
}

// Close runs the cleanups, the last registered first, and returns the
// errors recorded, joined. Closing again returns them again and runs
// nothing.
func (s *Standalone) Close() error {
	s.mu.Lock()
	fs := s.cleanups
	s.cleanups = nil
	s.mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return errors.Join(s.errs...)
}
