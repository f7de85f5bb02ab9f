package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/ptxplay/ptxplay/dist"
	"github.com/ptxplay/ptxplay/web/server"
	"github.com/ptxplay/ptxplay/web/server/api"
)

func init() { extraCommands["serve"] = cmdServe }

// cmdServe serves the embedded site and the share service, with shared
// states in a bbolt file under --data.
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := flag.NewFlagSet("serve", flag.ContinueOnError)
	f.SetOutput(stderr)
	addr := f.String("addr", "127.0.0.1:8080", "address to listen on")
	data := f.String("data", "", "folder for shared states (default: a ptxplay folder in the user's config directory)")
	siteDir := f.String("site", "", "serve the built site from this folder instead of the one built into ptxplay")
	postLimit := f.Int("post-limit", api.PostsPerPeriod, "shares answered per client address a minute (0: no limit, for load tests)")
	if err := f.Parse(args); err != nil {
		return 2
	}
	if f.NArg() > 0 {
		fmt.Fprintf(stderr, "ptxplay serve: unexpected argument %q\n", f.Arg(0))
		return 2
	}
	var site fs.FS
	if *siteDir != "" {
		site = os.DirFS(*siteDir)
		if _, err := fs.Stat(site, "index.html"); err != nil {
			fmt.Fprintf(stderr, "ptxplay serve: %s has no index.html\n", *siteDir)
			return 1
		}
	} else {
		if !dist.Built() {
			fmt.Fprintln(stderr, "ptxplay serve: this ptxplay was built without the page (dist/ has no index.html): run scripts/build, then go build ./cmd/ptxplay (scripts/serve does both)")
			return 1
		}
		site = dist.FS()
	}
	if *data == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			fmt.Fprintf(stderr, "ptxplay serve: no user config directory (%v): give --data DIR\n", err)
			return 1
		}
		*data = filepath.Join(dir, "ptxplay")
	}
	if err := os.MkdirAll(*data, 0o700); err != nil {
		fmt.Fprintf(stderr, "ptxplay serve: %v\n", err)
		return 1
	}
	dbPath := filepath.Join(*data, "share.db")
	store, err := server.OpenBolt(dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay serve: %v\n", err)
		return 1
	}
	defer store.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay serve: %v\n", err)
		return 1
	}
	lim := api.NewWindowLimiter()
	lim.Limit = *postLimit
	fmt.Fprintf(stdout, "ptxplay serve: shared states are kept in %s\n", dbPath)
	fmt.Fprintf(stdout, "ptxplay serve: serving http://%s/\n", ln.Addr())
	srv := &http.Server{
		Handler:           server.New(site, store, lim),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "ptxplay serve: %v\n", err)
			return 1
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		fmt.Fprintln(stdout, "ptxplay serve: stopped")
	}
	return 0
}
