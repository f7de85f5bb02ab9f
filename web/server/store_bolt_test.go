//go:build !js && !wasip1

package server

import (
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/ptxplay/ptxplay/web/server/servertest"
)

func TestHandlerBolt(t *testing.T) {
	st, err := OpenBolt(filepath.Join(t.TempDir(), "share.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewServer(New(servertest.Site(), st, nil))
	defer srv.Close()
	servertest.Run(t, srv.Client(), srv.URL)
}

func TestBoltReopen(t *testing.T) {
	p := filepath.Join(t.TempDir(), "share.db")
	st, err := OpenBolt(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(servertest.KnownID, []byte(servertest.KnownBody)); err != nil {
		t.Fatal(err)
	}
	st.Close()
	st, err = OpenBolt(p)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, ok, err := st.Get(servertest.KnownID)
	if err != nil || !ok || string(b) != servertest.KnownBody {
		t.Fatalf("after reopen Get = %q %v %v", b, ok, err)
	}
}
