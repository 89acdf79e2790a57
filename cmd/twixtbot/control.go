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
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/storage"
)

// The control socket lets `twixtbot backup` and `twixtbot forget-user`
// reach a running bot: bbolt holds the database file locked, so a second
// process cannot open it, and the bot does the work itself (a backup is a
// read transaction, so play goes on). The socket sits next to the
// database, is private to its owner (0600), and speaks one line each way:
// "backup PATH" -> "ok BYTES", "forget-user USERID" -> "ok SUMMARY",
// "ratings-rebuild" -> "ok SUMMARY", or
// "error TEXT".

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
			h, ok := controlCommands[cmd]
			if !ok {
				fmt.Fprintln(conn, "error the control socket understands only: backup /absolute/path, forget-user USERID, ratings-rebuild")
				return
			}
			reply, err := h(context.Background(), store, arg)
			if err != nil {
				log.Warn(cmd+" failed", "arg", arg, "err", err)
				fmt.Fprintf(conn, "error %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
				return
			}
			log.Info(cmd+" done", "arg", arg, "reply", reply)
			fmt.Fprintf(conn, "ok %s\n", reply)
		}()
	}
}

// controlCommands do the work of the control socket's requests on the
// bot's store, and of the same commands run offline, so that both give the
// same answer.
var controlCommands = map[string]func(ctx context.Context, store *storage.Store, arg string) (string, error){
	"backup": func(ctx context.Context, store *storage.Store, out string) (string, error) {
		if !filepath.IsAbs(out) {
			return "", fmt.Errorf("the backup's path %q is not absolute", out)
		}
		n, err := store.BackupFile(ctx, out)
		return strconv.FormatInt(n, 10), err
	},
	"forget-user": func(ctx context.Context, store *storage.Store, user string) (string, error) {
		f, err := store.ForgetUser(ctx, storage.UserID(user))
		if err != nil {
			return "", err
		}
		return describeForgotten(f), nil
	},
}

// Close stops the control socket and removes its file.
func (c *control) Close() error {
	err := c.ln.Close()
	<-c.done
	_ = os.Remove(c.path)
	return err
}

// dbFlag declares the -db flag of a command that works on the database.
func dbFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	def := getenv("TWIXTBOT_DB")
	if def == "" {
		def = DefaultDB
	}
	if eps := strings.TrimSpace(getenv("TWIXTBOT_ETCD_ENDPOINTS")); eps != "" {
		def = "etcd:" + eps
	}
	return fs.String("db", def, "the database file (env TWIXTBOT_DB), or etcd:URL[,URL...] for the store on etcd (the default when TWIXTBOT_ETCD_ENDPOINTS is set)")
}

// dbCommand parses the command line of a command that works on the
// database and takes one argument, named argName: it returns the
// database, the argument, and whether to go on; if not, code is the exit
// status. usage, if not empty, is the command's help before its flags;
// missing says what to give when the argument is missing.
func dbCommand(name, argName string, args []string, stderr io.Writer, getenv func(string) string, usage, missing string) (db, arg string, code int, ok bool) {
	fs := flag.NewFlagSet("twixtbot "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbf := dbFlag(fs, getenv)
	if usage != "" {
		fs.Usage = func() {
			fmt.Fprintln(stderr, usage)
			fs.PrintDefaults()
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", "", 0, false
		}
		return "", "", 2, false
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "usage: twixtbot %s [-db FILE] %s: %s\n", name, argName, missing)
		return "", "", 2, false
	}
	return *dbf, fs.Arg(0), 0, true
}

// runBackup copies the database to a file: directly when no bot has it
// open, or through the running bot's control socket.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	db, out, code, ok := dbCommand("backup", "OUT", args, stderr, getenv, "", "say where to write the copy")
	if !ok {
		return code
	}
	out, err := filepath.Abs(out)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot backup: %v\n", err)
		return 2
	}
	reply, err := onDatabase(ctx, db, true, "backup", out, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%s bytes), checked\n", out, reply)
	return 0
}

// forgetUserHelp is forget-user's help.
var forgetUserHelp = `usage: twixtbot forget-user [-db FILE] USERID

Deletes what the database keeps about the Discord user USERID (the number
Discord's "Copy User ID" gives): their ID and name in every game become
"` + string(storage.DeletedUser) + `" and "` + storage.DeletedName + `", their waiting challenges are cancelled,
their games under way end with no result, their player record is removed,
and settings they changed are credited to "` + string(storage.DeletedUser) + `". The other players'
games stay and replay. It works while the bot runs.`

// runForgetUser deletes what is stored about a player: directly when no
// bot has the database open, or through the running bot's control socket.
func runForgetUser(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	db, user, code, ok := dbCommand("forget-user", "USERID", args, stderr, getenv, forgetUserHelp, "say whose data to delete (their Discord user ID)")
	if !ok {
		return code
	}
	if !discord.IsSnowflake(user) {
		fmt.Fprintf(stderr, "twixtbot forget-user: %q is not a Discord user ID, which is all digits, such as 80351110224678912: in Discord, turn on Developer Mode (Settings, Advanced), right-click the user and choose Copy User ID. Nothing changed.\n", user)
		return 2
	}
	reply, err := onDatabase(ctx, db, false, "forget-user", user, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot forget-user: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, reply)
	return 0
}

// describeForgotten says what forgetting a user changed.
func describeForgotten(f storage.Forgotten) string {
	if f.Nothing() {
		return fmt.Sprintf("nothing is stored about user %s; nothing changed", f.User)
	}
	list := func(ids []storage.GameID) string {
		if len(ids) == 0 {
			return "none"
		}
		s := make([]string, len(ids))
		for i, id := range ids {
			s[i] = id.String()
		}
		return strings.Join(s, " ")
	}
	record := "no player record"
	if f.Record {
		record = "the player record removed"
	}
	return fmt.Sprintf("forgot user %s: %d games now show %q (challenges cancelled: %s; games ended with no result: %s); %d settings entries now credited to %q; %s",
		f.User, len(f.Games), storage.DeletedName, list(f.Cancelled), list(f.Aborted), f.Settings, storage.DeletedUser, record)
}

// controlOpenWait is how long a command on the database tries to open the
// file itself before it asks the bot that holds it. A running bot never
// lets go, so waiting longer (storage.DefaultTimeout) would only delay
// the answer; half a second lets a bot that is just stopping finish.
const controlOpenWait = 500 * time.Millisecond

// onDatabase runs a control command (see controlCommands) on the database
// db: itself, when no bot has the file open (readOnly for one that only
// reads), or through the running bot's control socket. It returns the
// reply, as the socket gives it.
func onDatabase(ctx context.Context, db string, readOnly bool, cmd, arg string, getenv func(string) string) (string, error) {
	if strings.ContainsFunc(arg, unicode.IsControl) {
		return "", fmt.Errorf("%q has a control character (a line break?): give it on one line", arg)
	}
	if eps, ok := strings.CutPrefix(db, "etcd:"); ok {
		// The store on etcd is shared: the command works on it directly,
		// beside the running bots.
		c := Config{EtcdEndpoints: eps, EtcdPrefix: getenv("TWIXTBOT_ETCD_PREFIX"), EtcdMaxTxnOps: getenv("TWIXTBOT_ETCD_MAX_TXN_OPS")}
		ec, err := c.Etcd()
		if err != nil {
			return "", err
		}
		st, err := storage.OpenEtcd(ec, &storage.Options{ReadOnly: readOnly})
		if err != nil {
			return "", err
		}
		defer st.Close()
		return controlCommands[cmd](ctx, st, arg)
	}
	if _, err := os.Stat(db); err != nil {
		return "", fmt.Errorf("cannot read the database: %w", err)
	}
	st, err := storage.Open(db, &storage.Options{ReadOnly: readOnly, Timeout: controlOpenWait})
	if err == nil {
		defer st.Close()
		return controlCommands[cmd](ctx, st, arg)
	}
	if !errors.Is(err, storage.ErrInUse) {
		return "", err
	}
	// A bot has the database: ask it.
	conn, derr := net.DialTimeout("unix", socketPath(db), 5*time.Second)
	if derr != nil {
		return "", fmt.Errorf("%v, and its bot does not answer on %s (%v): stop it, or check it runs this version", err, socketPath(db), derr)
	}
	defer conn.Close()
	if d, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(d)
	}
	if _, err := fmt.Fprintf(conn, "%s %s\n", cmd, arg); err != nil {
		return "", err
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("the bot did not answer: %w", err)
	}
	status, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	if status != "ok" {
		return "", fmt.Errorf("the running bot answered: %s", rest)
	}
	return rest, nil
}
