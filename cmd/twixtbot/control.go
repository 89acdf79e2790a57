package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/twixtbot/twixtbot/storage"
)

// The control socket lets `twixtbot backup` reach a running bot: bbolt
// holds the database file locked, so a second process cannot open it, and
// the bot copies it itself (a read transaction, so play goes on). The
// socket sits next to the database, is private to its owner (0600), and
// speaks one line each way: "backup PATH" -> "ok BYTES" or "error TEXT".

// socketPath is where the control socket of the database db lives.
func socketPath(db string) string { return db + ".sock" }

// control serves the control socket.
type control struct {
	ln   net.Listener
	path string
	done chan struct{}
}

// listenControl starts the control socket of a bot using store. A socket
// file left by a bot that died is removed: the database lock, which this
// bot holds, proves no other bot is using it.
func listenControl(db string, store *storage.Store, log *slog.Logger) (*control, error) {
	path := socketPath(db)
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	c := &control{ln: ln, path: path, done: make(chan struct{})}
	go c.serve(store, log)
	return c, nil
}

func (c *control) serve(store *storage.Store, log *slog.Logger) {
	defer close(c.done)
	for {
		conn, err := c.ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(10 * time.Minute))
			line, err := bufio.NewReader(io.LimitReader(conn, 4096)).ReadString('\n')
			if err != nil {
				return
			}
			cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
			if cmd != "backup" || !filepath.IsAbs(arg) {
				fmt.Fprintln(conn, "error the control socket understands only: backup /absolute/path")
				return
			}
			n, err := store.BackupFile(context.Background(), arg)
			if err != nil {
				log.Warn("backup failed", "to", arg, "err", err)
				fmt.Fprintf(conn, "error %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
				return
			}
			log.Info("backup written", "to", arg, "bytes", n)
			fmt.Fprintf(conn, "ok %d\n", n)
		}()
	}
}

// Close stops the control socket and removes its file.
func (c *control) Close() error {
	err := c.ln.Close()
	<-c.done
	_ = os.Remove(c.path)
	return err
}

// runBackup copies the database to a file: directly when no bot has it
// open, or through the running bot's control socket.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("twixtbot backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := getenv("TWIXTBOT_DB")
	if def == "" {
		def = "twixtbot.db"
	}
	db := fs.String("db", def, "the database to copy (env TWIXTBOT_DB)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: twixtbot backup [-db FILE] OUT: say where to write the copy")
		return 2
	}
	out, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot backup: %v\n", err)
		return 2
	}
	n, err := backup(ctx, *db, out)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes), checked\n", out, n)
	return 0
}

func backup(ctx context.Context, db, out string) (int64, error) {
	if _, err := os.Stat(db); err != nil {
		return 0, fmt.Errorf("cannot read the database: %w", err)
	}
	st, err := storage.Open(db, &storage.Options{ReadOnly: true, Timeout: 500 * time.Millisecond})
	if err == nil {
		defer st.Close()
		return st.BackupFile(ctx, out)
	}
	if !errors.Is(err, storage.ErrInUse) {
		return 0, err
	}
	// A bot has the database: ask it.
	conn, derr := net.DialTimeout("unix", socketPath(db), 5*time.Second)
	if derr != nil {
		return 0, fmt.Errorf("%v, and its bot does not answer on %s (%v): stop it, or check it runs this version", err, socketPath(db), derr)
	}
	defer conn.Close()
	if d, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(d)
	}
	if _, err := fmt.Fprintf(conn, "backup %s\n", out); err != nil {
		return 0, err
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("the bot did not answer: %w", err)
	}
	status, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	if status != "ok" {
		return 0, fmt.Errorf("the bot could not write the copy: %s", rest)
	}
	var n int64
	fmt.Sscan(rest, &n)
	return n, nil
}
