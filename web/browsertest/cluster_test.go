//go:build !js

package browsertest

// cluster_test.go: the cluster selector and the cluster special registers
// on the page, with the dsmem_exchange example (clusters of two CTAs).

import (
	"strings"
	"testing"
)

func TestClusterSelector(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	if got := eval[bool](p, `document.getElementById("cluster").disabled`); !got {
		t.Errorf("the cluster menu is enabled before a cluster launch")
	}
	p.selectOption("examples", "dsmem_exchange")
	p.waitJS(`document.querySelector("#editor .cm-content").innerText.includes("exchange")`)
	if got := p.value("launch-cluster"); got != "2" {
		t.Errorf("the launch form's cluster field is %q, want 2 (launch.json)", got)
	}
	p.selectOption("warp", "0")
	p.stepTimes(1)
	// Grid 4, clusters of 2: two clusters, (0,0,0) and (1,0,0).
	opts := eval[[]string](p, `Array.from(document.querySelectorAll("#cluster option")).map((o) => o.textContent)`)
	if strings.Join(opts, " ") != "(0,0,0) (1,0,0)" {
		t.Errorf("cluster menu %q, want (0,0,0) (1,0,0)", opts)
	}
	// The second cluster's first CTA is CTA 2.
	p.selectOption("cluster", "1")
	if got := p.value("cta"); got != "2" {
		t.Errorf("choosing cluster 1 shows CTA %s, want 2", got)
	}
	// CTA (1,0,0) is rank 1 of the first cluster.
	p.selectOption("cta", "1")
	if got := p.value("cluster"); got != "0" {
		t.Errorf("CTA 1 shows cluster %s, want 0", got)
	}
	if got := p.text("cluster-info"); got != "CTA rank 1 of 2 in cluster (0,0,0): %cluster_ctaid (1,0,0), %cluster_nctaid (2,1,1); cluster barrier phases done: 0" {
		t.Errorf("cluster info %q", got)
	}
	title := eval[string](p, `document.getElementById("cluster").closest("label").title`)
	for _, w := range []string{"%clusterid (0,0,0) of %nclusterid (2,1,1)", "%cluster_nctaid (2,1,1)", "%cluster_ctarank 1 of %cluster_nctarank 2", "%is_explicit_cluster true"} {
		if !strings.Contains(title, w) {
			t.Errorf("the cluster title %q does not say %q", title, w)
		}
	}
	// Warp 0 of CTA 0 reaches barrier.cluster.wait and waits there until
	// the other CTA arrives.
	p.selectOption("cta", "0")
	waited := false
	for range 40 {
		p.click("step")
		if strings.Contains(p.text("warp-view"), "waiting at the cluster barrier") {
			waited = true
			break
		}
	}
	if !waited {
		t.Errorf("warp 0 of CTA 0 never showed waiting at the cluster barrier: %q", p.text("warp-view"))
	}
	p.shot("page-cluster.png")
	if st := p.runToEnd(); !st.Done || st.Fault {
		t.Errorf("run: %+v", st)
	}
	p.noErrors()
}
