package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ParsePublicKey reads an application's public key as the Developer Portal
// shows it: 64 hexadecimal characters.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("%w: the public key must be %d hexadecimal characters (General Information → Public Key)", ErrConfig, 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// InteractionHandlerOptions tunes an InteractionHandler. Zero fields take
// the defaults.
type InteractionHandlerOptions struct {
	MaxBody int64            // largest accepted body (default 1 MiB)
	MaxSkew time.Duration    // how far the signed timestamp may be from now, either way (default 5 min)
	Now     func() time.Time // default time.Now
	Logger  *slog.Logger     // default slog.Default()
}

// InteractionHandler is the HTTP interactions endpoint (mount it where the
// Developer Portal's "Interactions Endpoint URL" points). For each POST it
//
//   - reads at most MaxBody bytes (413 beyond);
//   - checks the Ed25519 signature in X-Signature-Ed25519 over
//     X-Signature-Timestamp followed by the body, and that the timestamp is
//     within MaxSkew of now, answering 401 otherwise (Discord sends bad
//     signatures on purpose to check this);
//   - decodes the interaction (400 if it cannot);
//   - answers PING with PONG;
//   - hands anything else to the dispatcher, which sends the reply (or a
//     deferral) through the interaction callback endpoint, and only then
//     answers 202 Accepted. During a shutdown it answers 503.
type InteractionHandler struct {
	key ed25519.PublicKey
	d   *Dispatcher
	o   InteractionHandlerOptions
}

// NewInteractionHandler returns the endpoint for the application's public
// key.
func NewInteractionHandler(key ed25519.PublicKey, d *Dispatcher, o InteractionHandlerOptions) *InteractionHandler {
	if len(key) != ed25519.PublicKeySize || d == nil {
		panic("discord: an InteractionHandler needs a public key and a dispatcher")
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.MaxSkew <= 0 {
		o.MaxSkew = 5 * time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &InteractionHandler{key: key, d: d, o: o}
}

// Verify checks a request's signature and timestamp against the body.
// It returns an error wrapping ErrBadSignature or ErrStaleTimestamp.
func (h *InteractionHandler) Verify(header http.Header, body []byte) error {
	sig, err := hex.DecodeString(header.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return fmt.Errorf("%w: X-Signature-Ed25519 is missing or not %d hexadecimal bytes", ErrBadSignature, ed25519.SignatureSize)
	}
	ts := header.Get("X-Signature-Timestamp")
	if ts == "" {
		return fmt.Errorf("%w: X-Signature-Timestamp is missing", ErrBadSignature)
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(h.key, msg, sig) {
		return fmt.Errorf("%w: it does not match the body and the application's public key", ErrBadSignature)
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: %q is not a Unix time in seconds", ErrStaleTimestamp, ts)
	}
	skew := h.o.Now().Sub(time.Unix(secs, 0))
	if skew > h.o.MaxSkew || skew < -h.o.MaxSkew {
		return fmt.Errorf("%w: it is %v away from now, more than %v", ErrStaleTimestamp, skew.Round(time.Second), h.o.MaxSkew)
	}
	return nil
}

// DecodeInteraction reads an interaction's JSON. It never panics: a body
// that cannot be read, or lacks a type, id or token, is an error wrapping
// ErrMalformedInteraction.
func DecodeInteraction(body []byte) (i *discordgo.Interaction, err error) {
	defer func() {
		if p := recover(); p != nil {
			i, err = nil, fmt.Errorf("%w: %v", ErrMalformedInteraction, p)
		}
	}()
	var v discordgo.Interaction
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedInteraction, err)
	}
	if v.Type == 0 || v.ID == "" || v.Token == "" {
		return nil, fmt.Errorf("%w: type, id and token are required", ErrMalformedInteraction)
	}
	return &v, nil
}

func (h *InteractionHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "interactions are POSTed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.o.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "cannot read the body", http.StatusBadRequest)
		return
	}
	if err := h.Verify(r.Header, body); err != nil {
		h.o.Logger.Warn("discord: refused an interaction request", "remote", r.RemoteAddr, "err", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	i, err := DecodeInteraction(body)
	if err != nil {
		h.o.Logger.Warn("discord: malformed interaction", "err", err)
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"type":1}`))
		return
	}
	acked := make(chan struct{})
	finished := make(chan error, 1)
	go func() {
		finished <- h.d.DispatchAck(r.Context(), i, func() { close(acked) })
	}()
	select {
	case <-acked:
	case err := <-finished:
		if errors.Is(err, ErrShuttingDown) {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
	}
	w.WriteHeader(http.StatusAccepted)
}

// Serve serves h on ln until ctx ends, then shuts down gracefully: it
// stops accepting connections and waits (up to grace) for the requests in
// flight. Use it for the interactions endpoint and for /metrics.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, grace time.Duration) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}
